import type { AvatarMessages } from '../../avatar/messages.js';
import type { Formats } from '../../shared/formats.js';

export default (_: Formats) => {
  return {
    title: (name) => (name ? `${name}（デジタルヒューマン）` : 'デジタルヒューマン'),
    talkTo: (name) => (name ? `${name}と話す` : 'デジタルヒューマンと話す'),
    talkToUs: 'お話ししましょう',
    speaks: (language) => `${language}で話します`,
    connecting: (name) => (name ? `${name}に接続中…` : 'デジタルヒューマンに接続中…'),
    micBlocked:
      'このページではマイクが許可されていないため、文字の入力はできますが、音声では話せません。',
    unavailable: (name) => `${name ?? 'デジタルヒューマン'}は現在ご利用いただけません。`,
    close: '閉じる',
    closeLabel: (title) => `${title}を閉じる`,
    unread: '新着メッセージ',
    dismiss: '閉じる',
    consentNotice:
      'この会話では、あなたの音声と入力した内容がデジタルヒューマンのサービスに送信されます。',
    consentLink: 'プライバシーポリシー',
    acceptAndTalk: '同意して話す',
  } satisfies AvatarMessages;
};
