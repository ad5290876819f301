/** VERSION is package.json's version: src/version.ts is generated from it (scripts/version.mjs). */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { versionModule } from '../../scripts/version.mjs';
import { VERSION } from '../../src/server.js';
import { PACKAGE_VERSION } from './package-version.js';

test('the proxy says the version package.json gives, from a module generated from it (npm version regenerates it)', () => {
  assert.match(PACKAGE_VERSION, /^\d+\.\d+\.\d+/);
  assert.equal(VERSION, PACKAGE_VERSION);
  assert.equal(
    readFileSync(new URL('../../src/version.ts', import.meta.url), 'utf8'),
    versionModule(PACKAGE_VERSION),
    'src/version.ts as scripts/version.mjs writes it: run node scripts/version.mjs',
  );
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  assert.match(pkg.scripts.version, /scripts\/version\.mjs/, 'npm version regenerates it');
});
