/**
 * The Custom Elements Manifest (dist/custom-elements.json), read from the elements' JSDoc by
 * `custom-elements-manifest analyze --config custom-elements-manifest.config.mjs` during
 * `npm run build`, and what is made from it: VS Code's HTML and CSS custom data, the JSX
 * typings (dist/custom-elements-jsx.d.ts, `dh-kit/jsx`), Vue's (dist/custom-elements-vue.d.ts,
 * `dh-kit/vue`: the tags in `GlobalComponents`) and Svelte's (dist/custom-elements-svelte.d.ts,
 * `dh-kit/svelte`: the tags in `svelteHTML.IntrinsicElements`).
 *
 * Event types in `@fires {Type}` are the events' `detail` types, named and exported from `dh-kit`
 * (the JSX typings import them from there).
 */
import { customElementJsxPlugin } from 'custom-element-jsx-integration';
import { customElementSveltePlugin } from 'custom-element-svelte-integration';
import { customElementVsCodePlugin } from 'custom-element-vs-code-integration';
import { customElementVuejsPlugin } from 'custom-element-vuejs-integration';

/** The manifest describes the shipped modules (dist/…js), not the sources, and no private state. */
function shippedPublicApi() {
  const shipped = (p) => p.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js');
  const rewrite = (node) => {
    if (Array.isArray(node)) return node.forEach(rewrite);
    if (!node || typeof node !== 'object') return;
    for (const key of ['path', 'module'])
      if (typeof node[key] === 'string' && node[key].startsWith('src/'))
        node[key] = shipped(node[key]);
    Object.values(node).forEach(rewrite);
  };
  return {
    name: 'dh-shipped-public-api',
    moduleLinkPhase({ moduleDoc }) {
      for (const d of moduleDoc.declarations ?? []) {
        if (d.attributes)
          d.attributes = d.attributes.filter(
            (a) => !a.name.startsWith('_') && !a.fieldName?.startsWith('_'),
          );
        if (d.members)
          d.members = d.members.filter(
            (m) =>
              m.privacy !== 'private' &&
              m.privacy !== 'protected' &&
              !m.name.startsWith('_') &&
              !m.name.startsWith('#'),
          );
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      rewrite(customElementsManifest.modules);
    },
  };
}

/**
 * Attribute and property types as the values they take: `view` is `'chat' | 'stream'`, not `View`
 * (an editor offers the words; JSX and the editor data check them). The unions come from the
 * compiled modules (tsc runs before this step), so they are never a copy.
 */
async function unionTypes() {
  const { VIEWS } = await import('./dist/api/rules.js');
  const { OPERATION_MODES } = await import('./dist/api/modes.js');
  const unions = { View: VIEWS, OperationMode: OPERATION_MODES };
  const expand = (text) =>
    text.replace(/\b(View|OperationMode)\b/g, (alias) =>
      unions[alias].map((v) => `'${v}'`).join(' | '),
    );
  return {
    name: 'dh-union-types',
    moduleLinkPhase({ moduleDoc }) {
      for (const d of moduleDoc.declarations ?? []) {
        for (const item of [...(d.attributes ?? []), ...(d.members ?? [])])
          if (item.type?.text) item.type.text = expand(item.type.text);
      }
    },
  };
}

export default {
  globs: [
    'src/elements/avatar/avatar.ts',
    'src/elements/face-picker/face-picker.ts',
    'src/elements/voice-picker/voice-picker.ts',
    'src/elements/head-form/head-form.ts',
    'src/elements/video-studio/video-studio.ts',
    'src/elements/insights/insights.ts',
  ],
  outdir: 'dist',
  litelement: true,
  plugins: [
    shippedPublicApi(),
    await unionTypes(),
    customElementVsCodePlugin({
      outdir: 'dist',
      htmlFileName: 'vscode.html-custom-data.json',
      cssFileName: 'vscode.css-custom-data.json',
      hideLogs: true,
    }),
    customElementJsxPlugin({
      outdir: 'dist',
      fileName: 'custom-elements-jsx.d.ts',
      globalTypePath: './index.js',
      hideLogs: true,
    }),
    customElementVuejsPlugin({
      outdir: 'dist',
      fileName: 'custom-elements-vue.d.ts',
      globalTypePath: './index.js',
      hideLogs: true,
    }),
    customElementSveltePlugin({
      outdir: 'dist',
      fileName: 'custom-elements-svelte.d.ts',
      globalTypePath: './index.js',
      hideLogs: true,
    }),
  ],
};
