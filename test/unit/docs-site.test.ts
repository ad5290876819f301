/** The reference site's renderer (scripts/docs.mjs): what it does with the manifest's words. */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeDocs } from '../../scripts/docs.mjs';

test("raw HTML in the manifest's words (a JSDoc description, an attribute's) is shown as text, never as an element", () => {
  const out = mkdtempSync(join(tmpdir(), 'dh-kit-docs-'));
  try {
    const avatar = {
      kind: 'class',
      name: 'DhAvatar',
      tagName: 'dh-avatar',
      customElement: true,
      description: 'Put it in the <form> of a page, **once**.',
      attributes: [{ name: 'view', description: 'Read when the <script> runs.' }],
    };
    writeDocs({ manifest: { modules: [{ declarations: [avatar] }] }, out });
    const page = readFileSync(join(out, 'elements/dh-avatar.html'), 'utf8');
    assert.match(
      page,
      /the &lt;form&gt; of a page, <strong>once<\/strong>/,
      'Markdown still works',
    );
    assert.match(page, /when the &lt;script&gt; runs/);
    assert.doesNotMatch(page, /<form>|<script> runs/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
