/**
 * The package as a stranger installs it: `npm pack` (which builds dist/ first), then the tarball
 * installed into an empty project of their own in a temporary folder. Used by the package test
 * (test/package/consumer.test.mjs) and by `npm run bench` (sizes are measured from it).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('..', import.meta.url));

/** The version of a dependency this checkout locked (so npm's cache has it). */
export const locked = (name) =>
  JSON.parse(readFileSync(join(repo, 'node_modules', name, 'package.json'), 'utf8')).version;

/** `npm pack` of a folder into `work`; npm's description of the tarball, with its `path`. */
export async function pack(folder, work) {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], {
    cwd: folder,
    maxBuffer: 64 * 1024 * 1024,
  });
  const packed = JSON.parse(stdout.slice(stdout.indexOf('[')))[0];
  return { ...packed, path: join(work, packed.filename) };
}

/**
 * Both tarballs (`kit`: dh-kit, `server`: dh-kit-server), each with its `path`. `npm run
 * test:package` packs them once before its files run side by side (scripts/test-package.mjs
 * names the folder in DH_PACKED_DIR: two `npm pack` at once would rebuild one dist/ together);
 * a file run alone, or the bench, packs them into `work` here.
 */
export async function packBoth(work) {
  if (process.env.DH_PACKED_DIR)
    return JSON.parse(readFileSync(join(process.env.DH_PACKED_DIR, 'packed.json'), 'utf8'));
  return {
    kit: await pack(repo, work),
    server: await pack(join(repo, 'packages/dh-kit-server'), work),
  };
}

/**
 * Packs the checkout and installs the tarball, with `dependencies` (name → version) beside it,
 * into `<work>/site` — with the server side too (`dh-kit-server`, packed from
 * packages/dh-kit-server) when `server` is set. Returns the folders, npm's description of each
 * tarball (`packed`, `serverPacked`, each with its `path`), and `remove()`.
 */
export async function packedSite({ dependencies = {}, server = false } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'dh-kit-consumer-'));
  try {
    const { kit: packed, server: serverPacked } = await packBoth(work);
    const site = join(work, 'site');
    mkdirSync(site);
    const deps = {
      'dh-kit': `file:${packed.path}`,
      ...(server ? { 'dh-kit-server': `file:${serverPacked.path}` } : {}),
      ...dependencies,
    };
    writeFileSync(
      join(site, 'package.json'),
      JSON.stringify(
        { name: 'a-site', private: true, type: 'module', dependencies: deps },
        null,
        2,
      ),
    );
    await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
      { cwd: site, env: { ...process.env, npm_config_update_notifier: 'false' } },
    );
    return {
      work,
      site,
      packed,
      serverPacked,
      remove: () => rmSync(work, { recursive: true, force: true }),
    };
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
}
