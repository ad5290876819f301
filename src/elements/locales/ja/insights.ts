import type { InsightsMessages } from '../../insights/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n }: Formats) => {
  return {
    head: 'デジタルヒューマン',
    allHeads: 'すべてのデジタルヒューマン',
    from: '開始日',
    to: '終了日',
    refresh: '更新',
    rangeMissing: '最初の日と最後の日を選んでください。',
    rangeReversed: '最初の日が最後の日より後になっています。最初の日をもっと前にしてください。',
    rangeTooLong: (max) =>
      `期間は最大${n(max)}日です。最初の日を後にするか、最後の日を前にしてください。`,
    loading: 'インサイトを読み込んでいます…',
    loadFailed: 'インサイトを読み込めませんでした。',
    empty: 'まだ会話がありません。セッションイベントを有効にする方法は次のとおりです。',
    emptyHow:
      'インサイトは、プラットフォームがこのサイトのプロキシに送るセッションイベントを数えます。デジタルヒューマンごとに、Webhook をプロキシに向け、配信を有効にしてください：',
    emptyHelp: 'セッションイベントを有効にする方法',
    keptDays: (days) =>
      `このサーバーは直近${n(days)}日分を保存します。それより前の日は空として表示されます。`,
    sessions: 'セッション数',
    minutes: '会話時間（分）',
    medianMinutes: '1セッションあたりの時間（中央値、分）',
    timeoutShare: 'タイムアウトしたセッション',
    launchToSession: 'セッションになった起動',
    perDay: '日別のセッション数',
    perDaySummary: (from, to, total, busiest, most) =>
      `${from}から${to}までの日別のセッション数：合計${n(total)}、最多は${busiest}（${n(most)}）。`,
    dayBar: (day, count) => `${day}：${n(count)}セッション`,
    byHour: '時間帯別のセッション数（UTC）',
    byHourSummary: (busiest, most) =>
      `UTCでの時間帯別のセッション数：最多は${busiest}（${n(most)}）。`,
    hourBar: (hour, count) => `${hour}：${n(count)}セッション`,
    showTable: '表で表示',
    day: '日付',
    hour: '時刻（UTC）',
    questions: 'よくある質問',
    asked: (count) => `${n(count)}回`,
    noQuestions:
      'この期間の質問はありません。質問はプラグインモードのデジタルヒューマンについて数えられます。',
    questionsOff: 'このサーバーは質問の本文を保存しません。',
    csv: '日別データをCSVでダウンロード',
  } satisfies InsightsMessages;
};
