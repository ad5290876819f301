/**
 * The real demo for the cross-engine stage, started as playwright.config.ts's second webServer
 * starts it (`node bin/dh-kit.js start`, no credentials → the built-in simulator), on ports of its
 * own so both stages can run at once: `dh-kit start` takes PORT for the demo and the proxy,
 * PORT + 1 for the simulated platform (another origin, as the real one) and PORT + 2 for the CMS
 * page. Playwright's stage uses 8791 (its own simulator) and 8792-8794; this one 8796-8798.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEMO_PORT = Number(process.env.DH_ENGINES_PORT ?? 8796);

export interface RunningDemo {
  /** The demo site and the proxy (`/dh`). */
  url: string;
  /** The simulated platform: the chat and stream pages' origin, and its `/api/_sim/*` introspection. */
  platform: string;
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function startDemo(port = DEMO_PORT): Promise<RunningDemo> {
  // A server left on these ports (another run, a manual `npm start`) would be tested instead of
  // this one, with other settings: refuse, and say which port.
  for (const p of [port, port + 1, port + 2]) {
    if (!(await portFree(p)))
      throw new Error(
        `port ${p} is in use: the engines stage needs ${port}-${port + 2} (DH_ENGINES_PORT picks others)`,
      );
  }
  // `start` advertises its simulator in $TMPDIR/dh-kit-sim.json for the CLI: a folder of its own,
  // so this run never replaces the file of a simulator someone else is using.
  const tmp = mkdtempSync(join(tmpdir(), 'dh-kit-engines-'));
  const child = spawn(process.execPath, ['bin/dh-kit.js', 'start'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      TMPDIR: tmp,
      // As playwright.config.ts: no credentials (the simulator), quiet, the simulator's own idle
      // times (a visitor's pace on a slow machine), and no per-client rate limit (every request
      // comes from one address).
      DH_LOG: 'off',
      // Every run starts with the simulator empty, as tests do.
      DH_SIM_DATA: 'off',
      DH_PROXY_DATA: 'off',
      DH_EMAIL: '',
      DH_SECRET_KEY: '',
      DH_RATE_LIMIT: '0',
    },
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = () => child.exitCode === null && child.signalCode === null && child.kill('SIGTERM');
  process.once('exit', kill);
  const stop = async () => {
    process.off('exit', kill);
    kill();
    // SIGTERM closes the servers; a process that hangs is not left behind.
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    rmSync(tmp, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  // 90 s, as Playwright's webServer: `start` builds dist/ first when the sources are newer.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}/dh/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, platform: `http://127.0.0.1:${port + 1}`, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(
    `dh-kit start did not answer on ${url}/dh/health${child.exitCode !== null ? ` (exit ${child.exitCode})` : ''}:\n${stderr}`,
  );
}
