/**
 * `npm run test:package`: packs dh-kit and dh-kit-server once (`npm pack` builds dist/ first),
 * then runs the files of test/package/ two at a time against those tarballs (DH_PACKED_DIR,
 * read by scripts/packed-site.mjs): the consumer project, without the framework examples.
 * `--examples` (`npm run test:examples`, the opt-in stage) runs every framework example of
 * examples/ and nothing else. `npm test` packs first
 * (`npm run test:pack`, before the end-to-end stage, which reads the dist/ the pack builds) and
 * runs the tests beside the end-to-end stage, from the same DH_PACKED_DIR.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pack } from './packed-site.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
// DH_PACKED_DIR (npm test names one): the tarballs are packed there once, by the first run that
// finds none (`--pack-only` stops after that), and kept for the runs after it.
const given = process.env.DH_PACKED_DIR;
const dir = given ?? mkdtempSync(join(tmpdir(), 'dh-kit-packed-'));
try {
  if (!existsSync(join(dir, 'packed.json'))) {
    mkdirSync(dir, { recursive: true });
    const kit = await pack(repo, dir);
    const server = await pack(join(repo, 'packages/dh-kit-server'), dir);
    writeFileSync(join(dir, 'packed.json'), JSON.stringify({ kit, server }));
  }
  if (!process.argv.includes('--pack-only')) await runTests();
} finally {
  if (!given) rmSync(dir, { recursive: true, force: true });
}

async function runTests() {
  // `--examples` (npm run test:examples): every framework example, and nothing else; without it
  // (npm test), every file but the examples'.
  const examples = process.argv.includes('--examples');
  const files = readdirSync(join(repo, 'test/package'))
    .filter((f) =>
      examples ? f === 'examples.test.mjs' : f.endsWith('.test.mjs') && f !== 'examples.test.mjs',
    )
    .map((f) => join('test/package', f));
  const reporters = [
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=./test/support/node-file-times.mjs',
    '--test-reporter-destination=stdout',
  ];
  const args = ['--test', '--test-concurrency=2', '--test-timeout=900000', ...reporters, ...files];
  const env = {
    ...process.env,
    DH_PACKED_DIR: dir,
    ...(examples && !process.env.DH_EXAMPLES ? { DH_EXAMPLES: 'all' } : {}),
  };
  const child = spawn(process.execPath, args, { cwd: repo, stdio: 'inherit', env });
  process.exitCode = await new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
}
