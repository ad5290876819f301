/**
 * `npm run build` (and `npm pack`, through `prepack`): everything the package ships, in dist/.
 *
 *   0. src/version.ts from package.json (scripts/version.mjs).
 *   1. tsc -p tsconfig.build.json: src/**.ts → dist/**.js + .d.ts (decorators and class fields
 *      compiled away; dependencies stay imports).
 *   2. The Lit templates of the element modules minified in place (scripts/minify-templates.mjs);
 *      `@lit/react`'s createComponent copied into dist/react (vendorLitReact).
 *   3. The simulator's run-time files (its page script and style, its media) copied beside it.
 *   4. The Custom Elements Manifest from the JSDoc (dist/custom-elements.json) and, from it,
 *      VS Code's HTML data and the JSX, Vue and Svelte typings (scripts/manifest.mjs).
 *   5. Vite: the demo site (dist/demo, served by `dh-kit start`) and the CDN files (scripts/cdn.mjs:
 *      dist/dh-kit.avatar.js, dist/dh-kit.bundle.js and their language files, Lit inside, each one
 *      file for a <script type="module"> on any page); then the
 *      reference pages from the manifest and docs/ (dist/demo/docs, scripts/docs.mjs; not in the
 *      package).
 *
 * Each step prints its time. `--no-site` skips step 5 (a quicker build for type and module checks).
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as viteBuild } from 'vite';
import { buildCdnFiles } from './cdn.mjs';
import { buildDocsSite } from './docs.mjs';
import { manifestStep } from './manifest.mjs';
import { minifyTemplates } from './minify-templates.mjs';
import { writeVersion } from './version.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const bin = (name) => join(root, 'node_modules/.bin', name);

let quietSteps = false;
async function step(name, run) {
  const t0 = Date.now();
  await run();
  if (!quietSteps) console.log(`  ✓ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * `@lit/react` (a dev dependency) is one module of ~2 kB without imports, but it declares
 * `@types/react` as a required peer, which npm would install into every site that only wants a
 * tag. Its `createComponent` is copied into dist/react (licence header kept), in its two builds as
 * @lit/react ships them: the browser's and Node's (no layout effects; Lit's SSR hook), chosen by the
 * package's `#lit-react` import (package.json `imports`). The wrappers import that; their types
 * the copied declarations. So `dh-kit/react` needs only React beside it.
 */
function vendorLitReact() {
  const from = join(root, 'node_modules/@lit/react');
  const to = join(dist, 'react');
  // Without the source-map comments: the maps are not copied (a bundler's source-map loader would warn).
  const copy = (source, target) =>
    writeFileSync(
      join(to, target),
      readFileSync(join(from, source), 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'),
    );
  copy('create-component.js', 'lit-react.js');
  copy('node/create-component.js', 'lit-react.node.js');
  copy('create-component.d.ts', 'lit-react.d.ts');
  let rewritten = 0;
  for (const file of files(to)) {
    if (!/\.(js|d\.ts)$/.test(file) || /lit-react\./.test(file)) continue;
    const code = readFileSync(file, 'utf8');
    const fixed = code.replace(/(["'])@lit\/react\1/g, (_, q) =>
      file.endsWith('.d.ts') ? `${q}./lit-react.js${q}` : `${q}#lit-react${q}`,
    );
    if (fixed !== code) writeFileSync(file, fixed), rewritten++;
  }
  if (!rewritten)
    throw new Error(
      'build: no dist/react module imports @lit/react any more (drop vendorLitReact?)',
    );
}

export async function buildPackage({ site = true, quiet = false } = {}) {
  quietSteps = quiet;
  rmSync(dist, { recursive: true, force: true });
  await step('src/version.ts from package.json', writeVersion);
  await step('modules and types (tsc)', () => {
    execFileSync(bin('tsc'), ['-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
  });
  await step('@lit/react vendored into dist/react', vendorLitReact);
  await step('element templates minified', () => {
    for (const file of files(join(dist, 'elements'))) {
      if (!file.endsWith('.js')) continue;
      const code = readFileSync(file, 'utf8');
      const min = minifyTemplates(code);
      if (min !== code) writeFileSync(file, min);
    }
  });
  await step('simulator files', () => {
    for (const dir of ['sim/pages', 'sim/media']) {
      mkdirSync(join(dist, dir), { recursive: true });
      for (const file of files(join(root, 'src', dir))) {
        if (!/\.(js|css|mp4)$/.test(file) || (file.endsWith('.js') && !file.includes('/pages/')))
          continue;
        cpSync(file, join(dist, dir, file.slice(join(root, 'src', dir).length + 1)));
      }
    }
  });
  // The elements' boxes before definition (`dh-kit/boxes.css`), for a page's <head>.
  await step('dh-kit/boxes.css', () =>
    cpSync(join(root, 'src/boxes.css'), join(dist, 'boxes.css')),
  );
  await step('custom elements manifest, editor data, JSX types', manifestStep);
  if (site) {
    const configFile = join(root, 'vite.config.ts');
    await step('demo site (vite)', () =>
      viteBuild({ configFile, logLevel: 'warn', mode: 'production' }),
    );
    await step('CDN files: avatar, all elements, languages (vite)', () => buildCdnFiles(dist));
    // After the demo's build, which empties dist/demo.
    await step('reference pages (dist/demo/docs)', () =>
      buildDocsSite({ out: join(dist, 'demo/docs') }),
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const t0 = Date.now();
  console.log('Building dist/');
  await buildPackage({ site: !process.argv.includes('--no-site') });
  let bytes = 0;
  for (const file of files(dist)) bytes += statSync(file).size;
  console.log(
    `dist/ built in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${(bytes / 1024).toFixed(0)} kB`,
  );
}
