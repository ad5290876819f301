/**
 * `npm run test:package`: packs dh-kit and dh-kit-server once (`npm pack` builds dist/ first),
 * then runs the files of test/package/ two at a time against those tarballs (DH_PACKED_DIR,
 * read by scripts/packed-site.mjs): the consumer project and the framework examples install,
 * build and wait on their servers side by side.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pack } from './packed-site.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'dh-kit-packed-'));
try {
  const kit = await pack(repo, dir);
  const server = await pack(join(repo, 'packages/dh-kit-server'), dir);
  writeFileSync(join(dir, 'packed.json'), JSON.stringify({ kit, server }));
  const files = readdirSync(join(repo, 'test/package')).filter((f) => f.endsWith('.test.mjs')).map((f) => join('test/package', f));
  const reporters = ['--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=./test/support/node-file-times.mjs', '--test-reporter-destination=stdout'];
  const args = ['--test', '--test-concurrency=2', '--test-timeout=900000', ...reporters, ...files];
  const child = spawn(process.execPath, args, { cwd: repo, stdio: 'inherit', env: { ...process.env, DH_PACKED_DIR: dir } });
  process.exitCode = await new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
