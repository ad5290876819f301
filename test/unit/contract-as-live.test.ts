/**
 * The live contract's own path, kept from rotting: `npm run test:live` (test/contract/live.test.ts)
 * pointed at a simulator it does not know is one: no introspection, heads and videos allowed, the
 * live branches of each test (4xx rather than 400, videos waited for by polling) taken.
 */
import { spawn } from 'node:child_process';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { platformEnv, startSimulator } from '../../src/sim/index.js';

test('the live contract suite passes against a simulator taken for the platform (what it needs the simulator for is skipped)', async () => {
  const sim = await startSimulator({ talkDelayMs: 100 });
  try {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        '--test-reporter=tap',
        fileURLToPath(new URL('../contract/live.test.ts', import.meta.url)),
      ],
      {
        env: {
          // Not NODE_TEST_CONTEXT: the child reports in TAP, not to this runner.
          ...Object.fromEntries(
            Object.entries(process.env).filter(([k]) => k !== 'NODE_TEST_CONTEXT'),
          ),
          ...platformEnv(sim.info),
          DH_LIVE_ALLOW_CREATE: '1',
          DH_LIVE_VIDEO_WAIT_S: '10',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const code = await new Promise((r) => child.on('close', r));
    const count = (name: string) => Number(new RegExp(`^# ${name} (\\d+)`, 'm').exec(out)?.[1]);
    assert.equal(code, 0, out.slice(-3000));
    assert.equal(count('fail'), 0);
    assert.ok(
      count('pass') >= 20,
      `the live path runs most of the contract (${count('pass')} passed)`,
    );
    assert.ok(
      /^\s*ok \d+ - TTV-1 /m.test(out) &&
        /^\s*ok \d+ - HOOK-1 /m.test(out) &&
        /^\s*ok \d+ - HEAD-7 /m.test(out),
      'videos, webhooks and refusals are checked live',
    );
  } finally {
    await sim.close();
  }
});
