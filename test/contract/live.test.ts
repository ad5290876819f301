/**
 * The platform contract against a real account: `npm run test:live` with DH_EMAIL, DH_SECRET_KEY
 * and DH_BASE_URL set (DH_STREAM_URL and DH_CHAT_URL for the page addresses). Read-only unless
 * DH_LIVE_ALLOW_CREATE=1, since creating heads and videos costs the account; with it, heads, a video
 * of each kind (waited for up to DH_LIVE_VIDEO_WAIT_S, 600 s), a tool definition and a webhook's
 * create/list/read/patch/delete round trip are made and checked.
 */
import { test } from 'node:test';
import { DEFAULT_STREAMING_TTS_PROVIDER } from '../../src/platform/modes.js';
import { platformContract } from './platform.contract.js';

const env = process.env;
if (!env.DH_EMAIL || !env.DH_SECRET_KEY || !env.DH_BASE_URL) {
  test('live platform contract', {
    skip: 'set DH_EMAIL, DH_SECRET_KEY and DH_BASE_URL to run it',
  }, () => {});
} else {
  platformContract({
    name: `live ${new URL(env.DH_BASE_URL).host}`,
    baseUrl: env.DH_BASE_URL,
    chatUrl: env.DH_CHAT_URL,
    streamUrl: env.DH_STREAM_URL ?? '',
    email: env.DH_EMAIL,
    secretKey: env.DH_SECRET_KEY,
    streamingProvider: env.DH_STREAMING_TTS_PROVIDER ?? DEFAULT_STREAMING_TTS_PROVIDER,
    secondOrgId: env.DH_ORG_ID,
    allowCreate: env.DH_LIVE_ALLOW_CREATE === '1',
    // A real video takes minutes: 10 unless DH_LIVE_VIDEO_WAIT_S says otherwise.
    videoWaitMs: Number(env.DH_LIVE_VIDEO_WAIT_S ?? 600) * 1000,
  });
}
