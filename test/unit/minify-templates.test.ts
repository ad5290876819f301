/** scripts/minify-templates.mjs: what it takes out of the templates that ship in dist/. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { minifyTemplates } from '../../scripts/minify-templates.mjs';

test('html templates lose their comments and line breaks, keep their bindings and text', () => {
  const code =
    'const t = html`<div class="job" part="progress">\n  <!-- a note for the reader -->\n  <span>${label}</span>\n  <!-- another, over\n  two lines -->\n  <button @click=${go} >Stop</button>\n</div>`;';
  assert.equal(
    minifyTemplates(code),
    'const t = html`<div class=job part=progress> <span>${label}</span> <button @click=${go}>Stop</button> </div>`;',
  );
});

test('a comment is only removed whole: one cut by a binding stays as it is', () => {
  // Not valid Lit (a binding in a comment is refused at run time); the minifier must not eat the binding.
  const code = 'const t = html`<p><!-- ${x} --></p>`;';
  assert.equal(minifyTemplates(code), code);
});

test('css templates lose comments and white space; strings stay', () => {
  const code = "const s = css`\n  /* the box */\n  .box { content: 'a  b'; opacity: 0.5; }\n`;";
  assert.equal(minifyTemplates(code), "const s = css`.box{content:'a  b';opacity:.5}`;");
});
