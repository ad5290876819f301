import type { HeadFormMessages } from '../../head-form/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, list }: Formats) => {
  /** Why the platform refused the avatar, by error code (other codes: the shared texts). */
  const refusals: Record<string, string> = {
    invalid_request: 'プラットフォームが入力内容を受け付けませんでした。各項目を確認してください。',
    platform_bad_request:
      'プラットフォームがリクエストを拒否しました。入力内容を確認してください。',
    voice_not_available: 'この音声はプラットフォームで利用できません。別の音声を選んでください。',
    not_found: 'アバターが使うものがプラットフォームで見つかりません。顔と音声を確認してください。',
    platform_auth_failed:
      'このサイトとアバタープラットフォームの接続が正しく設定されていません。詳細はサーバーログを確認してください。',
    platform_forbidden:
      'このサイトのアバタープラットフォームのアカウントでは、現在この操作を行えません。詳細はサーバーログを確認してください。',
    platform_busy: 'プラットフォームが混み合っています。1分ほどしてからもう一度お試しください。',
    platform_timeout:
      'プラットフォームの応答に時間がかかりすぎました。しばらくしてからもう一度お試しください。',
    platform_unavailable:
      'プラットフォームが現在応答していません。しばらくしてからもう一度お試しください。',
    store_unavailable: 'サーバーが一時的に混み合っています。数秒後にもう一度お試しください。',
  };

  return {
    name: 'アバター名',
    alias: '別名',
    face: '顔',
    voice: '音声',
    language: '言語',
    recognition: '音声認識',
    mode: '動作モード',
    pluginName: 'プラグイン名',
    pluginUrl: 'サービスのアドレス',
    pluginOptions: 'オプション',
    flowKey: 'Voiceflow APIキー',
    greetings: 'あいさつ',
    prompt: 'システムプロンプト',
    suggestions: '質問の候補',

    oc: 'オープン会話',
    ttt: 'テキストから動画（渡されたテキストを読み上げ）',
    doc_qa: 'ドキュメントに基づく回答',
    plugin: 'プラグイン（独自の会話サービス）',
    voiceflow: 'Voiceflow（会話デザインのプラットフォーム）',

    namePlaceholder: 'さくら',
    streaming: 'ストリーミングアバター',
    streamingHint:
      'リアルタイムの動画です。オープン会話のみ、ストリーミングプロバイダーの音声のみ（音声の一覧に表示されます）で、あいさつ・別名・質問の候補は使えません。文分割は作成後にオフになります。',
    aliasHint: 'アバターが応答するもう一つの名前（任意）。',
    sameLanguage: '言語と同じ',
    modeHint: 'ストリーミングアバターはオープン会話を使います。',
    docQa:
      'doc_qa アバターのドキュメントは、プラットフォーム側のツールでアップロードします（この API では受け付けません）。ここでアバターを作成してから、プラットフォームでナレッジベースを追加してください。',
    flowKeyHint:
      'Voiceflow プロジェクトの連携設定で確認できます。プラットフォームに一度だけ送信され、以後は表示されません。',
    greetingsPlaceholder: 'こんにちは！何かお手伝いできることはありますか？',
    greetingsHint: 'アバターが最初に話す言葉（任意）。',
    promptHint: 'アバターのふるまい。例：「あなたは当店の親切な案内係です。」',
    suggestionsHint: '訪問者に提示する質問。1行に1つずつ（任意）。',
    pluginGroup: 'プラグイン',
    pluginUrlHint:
      'プラットフォームは各メッセージをこのアドレス + /conversation/{user}/message に送信します。',
    ownPlugin: 'このサイトのプラグイン：',
    ownPluginPrivate: '（非公開：コールバックのシークレットを含みます）',
    pluginOptionsHint:
      'メッセージごとにサービスへ送信されます。1行に1つずつ、キー=値の形式で（任意）。',

    create: 'アバターを作成',
    creating: '作成中…',
    clear: 'クリア',
    finish: '文分割をオフにする',
    progress: 'アバターを作成しています…',
    progressStreaming: 'アバターを作成して、文分割をオフにしています…',

    nameMissing: 'アバターの名前を入力してください。',
    faceMissing: 'アバターの顔を選んでください。',
    voiceMissing: '音声を選んでください。',
    pluginNameMissing: 'プラグインの名前を入力してください。',
    pluginUrlInvalid:
      '会話サービスのアドレスを入力してください（例：https://bot.example.com/api。プラットフォームが /conversation/… を付け加えます）。',
    pluginOptionsLine: (line) =>
      `オプションは1行に1つずつ、キー=値の形式で書いてください（${n(line)}行目が正しくありません）。`,
    flowKeyMissing: 'プロジェクトの Voiceflow API キーを貼り付けてください。',

    checkFields: (fields) =>
      `アバターは作成されませんでした。次の項目を確認してください：${list(fields)}。`,
    notCreated: (why) => `アバターは作成されませんでした。${why}`,
    unexpected: 'アバターを作成できませんでした。もう一度お試しください。',
    seeMarked:
      'プラットフォームがアバターを受け付けませんでした。マークされた項目を確認してください。',
    refused: (code) => refusals[code] ?? '',
    fieldRefused: (code) =>
      code === 'voice_not_available'
        ? refusals[code]!
        : 'プラットフォームがこの値を受け付けませんでした。',
    splitterFailed: (name) =>
      `${name}は作成されましたが、プラットフォームが文分割をオフにしませんでした。ストリーミングアバターではオフにする必要があります。`,
    splitterStillOn: (why) =>
      `文分割がまだオンになっています。${why ?? 'もう一度お試しください。'}`,

    ready: (name) => `${name}の準備ができました`,
    headId: 'アバター ID',
    publicId: '公開 ID',
    modeTerm: 'モード',
    streamingResult: (mode) => `${mode}、ストリーミング（文分割オフ）`,
    another: '別のアバターを作成',

    embedTitle: '埋め込みコード',
    embedHint: '任意のページや CMS の HTML ブロックに貼り付けてください。',
    noBundle:
      'このサーバーは dh-kit のバンドルを配信していません。先にそのページでキットを読み込んでください（npm またはお使いの CDN 経由）。',
    layout: 'レイアウト',
    inline: 'ページ内',
    bubble: 'チャットバブル',
    copy: 'コピー',
    copied: 'コピーしました。',
    selected: '選択しました。Ctrl+C（⌘C）を押してコピーしてください。',
    whereTitle: 'どこに貼り付けますか？',
    whereHint:
      '別のサイトのページでアバターを表示するには、そのサイトをここで許可する必要があります。',
    allowedNow: (list) => `現在許可されているサイト: ${list}。`,
    onlyThisSite: '現在許可されているのは、このサイトのページだけです。',
    whereLabel: 'ページまたはサイトのアドレス',
    allow: 'このサイトを許可',
    allowedDone: (origin) => `${origin} でアバターを表示できるようになりました。`,
    notAnAddress: 'https://shop.example のようにサイトのアドレスを入力してください。',
    allowFailed:
      'サイトを許可できませんでした。もう一度試すか、サーバーの管理者に問い合わせてください。',
  } satisfies HeadFormMessages;
};
