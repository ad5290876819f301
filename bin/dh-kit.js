#!/usr/bin/env node
// The dh-kit command. Installed from npm it runs the compiled dist/; in a checkout of the
// repository (src/ beside it, dev dependencies installed) it runs the TypeScript sources through
// tsx, so developing needs no build step.
//
// A site that only wants the elements installs `dh-kit` alone, without the server packages the
// commands run on (Hono, ws, …: optional peer dependencies, brought by `dh-kit-server`). There
// the command runs itself again through `npm exec` with `dh-kit-server` of the same version
// beside it (once: DH_KIT_DELEGATED), so `npx dh-kit start` stays one command on a fresh machine.
// DH_KIT_SERVER_PACKAGES names other packages to fetch (a mirror's specs, or tarballs).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const source = new URL('../src/cli/main.ts', import.meta.url);
let main;
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(source.href));
} else {
  try {
    ({ main } = await import('../dist/cli/main.js'));
  } catch (err) {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    const missing = err?.code === 'ERR_MODULE_NOT_FOUND' && /Cannot find package '([^']+)'/.exec(err.message)?.[1];
    if (!missing || !(missing in (pkg.peerDependencies ?? {}))) throw err;
    process.exit(await withServer(pkg.version, missing));
  }
}
process.exitCode = await main(process.argv.slice(2));

/** Runs this command again with the server packages installed beside it; resolves with its exit code. */
function withServer(version, missing) {
  if (process.env.DH_KIT_DELEGATED) {
    console.error(`dh-kit: the server package "${missing}" is still missing. Install the server side beside dh-kit: npm i dh-kit@${version} dh-kit-server@${version}`);
    return 1;
  }
  const specs = (process.env.DH_KIT_SERVER_PACKAGES ?? `dh-kit@${version} dh-kit-server@${version}`).split(/\s+/).filter(Boolean);
  console.error(`dh-kit: this install has the elements only; running with the server packages (${specs.join(', ')}) through npm exec…`);
  const windows = process.platform === 'win32';
  const args = ['exec', '--yes', ...specs.map((s) => `--package=${s}`), '--', 'dh-kit', ...process.argv.slice(2)];
  // Its own process group, so that a stop reaches npm's child (the server) too, not only npm.
  const child = spawn(windows ? 'npm.cmd' : 'npm', args, { stdio: 'inherit', shell: windows, detached: !windows, env: { ...process.env, DH_KIT_DELEGATED: '1' } });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      try {
        if (windows) child.kill(signal);
        else process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    });
  }
  return new Promise((resolve) => {
    child.on('error', (e) => (console.error(`dh-kit: could not start npm exec: ${e.message}`), resolve(1)));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
