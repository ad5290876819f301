/** Japanese (日本語): every element's messages (added by register.ts, or fetched by auto.ts when an element first shows Japanese).
 * Register: です・ます in sentences, plain verbs on buttons ("閉じる").
 */
import type { VisitorCode } from '../../../api/errors.js';
import type { Catalogue } from '../../localized.js';
import type { Formats } from '../../shared/formats.js';
import avatar from './avatar.js';
import headForm from './head-form.js';
import insights from './insights.js';
import pickers from './pickers.js';
import videoStudio from './video-studio.js';

/** What a visitor reads for each error code (see shared/messages.ts); others get the last line. */
const errors: Record<VisitorCode, string> = {
  network: '現在サービスに接続できません。しばらくしてからもう一度お試しください。',
  offline: 'オフラインです。インターネット接続を確認して、もう一度お試しください。',
  rate_limited: '現在リクエストが集中しています。しばらくしてからもう一度お試しください。',
  launch_expired: 'この会話リンクの有効期限が切れています。ページを再読み込みしてください。',
  launch_invalid: 'この会話リンクは無効です。ページを再読み込みしてください。',
  head_not_published: 'このデジタルヒューマンはこのサイトではご利用いただけません。',
  not_found: '見つかりません。',
  stream_unavailable: 'このサイトでは動画表示をご利用いただけません。',
  unsafe_url: 'セキュリティ上の理由により、この会話リンクは拒否されました。',
  admin_required: 'この操作には管理者としてのログインが必要です。',
  admin_closed: 'このサーバーでは管理画面が無効になっています。',
  video_cap_reached: '本日の動画作成数の上限に達しました。明日もう一度お試しください。',
  video_timeout:
    '動画はまだ完成していません。作成が続いている場合は、後で以前の動画の一覧に表示されます。',
  video_unavailable: '動画を取得できませんでした。しばらくしてからもう一度お試しください。',
  video_unplayable: 'この動画は再生できません。',
  platform_unavailable:
    'アバタープラットフォームが現在応答していません。しばらくしてからもう一度お試しください。',
  platform_timeout:
    'アバタープラットフォームの応答に時間がかかりすぎました。しばらくしてからもう一度お試しください。',
  platform_busy:
    'アバタープラットフォームが現在混み合っています。しばらくしてからもう一度お試しください。',
  platform_auth_failed:
    'このサイトとアバタープラットフォームの接続が正しく設定されていません。詳細はサイト管理者がサーバーログで確認できます。',
  platform_forbidden:
    'このサイトのアバタープラットフォームのアカウントでは、現在この操作を行えません。詳細はサイト管理者がサーバーログで確認できます。',
  head_busy:
    'このデジタルヒューマンはただいま他の訪問者と話しています。1分ほどしてからもう一度お試しください。',
  head_budget_spent:
    'このデジタルヒューマンは本日の会話時間を使い切りました。また明日お越しください。',
  visitor_daily_limit: '本日このサイトで利用できる会話の回数に達しました。また明日お越しください。',
};

/** The catalogue, given the formats of this locale (the kit passes them: this module imports nothing). */
export default (f: Formats): Catalogue => ({
  shared: {
    error: (code) => errors[code as VisitorCode] ?? '問題が発生しました。もう一度お試しください。',
    tryAgain: '再試行',
  },
  avatar: avatar(f),
  ...pickers(f),
  headForm: headForm(f),
  videoStudio: videoStudio(f),
  insights: insights(f),
});
