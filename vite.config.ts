/**
 * The demo site (`vite build`, into dist/demo; the reference pages are written into dist/demo/docs
 * after it, by scripts/docs.mjs). The CDN files are built by scripts/cdn.mjs. `npm start` builds
 * both when dist/ is missing or older than the sources.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { ownSideEffects } from './scripts/cdn.mjs';
import { minifyLitTemplates } from './scripts/minify-templates.mjs';

const root = import.meta.dirname;
export default defineConfig({
  root: resolve(root, 'demo'),
  plugins: [ownSideEffects(), minifyLitTemplates()],
  build: {
    outDir: resolve(root, 'dist/demo'),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      input: {
        index: resolve(root, 'demo/index.html'),
        stream: resolve(root, 'demo/stream.html'),
        catalogue: resolve(root, 'demo/catalogue.html'),
        create: resolve(root, 'demo/create.html'),
        backoffice: resolve(root, 'demo/backoffice.html'),
        signed: resolve(root, 'demo/signed.html'),
      },
    },
  },
  // `vite` (dev) next to a running `npm start`: the proxy routes come from it.
  server: { proxy: { '/dh': 'http://127.0.0.1:8787' } },
});
