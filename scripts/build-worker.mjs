/**
 * `npm run build:worker`: the proxy for Cloudflare Workers (src/proxy/worker.ts) as one ES module,
 * dist/worker/dh-kit-worker.js, with Hono, zod and unstorage inside. Built for a platform with
 * no Node built-ins: an import of `node:*` anywhere in the proxy fails the build, which is the
 * proof that the proxy runs on web-standard APIs alone.
 *
 *   node scripts/build-worker.mjs [--outfile path]
 */
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Bundles `entry` (the kit's worker, or a site's file that imports `createWorker`) to `outfile`. */
export async function buildWorker(
  outfile = `${root}dist/worker/dh-kit-worker.js`,
  entry = `${root}src/proxy/worker.ts`,
) {
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    // What Cloudflare's own bundler resolves for workerd.
    conditions: ['workerd', 'worker', 'browser', 'import', 'default'],
    mainFields: ['module', 'main'],
    target: 'es2022',
    minify: true,
    legalComments: 'external',
    metafile: true,
    logLevel: 'silent',
  });
  const bytes = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0;
  return { outfile, bytes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--outfile');
  try {
    const { outfile, bytes } = await buildWorker(at > 0 ? process.argv[at + 1] : undefined);
    console.log(`worker: ${outfile.replace(root, '')} (${Math.round(bytes / 1024)} kB)`);
  } catch (err) {
    console.error(
      err.errors
        ?.map((e) => `${e.location?.file ?? ''}:${e.location?.line ?? ''} ${e.text}`)
        .join('\n') ?? err,
    );
    process.exitCode = 1;
  }
}
