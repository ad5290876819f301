/** `dh-kit events failed` and `dh-kit events retry <id>` against a running proxy. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { failedEventsCommand } from '../../src/cli/failed-events.js';
import { main } from '../../src/cli/main.js';
import { PlatformClient } from '../../src/platform/client.js';
import type { WebhookEvent } from '../../src/platform/schemas.js';
import { parseConfig } from '../../src/proxy/config.js';
import { memoryEventLog } from '../../src/proxy/event-log.js';
import { startProxyServer, type RunningProxy } from '../../src/proxy/node.js';
import { sessionEvent } from './session-event.js';

const ADMIN = 'admin-token-0123456789';
const log = memoryEventLog();
let server: RunningProxy;

const event = (session: string) => sessionEvent(session, 'end_conversation');

async function run(argv: string[], env: Record<string, string> = { DH_ADMIN_TOKEN: ADMIN }) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
  let code: number;
  try {
    code = await failedEventsCommand(argv, io, env);
  } catch (e) {
    err.push((e as Error).message);
    code = 1;
  }
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('dh-kit events failed | retry', () => {
  before(async () => {
    server = await startProxyServer({
      config: parseConfig({ DH_ADMIN_TOKEN: ADMIN, DH_SIGNING_SECRET: 'x'.repeat(32), PORT: '0' }),
      port: 0,
      platform: new PlatformClient({
        baseUrl: 'http://127.0.0.1:9',
        email: 'site@example.com',
        secretKey: 'unused-secret-key-1234',
      }),
      eventLog: log,
      log: () => undefined,
      warn: () => undefined,
    });
    // An event whose handler gave up: in the failed list.
    await log.append('key-1', event('sess-failed'));
    const [taken] = await log.take('test', 1);
    await log.failed(taken!, 'the CRM answered 500', undefined);
  });
  after(async () => {
    await server.close(1000);
  });

  test('lists the failed events with their error and attempts; --json gives them whole', async () => {
    const proxy = `${server.url}/dh`;
    const listed = await run(['failed', '--proxy', proxy]);
    assert.equal(listed.code, 0, listed.err);
    assert.match(
      listed.out,
      /^ID\s+EVENT\s+SESSION\s+ATTEMPTS\s+FAILED AT\s+ERROR$/m,
      'a table with a header',
    );
    assert.match(listed.out, /end_conversation\s+sess-failed\s+1\s+.*the CRM answered 500/);
    const json = JSON.parse((await run(['failed', '--proxy', proxy, '--json'])).out) as {
      key: string;
      event: WebhookEvent;
    }[];
    assert.deepEqual(
      json.map((f) => [f.key, f.event.session_id]),
      [['key-1', 'sess-failed']],
    );
  });

  test('retry puts one back: the failed list no longer has it and the log hands it out again', async () => {
    const proxy = `${server.url}/dh`;
    const [failed] = await log.failures(1);
    const retried = await run(['retry', failed!.id, '--proxy', proxy]);
    assert.equal(retried.code, 0, retried.err);
    assert.match(retried.out, new RegExp(`Event ${failed!.id} is back in the log`));
    assert.equal((await run(['failed', '--proxy', proxy])).out, 'No failed events.');
    const [again] = await log.take('test', 1);
    assert.deepEqual(
      [again?.key, again?.attempt],
      ['key-1', 1],
      'handed out again, from its first attempt',
    );
    const unknown = await run(['retry', '1-0', '--proxy', proxy]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /Event 1-0 is not in the failed list/);
  });

  test('clear errors: no token, no proxy, a bad command', async () => {
    const proxy = `${server.url}/dh`;
    const refused = await run(['failed', '--proxy', proxy], {});
    assert.equal(refused.code, 1);
    assert.match(refused.err, /set DH_ADMIN_TOKEN/);
    const away = await run(['failed', '--proxy', 'http://127.0.0.1:9/dh']);
    assert.match(away.err, /cannot reach the proxy at http:\/\/127\.0\.0\.1:9\/dh/);
    const out: string[] = [];
    const code = await main(['events', 'retry'], {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
    });
    assert.equal(code, 2, 'a usage error');
    assert.match(out.join('\n'), /dh-kit events retry <id>/);
  });
});
