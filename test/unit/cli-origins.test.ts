/** `dh-kit origins list | add | remove` against a running proxy: a page origin allowed with no restart. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { originsCommand } from '../../src/cli/origins.js';
import { PlatformClient } from '../../src/platform/client.js';
import { parseConfig } from '../../src/proxy/config.js';
import { startProxyServer, type RunningProxy } from '../../src/proxy/node.js';

const ADMIN = 'admin-token-0123456789';
const PASTED = 'http://127.0.0.1:9911';
let server: RunningProxy;

async function run(argv: string[], env: Record<string, string> = { DH_ADMIN_TOKEN: ADMIN }) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
  let code: number;
  try {
    code = await originsCommand(argv, io, env);
  } catch (e) {
    err.push((e as Error).message);
    code = 1;
  }
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('dh-kit origins', () => {
  before(async () => {
    server = await startProxyServer({
      config: parseConfig({
        DH_ADMIN_TOKEN: ADMIN,
        DH_SIGNING_SECRET: 'x'.repeat(32),
        DH_ALLOWED_ORIGINS: 'https://shop.example',
        PORT: '0',
      }),
      port: 0,
      platform: new PlatformClient({
        baseUrl: 'http://127.0.0.1:9',
        email: 'site@example.com',
        secretKey: 'unused-secret-key-1234',
      }),
      log: () => undefined,
      warn: () => undefined,
    });
  });
  after(async () => {
    await server.close(1000);
  });

  test('list, add and remove an origin; the running server answers that page with CORS at once', async () => {
    const proxy = `${server.url}/dh`;
    const corsFor = async (origin: string) =>
      (await fetch(`${server.url}/dh/health`, { headers: { origin } })).headers.get(
        'access-control-allow-origin',
      );
    const listed = await run(['list', '--proxy', proxy]);
    assert.equal(listed.code, 0, listed.err);
    assert.equal(listed.out, 'https://shop.example  (DH_ALLOWED_ORIGINS)');
    assert.equal(await corsFor(PASTED), null);

    const added = await run(['add', PASTED, '--proxy', proxy]);
    assert.equal(added.code, 0, added.err);
    assert.match(added.out, /^http:\/\/127\.0\.0\.1:9911 is allowed now/);
    assert.match(added.out, /http:\/\/127\.0\.0\.1:9911 {2}\(added\)$/m);
    assert.equal(await corsFor(PASTED), PASTED);

    const json = JSON.parse((await run(['list', '--proxy', proxy, '--json'])).out);
    assert.deepEqual(json, { static: ['https://shop.example'], added: [PASTED] });

    const removed = await run(['remove', PASTED, '--proxy', proxy]);
    assert.equal(removed.code, 0, removed.err);
    assert.match(removed.out, /no longer allowed/);
    // Within the second an instance answers from the list it read last: this one changed it itself.
    assert.equal(await corsFor(PASTED), null);
  });

  test('a value that is not an origin is refused before any request, saying why', async () => {
    const bad = await run(['add', 'https://shop.example/page', '--proxy', 'http://127.0.0.1:9/dh']);
    assert.equal(bad.code, 1);
    assert.match(bad.err, /write https:\/\/shop\.example/);
    const usage = await run(['add']);
    assert.equal(usage.code, 1);
    assert.match(usage.err, /Usage: dh-kit origins/);
  });

  test('a wrong admin token is refused with what to set; a proxy that is down says so', async () => {
    const refused = await run(['list', '--proxy', `${server.url}/dh`], {
      DH_ADMIN_TOKEN: 'wrong-token-0123456789',
    });
    assert.equal(refused.code, 1);
    assert.match(refused.err, /DH_ADMIN_TOKEN/);
    const down = await run(['list', '--proxy', 'http://127.0.0.1:9/dh']);
    assert.equal(down.code, 1);
    assert.match(down.err, /cannot reach the proxy at http:\/\/127\.0\.0\.1:9\/dh/);
  });
});
