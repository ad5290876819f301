/** VERSION is package.json's version: src/version.ts is generated from it (scripts/version.mjs). */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { versionModule, writeVersion } from '../../scripts/version.mjs';
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

test('npm version: a new version reaches src/version.ts, dh-kit-server and its dh-kit dependency', () => {
  const root = mkdtempSync(join(tmpdir(), 'dh-kit-version-'));
  try {
    const repo = new URL('../../', import.meta.url);
    const pkg = JSON.parse(readFileSync(new URL('package.json', repo), 'utf8'));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ ...pkg, version: '9.8.7' }));
    mkdirSync(join(root, 'src'));
    cpSync(new URL('packages/dh-kit-server/', repo), join(root, 'packages/dh-kit-server'), {
      recursive: true,
    });
    assert.equal(writeVersion(root), '9.8.7');
    assert.equal(readFileSync(join(root, 'src/version.ts'), 'utf8'), versionModule('9.8.7'));
    const server = JSON.parse(
      readFileSync(join(root, 'packages/dh-kit-server/package.json'), 'utf8'),
    );
    assert.equal(server.version, '9.8.7');
    assert.equal(server.dependencies['dh-kit'], '9.8.7', "the server package's dh-kit");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
