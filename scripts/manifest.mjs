/**
 * The Custom Elements Manifest step of the build (scripts/build.mjs), also run by the reference
 * site (scripts/docs.mjs) when the manifest is missing or stale: the analyzer
 * (custom-elements-manifest.config.mjs) writes dist/custom-elements.json, VS Code's data and the
 * JSX, Vue and Svelte typings, and each generator's output is then fixed here. It reads the
 * compiled modules in dist/ (tsc first).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const bin = (name) => join(root, 'node_modules/.bin', name);

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
      // (Their type is Event, or never where the analyzer cannot see the dispatch: both are Svelte's own.)
      /\n {2}\/\*\*[^\n]*\*\/\n {2}"on:(input|change)"\?: \(e: CustomEvent<(Event|never)>\) => void;/g,
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
