/**
 * Writes src/version.ts from package.json's version: the proxy's `VERSION` (its /health answer)
 * is the package's own, on every runtime, Workers included (which cannot read a file). Gives the
 * companion package (packages/dh-kit-server) the same version. npm runs this on `npm version`
 * (package.json "version" script) and the build runs it too; test/unit/version.test.ts and the
 * layout test fail if they ever differ.
 *
 *   node scripts/version.mjs           write src/version.ts when it differs
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The module's text for a version. */
export const versionModule = (version) =>
  `// Generated from package.json by scripts/version.mjs (npm version runs it): do not edit.\nexport const VERSION = '${version}';\n`;

/**
 * Writes `src/version.ts` and the server package's version (and its dh-kit dependency) from
 * package.json in `root` (the checkout; a test passes a copy). Returns the version.
 */
export function writeVersion(root = ROOT) {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const file = join(root, 'src/version.ts');
  const text = versionModule(version);
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
  const server = join(root, 'packages/dh-kit-server/package.json');
  const manifest = readFileSync(server, 'utf8');
  const bumped = manifest
    .replace(/"version": "[^"]*"/, `"version": "${version}"`)
    .replace(/"dh-kit": "[^"]*"/, `"dh-kit": "${version}"`);
  if (bumped !== manifest) writeFileSync(server, bumped);
  return version;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(`src/version.ts: ${writeVersion()}`);
