/**
 * `dh-kit/analytics` (src/analytics.ts) in Node: a server import does nothing, the module imports
 * nothing at run time (its dist/ file works copied alone beside a CMS page's CDN file), and it
 * stays under 1 kB gzip (the package test weighs the packed entry in esbuild's and Vite's builds;
 * this is the quick check on the sources).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const entry = new URL('../../src/analytics.ts', import.meta.url).pathname;

test('imported on a server (no document), connectAnalytics() does nothing and returns a stop that does nothing', async () => {
  assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
  const { connectAnalytics } = await import('../../src/analytics.js');
  const stop = connectAnalytics({ send: () => assert.fail('nothing is sent on a server') });
  assert.equal(typeof stop, 'function', 'the stop');
  stop();
});

test('it imports nothing at run time, and weighs under 1 kB gzip (esbuild, minified)', async () => {
  const built = await esbuild.build({
    stdin: {
      contents: `import { connectAnalytics } from ${JSON.stringify(entry)};\nglobalThis.page = connectAnalytics;`,
      resolveDir: '/',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(built.metafile.inputs).filter((f) => !f.startsWith('<stdin>'));
  assert.deepEqual(
    inputs.map((f) => f.replace(/^.*\/src\//, 'src/')),
    ['src/analytics.ts'],
    'the module alone',
  );
  const gzip = gzipSync(built.outputFiles[0]!.contents, { level: 9 }).length;
  console.log(`  dh-kit/analytics: ${(gzip / 1024).toFixed(2)} kB gzip (esbuild)`);
  assert.ok(gzip < 1024, `${gzip} B gzip`);
});
