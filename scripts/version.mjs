/**
 * Writes src/version.ts from package.json's version: the proxy's `VERSION` (its /health answer)
 * is the package's own, on every runtime, Workers included (which cannot read a file). Gives the
 * companion package (packages/dh-kit-server) the same version. npm runs this on `npm version`
 * (package.json "version" script) and the build runs it too; test/unit/version.test.ts and the
 * layout test fail if they ever differ.
 *
 *   node scripts/version.mjs           write src/version.ts when it differs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const file = `${root}src/version.ts`;

/** The module's text for a version. */
export const versionModule = (version) =>
  `// Generated from package.json by scripts/version.mjs (npm version runs it): do not edit.\nexport const VERSION = '${version}';\n`;

export function writeVersion() {
  const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  const text = versionModule(version);
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {}
  if (current !== text) writeFileSync(file, text);
  const server = `${root}packages/dh-kit-server/package.json`;
  const manifest = readFileSync(server, 'utf8');
  const bumped = manifest.replace(/"version": "[^"]*"/, `"version": "${version}"`);
  if (bumped !== manifest) writeFileSync(server, bumped);
  return version;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(`src/version.ts: ${writeVersion()}`);
