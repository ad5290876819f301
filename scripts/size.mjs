/**
 * Size budgets of the browser entries (`npm run bench` prints them; `npm test` fails when one is
 * over). Each entry is built as it would ship to a page: one ES module with Lit inside, minified,
 * then gzipped.
 */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { minifyLitCss } from './vite-minify-css.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Entry → budget in bytes gzip (null: reported only). */
export const ENTRIES = {
  'dh-kit/avatar': { file: 'src/elements/avatar/avatar.ts', budget: 10 * 1024 },
  'dh-kit/face-picker': { file: 'src/elements/face-picker/face-picker.ts', budget: null },
  'dh-kit/voice-picker': { file: 'src/elements/voice-picker/voice-picker.ts', budget: null },
  'dh-kit/head-form': { file: 'src/elements/head-form/head-form.ts', budget: null },
  'dh-kit/video-studio': { file: 'src/elements/video-studio/video-studio.ts', budget: null },
  'dh-kit (bundle)': { file: 'src/index.ts', budget: null },
};

export async function measure() {
  const rows = [];
  for (const [name, { file, budget }] of Object.entries(ENTRIES)) {
    const out = await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [minifyLitCss()],
      build: {
        write: false,
        minify: true,
        target: 'es2022',
        // Library builds keep white space unless the output itself is minified (Vite 8 / Rolldown).
        rolldownOptions: { output: { minify: true, codeSplitting: false } },
        lib: { entry: `${root}/${file}`, formats: ['es'], fileName: 'entry' },
      },
    });
    const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output).filter((c) => c.type === 'chunk');
    const code = chunks.map((c) => c.code).join('\n');
    const gzip = gzipSync(code, { level: 9 }).length;
    rows.push({ name, min: Buffer.byteLength(code), gzip, budget, ok: budget === null || gzip <= budget });
  }
  return rows;
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await measure();
  for (const r of rows) {
    console.log(`${r.ok ? '✓' : '✗'} ${r.name.padEnd(18)} ${kb(r.min).padStart(9)} min  ${kb(r.gzip).padStart(8)} gzip${r.budget ? `  (budget ${kb(r.budget)})` : ''}`);
  }
  const over = rows.filter((r) => !r.ok);
  if (over.length) {
    console.error(`Over budget: ${over.map((r) => r.name).join(', ')}`);
    process.exitCode = 1;
  }
}
