/**
 * Two builds: the demo site (`vite build`, into dist/demo; the reference pages are written into
 * dist/demo/docs after it, by scripts/docs.mjs) and the single-file ES module bundle
 * for CDN use (`vite build --mode bundle`, dist/dh-kit.bundle.js). `npm start` runs both when
 * dist/ is missing or older than the sources.
 */
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { minifyLitTemplates } from './scripts/minify-templates.mjs';

const root = import.meta.dirname;
/**
 * package.json's sideEffects describes the shipped dist/. These builds compile src/ (inside the
 * same package), whose element modules are imported for their side effect (defining the tag):
 * without this, Rolldown would drop `import '../src/elements/avatar/avatar.js'` from the demo (and
 * the demo's own `import './language.js'`).
 */
const ownSideEffects = (): Plugin => ({
  name: 'dh-own-side-effects',
  transform: (code, id) =>
    id.startsWith(`${root}/src/`) || id.startsWith(`${root}/demo/`)
      ? { code, moduleSideEffects: true }
      : null,
});

export default defineConfig(({ mode }) =>
  mode === 'bundle'
    ? {
        plugins: [ownSideEffects(), minifyLitTemplates()],
        build: {
          outDir: resolve(root, 'dist'),
          emptyOutDir: false,
          target: 'es2022',
          minify: true,
          // Library builds keep white space unless the output itself is minified (Vite 8 / Rolldown).
          // The locales are chunks beside the bundle (`dh-kit.de-<hash>.js`), fetched only by a page
          // that shows that language; they import nothing, so they work whatever URL loaded the bundle.
          rolldownOptions: { output: { minify: true, chunkFileNames: 'dh-kit.[name]-[hash].js' } },
          lib: {
            entry: resolve(root, 'src/bundle.ts'),
            formats: ['es'],
            fileName: () => 'dh-kit.bundle.js',
          },
        },
      }
    : {
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
      },
);
