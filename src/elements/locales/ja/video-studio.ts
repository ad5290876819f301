import type { VideoStudioMessages } from '../../video-studio/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n }: Formats) => {
  return {
    label: 'デジタルヒューマンが話すテキスト',
    noHead: (attribute) =>
      `デジタルヒューマンが選択されていません。動画を作成して一覧表示するには、${attribute} を設定してください。`,
    count: (length, max) => `${n(length)} / ${n(max)}`,
    characters: () => '文字',
    textEmpty: 'デジタルヒューマンに話させるテキストを入力してください。',
    textTooLong: (max) => `テキストは${n(max)}文字以内で入力してください。`,
    generate: '動画を生成',
    shortcut: 'Ctrl+Enter（⌘+Enter）で送信します。',
    sending: 'テキストを送信しています…',
    producing: '動画を作成しています…',
    producingStarted: '動画を作成しています。数分かかる場合があります。',
    stillProducing: (time) => `動画を作成中です（経過時間：${time}）。`,
    elapsed: (time) => `経過時間：${time}`,
    stop: '待機をやめる',
    stoppedAnnouncement: '動画の待機を停止しました。',
    stopped:
      '待機を停止しました。この動画はプラットフォームで引き続き作成される場合があり、その場合は以前の動画の一覧に表示されます。',
    waitingAgain: '動画の完成を再び待っています。',
    ready: '動画が完成しました。',
    timedOut: (time) =>
      `${time}経っても動画が完成しませんでした。プラットフォームでまだ作成中の可能性があります。完成すると以前の動画の一覧に表示されます。`,
    keepWaiting: '引き続き待つ',
    capReached: (hours, minutes) =>
      `本日の動画作成数の上限に達したため、今日はこれ以上作成できません。上限は UTC の午前0時（あと約${hours ? `${n(hours)}時間` : ''}${n(minutes)}分）にリセットされます。`,
    requestFailed: '動画をリクエストできませんでした。',
    checkFailed: '動画の状態を確認できませんでした。',
    listFailed: '動画を読み込めませんでした。',
    refused: () => '',
    downloadFailed: '動画をダウンロードできませんでした。',
    unplayable:
      '動画を再生できませんでした。ファイルが存在しないか、このブラウザーでは再生できない形式です。',
    download: '動画をダウンロード（MP4）',
    earlier: '以前の動画',
    loading: '動画を読み込んでいます…',
    empty: 'まだ動画はありません。上の欄にテキストを入力して「動画を生成」を押してください。',
    pages: '以前の動画のページ',
    previous: '前へ',
    next: '次へ',
    page: (page, count) => `${n(page)} / ${n(count)} ページ`,
  } satisfies VideoStudioMessages;
};
