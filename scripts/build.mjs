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
 *      VS Code's HTML data and the JSX, Vue and Svelte typings (custom-elements-manifest.config.mjs;
 *      each generator's output then fixed here: fixJsxTypes, fixSvelteTypes, the Vue block).
 *   5. Vite: the demo site (dist/demo, served by `dh-kit start`) with the reference pages from the
 *      manifest and docs/ (dist/demo/docs, scripts/docs.mjs; not in the package), and the
 *      single-file bundle (dist/dh-kit.bundle.js, Lit inside, for a <script type="module"> on any page).
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
import { buildDocsSite } from './docs.mjs';
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
 * The JSX (and Vue) typings import each element's event types from dh-kit once per element (so twice for
 * `DhErrorDetail`) and also the DOM's `Event` (of `input`/`change`), which TypeScript refuses as
 * duplicate or missing names: keep each name once, and only the names dh-kit exports.
 */
function fixJsxImports(jsxFile, indexTypes) {
  const code = readFileSync(jsxFile, 'utf8');
  const exported = readFileSync(indexTypes, 'utf8');
  const fixed = code.replace(/^import type \{([^}]*)\} from "\.\/index\.js";/m, (_, names) => {
    const keep = [
      ...new Set(
        names
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
      ),
    ].filter((n) => new RegExp(`\\b${n}\\b`).test(exported));
    return `import type { ${keep.join(', ')} } from "./index.js";`;
  });
  if (fixed === code)
    throw new Error(
      `build: the import line of ${jsxFile} was not found (has custom-element-jsx-integration changed?)`,
    );
  writeFileSync(jsxFile, fixed);
}

/**
 * What the JSX generator gets wrong for us: members that are read-only (`validity`, `form`, …) are
 * not props a page can set; native `input` and `change` are Events, not CustomEvents; children
 * are unknown, not any.
 */
function fixJsxTypes(jsxFile, manifestFile) {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const readonly = new Set();
  for (const m of manifest.modules)
    for (const d of m.declarations ?? [])
      for (const member of d.members ?? []) if (member.readonly) readonly.add(member.name);
  let code = readFileSync(jsxFile, 'utf8');
  const before = code;
  // A readonly member's prop, with the JSDoc comment above it.
  code = code.replace(
    /(?:\n {2}\/\*\*(?:(?!\*\/)[\s\S])*\*\/)?\n {2}(\w+)\?: \w+\["\1"\];/g,
    (line, name) => (readonly.has(name) ? '' : line),
  );
  code = code.replace(
    /on(input|change)\?: \(e: CustomEvent<Event>\) => void;/g,
    'on$1?: (e: Event) => void;',
  );
  code = code.replace(/children\?: any;/g, 'children?: unknown;');
  if (code === before)
    throw new Error(
      `build: nothing to fix in ${jsxFile} (has custom-element-jsx-integration changed?)`,
    );
  writeFileSync(jsxFile, code);
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

/**
 * Svelte's file as the generator writes it is for Svelte 4 and Solid: events as `on:dh-load`,
 * `bind:` for properties, base props in Solid's JSX types (`classList`, `JSX.CSSProperties`), and
 * `namespace svelteHTML` inside a module, where it declares nothing global. For Svelte 5:
 * `ondh-load` (an attribute starting with `on` is a listener), properties by their name, the base
 * props are Svelte's own `HTMLAttributes` (class, style, aria-*, oninput…), and the namespace
 * global.
 */
function fixSvelteTypes(file) {
  const code = readFileSync(file, 'utf8');
  const fixed = code
    .replace(/^/, 'import type { HTMLAttributes } from "svelte/elements";\n')
    .replace(
      /\ntype BaseProps = \{[\s\S]*?\n\};\n/,
      "\n/** What every element takes: Svelte's own attributes and DOM events (class, style, aria-*, oninput, …). */\ntype BaseProps = HTMLAttributes<HTMLElement>;\n",
    )
    .replace(
      /\n {2}\/\*\*[^\n]*\*\/\n {2}"on:(input|change)"\?: \(e: CustomEvent<Event>\) => void;/g,
      '',
    )
    .replace(/"on:(dh-[a-z-]+)"\?:/g, '"on$1"?:')
    .replace(/"bind:(\w+)"\?:/g, '$1?:')
    .replace(
      /\ndeclare namespace svelteHTML \{\n(?: {2}\/\/[^\n]*\n)? {2}interface IntrinsicElements extends CustomElements \{\}\n\}/,
      '\ndeclare global {\n  namespace svelteHTML {\n    interface IntrinsicElements extends CustomElements {}\n  }\n}',
    );
  const problems = [/JSX\./, /"on:/, /"bind:/, /\ndeclare namespace svelteHTML/].filter((p) =>
    p.test(fixed),
  );
  if (problems.length || !fixed.includes('declare global {\n  namespace svelteHTML'))
    throw new Error(
      `build: ${file} is not as expected (${problems.join(', ')}; has custom-element-svelte-integration changed?)`,
    );
  writeFileSync(file, fixed);
}

/** The Custom Elements Manifest, VS Code's data and the JSX, Vue and Svelte typings, from src/ (after tsc: the configuration and the JSX fix read dist/). */
export function manifestStep() {
  execFileSync(
    bin('custom-elements-manifest'),
    ['analyze', '--config', join(root, 'custom-elements-manifest.config.mjs')],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  fixSvelteTypes(join(dist, 'custom-elements-svelte.d.ts'));
  for (const typings of [
    'custom-elements-jsx.d.ts',
    'custom-elements-vue.d.ts',
    'custom-elements-svelte.d.ts',
  ]) {
    fixJsxImports(join(dist, typings), join(dist, 'index.d.ts'));
    fixJsxTypes(join(dist, typings), join(dist, 'custom-elements.json'));
  }
  // Vue's file also declares the tags in the global JSX namespace, where dh-kit/jsx (and React's
  // own types) already are: only its GlobalComponents (the templates) are kept. And Vue looks a
  // template's `:head-id` and `@dh-load` up as `headId` and `onDhLoad` (it camelizes): props
  // declared as "head-id" and "ondh-load" would never be checked, so they are declared so.
  const vue = join(dist, 'custom-elements-vue.d.ts');
  const code = readFileSync(vue, 'utf8');
  const camel = (name) => name.replace(/-(\w)/g, (_, c) => c.toUpperCase());
  const kept = code
    .replace(/\ndeclare global \{\n {2}namespace JSX \{[\s\S]*?\n {2}\}\n\}\n?/, '\n')
    .replace(/"[a-z]+(?:-[a-z]+)+"\?: (\w+)\["(\w+)"\];/g, '$2?: $1["$2"];')
    .replace(/"on(dh-[a-z-]+)"\?:/g, (_, event) => `on${camel(`-${event}`)}?:`)
    .replace(
      /\bon(input|change)\?:/g,
      (_, event) => `on${event[0].toUpperCase()}${event.slice(1)}?:`,
    );
  if (kept === code || !kept.includes('interface GlobalComponents extends CustomElements'))
    throw new Error(
      `build: ${vue} is not as expected (has custom-element-vuejs-integration changed?)`,
    );
  writeFileSync(vue, kept);
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
  await step('custom elements manifest, editor data, JSX types', manifestStep);
  if (site) {
    const configFile = join(root, 'vite.config.ts');
    await step('demo site (vite)', () =>
      viteBuild({ configFile, logLevel: 'warn', mode: 'production' }),
    );
    await step('bundle (vite)', () => viteBuild({ configFile, logLevel: 'warn', mode: 'bundle' }));
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
