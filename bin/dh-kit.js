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
    const missing =
      err?.code === 'ERR_MODULE_NOT_FOUND' &&
      /Cannot find package '([^']+)'/.exec(err.message)?.[1];
    if (!missing || !(missing in (pkg.peerDependencies ?? {}))) throw err;
    process.exit(await withServer(pkg.version, missing));
  }
}
process.exitCode = await main(process.argv.slice(2));

/** Runs this command again with the server packages installed beside it; resolves with its exit code. */
function withServer(version, missing) {
  if (process.env.DH_KIT_DELEGATED) {
    console.error(
      `dh-kit: the server package "${missing}" is still missing. Install the server side beside dh-kit: npm i dh-kit@${version} dh-kit-server@${version}`,
    );
    return 1;
  }
  const specs = (process.env.DH_KIT_SERVER_PACKAGES ?? `dh-kit@${version} dh-kit-server@${version}`)
    .split(/\s+/)
    .filter(Boolean);
  console.error(
    `dh-kit: this install has the elements only; running with the server packages (${specs.join(', ')}) through npm exec…`,
  );
  const windows = process.platform === 'win32';
  const args = [
    'exec',
    '--yes',
    ...specs.map((s) => `--package=${s}`),
    '--',
    'dh-kit',
    ...process.argv.slice(2),
  ];
  // npm's own script (npm_execpath under npx or npm run) run by this Node: no shell, so no
  // argument is re-read by cmd.exe on Windows. Under yarn or pnpm npm_execpath is their script,
  // which knows no `exec --package`: `npm` from the PATH then.
  const npmCli = /(^|[\\/])npm-cli\.js$/.test(process.env.npm_execpath ?? '')
    ? process.env.npm_execpath
    : undefined;
  const [command, prefix] = npmCli
    ? [process.execPath, [npmCli]]
    : [windows ? 'npm.cmd' : 'npm', []];
  // Its own process group (POSIX), so that a stop reaches npm's child, the server, too: npm alone
  // may not pass it on through the shell it runs the command in.
  const child = spawn(command, [...prefix, ...args], {
    stdio: 'inherit',
    shell: !npmCli && windows,
    detached: !windows,
    env: { ...process.env, DH_KIT_DELEGATED: '1' },
  });
  let stopping = false;
  const alive = () => {
    try {
      process.kill(-child.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      stopping = true;
      try {
        if (windows) child.kill(signal);
        else process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    });
  }
  return new Promise((resolve) => {
    child.on(
      'error',
      (e) => (console.error(`dh-kit: could not start npm exec: ${e.message}`), resolve(1)),
    );
    child.on('exit', async (code, signal) => {
      if (!stopping) return resolve(code ?? (signal ? 1 : 0));
      // A stop this process passed on: it ends when the server has (npm may exit first), with
      // npm's code when npm outlived the stop (the server's), else as a clean stop does (0).
      for (let waited = 0; !windows && alive() && waited < 15_000; waited += 100)
        await new Promise((r) => setTimeout(r, 100));
      resolve(code ?? 0);
    });
  });
}
