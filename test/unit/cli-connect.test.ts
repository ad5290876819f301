/**
 * Which platform a CLI command uses without credentials: a simulator that `dh-kit sim` keeps
 * running (found through its discovery file), DH_SIM_URL, or one inside the command, said in one line.
 * TMPDIR points at a folder of this test, so no real simulator on the machine is seen or disturbed.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { discoveryPath } from '../../src/cli/discovery.js';
import { main } from '../../src/cli/main.js';
import { simCommand } from '../../src/cli/sim.js';
import { startSimulator } from '../../src/sim/index.js';

const saved = { ...process.env };
const ENV_KEYS = ['DH_EMAIL', 'DH_SECRET_KEY', 'DH_BASE_URL', 'DH_SIM_URL', 'TMPDIR'];

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err };
}

describe('dh-kit without credentials', () => {
  before(async () => {
    for (const k of ENV_KEYS) delete process.env[k];
    process.env.TMPDIR = await mkdtemp(join(tmpdir(), 'dh-kit-connect-'));
  });
  after(() => {
    for (const k of ENV_KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  test('with no simulator running, a command uses one of its own and says so in one line on stderr', async () => {
    const res = await run('faces', '--take', '2');
    assert.equal(res.code, 0, res.err.join('\n'));
    assert.equal(res.err.length, 1);
    assert.match(
      res.err[0]!,
      /no DH_EMAIL\/DH_SECRET_KEY set and no simulator running: using a simulator inside this command — what it creates is gone when the command ends \("npm start" or "npx dh-kit sim" keeps one running\)/,
    );
    assert.match(res.out, /^ID {2,}NAME {2,}GENDER {2,}THUMBNAIL$/m);
    assert.match(res.out, /^Page 1 of \d+ · \d+ faces/m);
  });

  test('a command line mistake starts no simulator', async () => {
    const res = await run('heads', 'create', '--name', 'x');
    assert.equal(res.code, 2);
    assert.equal(res.err.length, 1, 'only the usage error');
    assert.doesNotMatch(res.err[0]!, /simulator/);
  });

  test('HEAD-1 a simulator kept running by dh-kit sim is found through its 0600 discovery file, used by every command, and the file goes when it stops', async () => {
    const stop = new AbortController();
    const lines: string[] = [];
    const running = simCommand(
      ['--talk-delay-ms', '20'],
      { out: (l) => lines.push(l), err: () => undefined },
      stop.signal,
    );
    while (!lines.length) await new Promise((r) => setTimeout(r, 10));
    const info = JSON.parse(lines[0]!) as { baseUrl: string };
    try {
      const file = discoveryPath();
      assert.equal(file, join(process.env.TMPDIR!, 'dh-kit-sim.json'));
      assert.equal((await stat(file)).mode & 0o777, 0o600);
      const entry = JSON.parse(await readFile(file, 'utf8'));
      assert.equal(entry.baseUrl, info.baseUrl);
      assert.equal(entry.pid, process.pid);

      const voices = JSON.parse((await run('voices', '--streaming', '--json')).out) as {
        voiceId: string;
      }[];
      const faces = JSON.parse((await run('faces', '--json')).out) as { data: { id: string }[] };
      const created = await run(
        'heads',
        'create',
        '--streaming',
        '--name',
        'Kept',
        '--face',
        faces.data[0]!.id,
        '--voice',
        voices[0]!.voiceId,
        '--language',
        'en-US',
      );
      assert.equal(created.code, 0, created.err.join('\n'));
      assert.deepEqual(created.err, [
        `dh-kit: no DH_EMAIL/DH_SECRET_KEY set: using the running simulator at ${info.baseUrl}.`,
      ]);
      const id = /^Created head (\S+)$/m.exec(created.out)![1]!;
      // The next command sees the same platform: the head is still there.
      const state = (await (await fetch(`${info.baseUrl}/_sim/heads/${id}`)).json()) as {
        splitter: boolean;
      };
      assert.equal(state.splitter, false);
      const got = await run('heads', 'get', id, '--json');
      assert.equal(JSON.parse(got.out).name, 'Kept');
      const video = await run('videos', 'create', id, 'Kept running.', '--wait');
      assert.equal(video.code, 0, video.err.join('\n'));
    } finally {
      stop.abort();
      await running;
    }
    assert.equal(existsSync(discoveryPath()), false, 'removed on stop');
  });

  test('a stale discovery file (the simulator is gone) is ignored', async () => {
    const gone = await startSimulator();
    await gone.close();
    await writeFile(
      discoveryPath(),
      JSON.stringify({ ...gone.info, streamingProvider: 'elevenlabs', pid: process.pid }),
      { mode: 0o600 },
    );
    const res = await run('voices', '--provider', 'azure');
    assert.equal(res.code, 0, res.err.join('\n'));
    assert.match(res.err.join('\n'), /using a simulator inside this command/);
  });

  test('DH_SIM_URL names a simulator to use; one that does not answer is a clear error', async () => {
    const sim = await startSimulator();
    try {
      process.env.DH_SIM_URL = sim.info.baseUrl;
      const res = await run('faces', '--take', '1', '--json');
      assert.equal(res.code, 0, res.err.join('\n'));
      assert.equal(JSON.parse(res.out).data[0].id, sim.store.faces[0]!.id);
      assert.ok(
        sim.store.requests.some((r) => r.path === '/head_visual/face/all'),
        'the request reached that simulator',
      );
      await sim.close();
      const down = await run('faces');
      assert.equal(down.code, 2);
      assert.match(down.err.join('\n'), /DH_SIM_URL \(.*\) does not answer as a dh-kit simulator/);
    } finally {
      delete process.env.DH_SIM_URL;
      await sim.close().catch(() => undefined);
    }
  });

  test('DH_BASE_URL without credentials is refused, not replaced by a simulator', async () => {
    process.env.DH_BASE_URL = 'https://api.platform.example/v1';
    try {
      const res = await run('heads', 'get', 'some-head');
      assert.equal(res.code, 2);
      assert.match(
        res.err.join('\n'),
        /set DH_EMAIL, DH_SECRET_KEY and DH_BASE_URL to use the platform, or unset DH_BASE_URL too/,
      );
    } finally {
      delete process.env.DH_BASE_URL;
    }
  });
});
