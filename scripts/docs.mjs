/**
 * The reference site: docs/*.md (the guides) and docs/elements/*.md (what each element's
 * page says before its reference) rendered with `marked`, and each element's reference —
 * attributes, properties, methods, events, slots, parts and CSS custom properties — written from
 * the Custom Elements Manifest (dist/custom-elements.json), so it cannot drift from the code.
 *
 *   npm run docs             builds the package's manifest if needed, writes dist/docs/ (any static host)
 *   --out dist/demo/docs     the same pages beside the demo, which `npm start` serves at /docs/
 *                            with the live examples working (scripts/build.mjs writes them there;
 *                            a first `npm start` in a checkout, after its server answers)
 *
 * A fenced block ```html live``` is shown as code and also put in the page as it is: against the
 * simulator (`npm start`) the elements in it work; `__DH_CHAT_HEAD__` is the demo's head there.
 * `<!-- include: name.md -->` puts another file of docs/elements/ in its place (what two elements
 * share). Links to `*.md` become `*.html`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Marked, Renderer } from 'marked';

const root = fileURLToPath(new URL('..', import.meta.url));
const DOCS = join(root, 'docs');

/** The guides, in the navigation's order: file name (docs/<name>.md) and its short title. */
const GUIDES = [
  ['index', 'Overview'],
  ['frameworks', 'On your site'],
  ['proxy', 'The proxy'],
  ['configuration', 'Configuration'],
  ['security', 'Security model'],
  ['languages', 'Languages'],
  ['analytics', 'Analytics'],
  ['cli', 'The CLI'],
  ['deploying', 'Deploying'],
  ['simulator', 'The simulator'],
  ['browsers', 'Requirements and browsers'],
  ['troubleshooting', 'Troubleshooting'],
  ['performance', 'Performance'],
  ['testing', 'Tests'],
  ['architecture', 'Architecture'],
];

const escapeHtml = (s) =>
  String(s).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  );

/** The folder (inside docs/) of the page being rendered: `''` or `'elements'`. */
let pageDir = '';

/**
 * The renderer of the docs' Markdown. With `escapeRawHtml: true` (the manifest's text, from the
 * source's JSDoc) raw HTML is shown as text: "the <form>" in a description is words, not an element.
 */
function markdown({ escapeRawHtml = false } = {}) {
  const md = new Marked({ gfm: true });
  if (escapeRawHtml) md.use({ renderer: { html: ({ text }) => escapeHtml(text) } });
  md.use({
    walkTokens(token) {
      if (token.type === 'link' && /^(?![a-z]+:)[^#]*\.md(#|$)/.test(token.href))
        token.href = token.href.replace(/\.md(#|$)/, '.html$1');
    },
    renderer: {
      // A link out of docs/ (`../src/sim/README.md`) works on GitHub, not on a static host: its text only.
      link({ href, tokens }) {
        return !/^[a-z]+:/.test(href) &&
          posix.normalize(posix.join(pageDir || '.', href)).startsWith('..')
          ? this.parser.parseInline(tokens)
          : false;
      },
      // Headings get ids (`## Signed launch URLs` → #signed-launch-urls), for links between pages.
      heading({ tokens, depth }) {
        const id = this.parser
          .parseInline(tokens, this.parser.textRenderer)
          .toLowerCase()
          .replace(/&[a-z]+;|&#\d+;/g, '')
          .replace(/[^\w\s-]/g, '')
          .trim()
          .replace(/\s+/g, '-');
        return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      // A table wider than a phone scrolls in its own box (focusable, named by its columns).
      table(token) {
        const columns = token.header.map((cell) =>
          this.parser.parseInline(cell.tokens, this.parser.textRenderer),
        );
        return scrollBox(columns, Renderer.prototype.table.call(this, token));
      },
      code({ text, lang }) {
        const [language, flag] = (lang ?? '').split(/\s+/);
        const shown = `<pre tabindex="0"><code${language ? ` class="language-${escapeHtml(language)}"` : ''}>${escapeHtml(text)}</code></pre>\n`;
        return flag === 'live'
          ? `<div class="live" role="region" aria-label="Live example">${text}</div>\n${shown}`
          : shown;
      },
    },
  });
  return md;
}

/** `<!-- include: x.md -->` lines replaced by docs/elements/x.md. */
const withIncludes = (text, dir) =>
  text.replace(/^<!-- include: ([\w-]+\.md) -->$/gm, (_, name) =>
    readFileSync(join(dir, name), 'utf8'),
  );

/** The custom elements of the manifest, by tag. */
function elementsOf(manifest) {
  const found = manifest.modules
    .flatMap((m) => m.declarations ?? [])
    .filter((d) => d.customElement && d.tagName);
  return new Map(
    found.sort((a, b) => a.tagName.localeCompare(b.tagName)).map((d) => [d.tagName, d]),
  );
}

/**
 * A table in a box of its own that scrolls sideways when the table is wider than the screen: a
 * region named by the table's columns, reachable with the keyboard (so it can be scrolled).
 */
function scrollBox(columns, tableHtml) {
  const name = `Table: ${columns.map((c) => c.replace(/<[^>]*>/g, '')).join(', ')}`;
  return `<div class="table" role="region" aria-label="${escapeHtml(name)}" tabindex="0">${tableHtml}</div>\n`;
}

function table(headers, rows, inline) {
  if (!rows.length) return '';
  const cell = (value, i) => (i === 0 ? `<code>${escapeHtml(value)}</code>` : inline(value ?? ''));
  return scrollBox(
    headers,
    `<table><thead><tr>${headers.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead><tbody>${rows
      .map((r) => `<tr>${r.map((v, i) => `<td>${cell(v, i)}</td>`).join('')}</tr>`)
      .join('')}</tbody></table>`,
  );
}

/** An element's reference, from its manifest declaration. */
function reference(d, inline) {
  const code = (s) => (s ? `\`${s}\`` : '');
  const members = d.members ?? [];
  const attributeFields = new Set((d.attributes ?? []).map((a) => a.fieldName));
  const memberOf = (name) => members.find((m) => m.name === name);
  const fields = members.filter(
    (m) =>
      m.kind === 'field' &&
      !m.static &&
      m.privacy !== 'private' &&
      m.privacy !== 'protected' &&
      !attributeFields.has(m.name),
  );
  const methods = members.filter(
    (m) =>
      m.kind === 'method' &&
      !m.static &&
      m.privacy !== 'private' &&
      m.privacy !== 'protected' &&
      !/Callback$/.test(m.name),
  );
  const sections = [
    [
      'Attributes',
      ['Attribute', 'Property', 'Type', 'Default', 'Description'],
      (d.attributes ?? []).map((a) => [
        a.name,
        code(a.fieldName),
        code(a.type?.text),
        code(a.default),
        a.description ?? memberOf(a.fieldName)?.description,
      ]),
    ],
    [
      'Properties',
      ['Property', 'Type', 'Description'],
      fields.map((m) => [
        m.name,
        code(m.type?.text),
        `${m.readonly ? '*Read-only.* ' : ''}${m.description ?? ''}`,
      ]),
    ],
    [
      'Methods',
      ['Method', 'Description'],
      methods.map((m) => [
        `${m.name}(${(m.parameters ?? []).map((p) => p.name).join(', ')})`,
        `${m.description ?? ''}${m.return?.type?.text && m.return.type.text !== 'void' ? ` Returns ${code(m.return.type.text)}.` : ''}`,
      ]),
    ],
    [
      'Events',
      ['Event', 'Detail', 'Description'],
      (d.events ?? []).map((e) => [e.name, code(e.type?.text), e.description]),
    ],
    [
      'Slots',
      ['Slot', 'Description'],
      (d.slots ?? []).map((s) => [s.name || '(default)', s.description]),
    ],
    ['CSS parts', ['Part', 'Description'], (d.cssParts ?? []).map((p) => [p.name, p.description])],
    [
      'CSS custom properties',
      ['Property', 'Default', 'Description'],
      (d.cssProperties ?? []).map((p) => [p.name, code(p.default), p.description]),
    ],
  ];
  return sections
    .filter(([, , rows]) => rows.length)
    .map(
      ([title, headers, rows]) =>
        `<h2 id="${title.toLowerCase().replace(/\W+/g, '-')}">${title}</h2>\n${table(headers, rows, inline)}`,
    )
    .join('\n');
}

function layout({ title, body, nav, depth, description }) {
  const up = depth ? '../'.repeat(depth) : './';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="description" content="${escapeHtml(description)}">
  <title>${escapeHtml(title)} · dh-kit</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="${up}docs.css">
  <!-- The first paint waits for the whole page (its contents come last): a table painted before
       its last rows arrived widened its columns after (a layout shift on a slow machine). -->
  <link rel="expect" href="#contents" blocking="render">
  <script type="module" src="/dh-kit.bundle.js"></script>
</head>
<body>
  <a class="skip" href="#main">Skip to the content</a>
  <header class="top"><a class="brand" href="${up}index.html">dh-kit</a> <span>reference</span> <a class="to-contents" href="#contents">Contents</a></header>
  <div class="frame">
    <main id="main">
${body}
    </main>
    <nav id="contents" aria-label="Documentation">${nav(up)}</nav>
  </div>
</body>
</html>
`;
}

const CSS = `:root { color-scheme: light dark; --fg: CanvasText; --muted: color-mix(in srgb, CanvasText 65%, Canvas); --line: color-mix(in srgb, CanvasText 18%, Canvas); --accent: LinkText; font: 16px/1.55 system-ui, sans-serif; }
body { margin: 0; }
.skip { position: absolute; left: -999px; } .skip:focus { left: 1rem; top: 1rem; background: Canvas; padding: .5rem; z-index: 1; }
.top { display: flex; gap: .5rem; align-items: baseline; padding: .75rem 1.25rem; border-bottom: 1px solid var(--line); }
.brand { font-weight: 700; font-size: 1.2rem; text-decoration: none; color: inherit; }
/* The contents come after the page in the document: at the side on a wide screen, below the
   page on a phone (the header links to them), so a phone's first screen is the page's own text,
   with nothing folded or moved by a script after the first paint. */
.frame { display: grid; grid-template-columns: 15rem minmax(0, 1fr); grid-template-areas: "nav main"; }
main { grid-area: main; } nav { grid-area: nav; }
nav { padding: 1rem 1.25rem; border-right: 1px solid var(--line); font-size: .95rem; }
.to-contents { margin-left: auto; min-height: 44px; display: none; align-items: center; }
@media (max-width: 48rem) { .to-contents { display: inline-flex; } }
nav h2 { font-size: .8rem; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin: 1.25rem 0 .25rem; }
nav ul { list-style: none; margin: 0; padding: 0; } nav li a { display: block; padding: .3rem 0; min-height: 24px; }
nav a[aria-current="page"] { font-weight: 700; }
main { padding: 1rem 2rem 4rem; max-width: 60rem; }
pre { overflow-x: auto; padding: .75rem 1rem; background: color-mix(in srgb, CanvasText 6%, Canvas); border-radius: 6px; }
code { font-size: .9em; } :not(pre) > code { overflow-wrap: anywhere; }
.table { overflow-x: auto; } table { border-collapse: collapse; margin: .5rem 0 1.5rem; } th, td { text-align: left; vertical-align: top; border-bottom: 1px solid var(--line); padding: .4rem .6rem; } td p { margin: 0; }
.live { border: 1px dashed var(--line); border-radius: 8px; padding: 1rem; margin: 1rem 0 .25rem; }
.note { color: var(--muted); }
@media (max-width: 48rem) { .frame { display: block; } nav { border-right: 0; border-top: 1px solid var(--line); } nav ul { display: flex; flex-wrap: wrap; gap: 0 1rem; } main { padding: 1rem; } }
`;

/** As tall as the back-office elements are there (the insights as their loading state), or taller: what follows stays put. */
const LIVE_BOXES = `.live dh-head-form:not(:defined), .live dh-video-studio:not(:defined), .live dh-insights:not(:defined) { display: block; }
.live dh-head-form:not(:defined) { min-height: 1800px; }
.live dh-video-studio:not(:defined) { min-height: 550px; }
.live dh-insights:not(:defined) { min-height: 120px; }
`;

/**
 * Writes the site into `out` from `manifest` (parsed). Returns the pages written (paths relative
 * to `out`).
 */
export function writeDocs({ manifest, out }) {
  const md = markdown();
  // The manifest's words (descriptions, types, defaults): raw HTML in them is text.
  const manifestText = markdown({ escapeRawHtml: true });
  const inline = (s) => manifestText.parseInline(String(s));
  const elements = elementsOf(manifest);
  const guideDir = DOCS;
  const elementDir = join(DOCS, 'elements');
  const nav = (current) => (up) => {
    const link = (href, text) =>
      `<li><a href="${up}${href}"${href === current ? ' aria-current="page"' : ''}>${text}</a></li>`;
    return `<h2>Guide</h2><ul>${GUIDES.filter(
      ([n]) => !['performance', 'testing', 'architecture'].includes(n),
    )
      .map(([n, t]) => link(`${n}.html`, escapeHtml(t)))
      .join('')}</ul>
<h2>Elements</h2><ul>${[...elements.keys()].map((tag) => link(`elements/${tag}.html`, `<code>&lt;${tag}&gt;</code>`)).join('')}</ul>
<h2>Developing dh-kit</h2><ul>${GUIDES.filter(([n]) =>
      ['performance', 'testing', 'architecture'].includes(n),
    )
      .map(([n, t]) => link(`${n}.html`, escapeHtml(t)))
      .join('')}</ul>`;
  };
  const pages = [];
  const write = (path, html) => {
    const file = join(out, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    pages.push(path);
  };
  mkdirSync(out, { recursive: true });
  // The elements' boxes before the bundle defines them (dh-kit/boxes.css, the file a site links),
  // and the two back-office elements' boxes, which the kit leaves to the page: a module script
  // runs after the first paint on a slow machine, and the text after a live example stays put.
  const boxes = readFileSync(join(root, 'src/boxes.css'), 'utf8');
  writeFileSync(join(out, 'docs.css'), `${CSS}${boxes}${LIVE_BOXES}`);
  pageDir = '';
  for (const [name] of GUIDES) {
    const text = readFileSync(join(guideDir, `${name}.md`), 'utf8');
    const title = /^# (.+)$/m.exec(text)?.[1].replace(/`/g, '') ?? name;
    const first = /^(?!#)(\S.+)$/m.exec(text)?.[1] ?? title;
    write(
      `${name}.html`,
      layout({
        title,
        description: first.replace(/[`*[\]]/g, ''),
        depth: 0,
        nav: nav(`${name}.html`),
        body: md.parse(text),
      }),
    );
  }
  pageDir = 'elements';
  for (const [tag, d] of elements) {
    const file = join(elementDir, `${tag}.md`);
    if (!existsSync(file))
      throw new Error(`docs: ${relative(root, file)} is missing (the page of <${tag}>)`);
    const intro = md.parse(withIncludes(readFileSync(file, 'utf8'), elementDir));
    const body = `<h1><code>&lt;${tag}&gt;</code></h1>
${manifestText.parse(d.description ?? '')}
<p><code>import 'dh-kit/${tag.slice(3)}';</code> · React: <code>import { ${d.name} } from 'dh-kit/react/${tag.slice(3)}';</code></p>
<p class="note">The live examples run against the proxy of the site that serves this page: <code>npm start</code> serves these pages at <code>/docs/</code>, against the simulator.</p>
${intro}
<h2 id="reference">Reference</h2>
<p class="note">Written from <code>custom-elements.json</code>, the manifest the package ships.</p>
${reference(d, inline)}`;
    write(
      `elements/${tag}.html`,
      layout({
        title: `<${tag}>`,
        description: d.description ?? tag,
        depth: 1,
        nav: nav(`elements/${tag}.html`),
        body,
      }),
    );
  }
  return pages;
}

/**
 * The manifest, made first (`npm run build`'s step) when it is missing or older than a source of
 * src/elements (`npm start` rebuilds the demo alone when the sources change).
 */
/** Runs `work`, then prints `  ✓ name (12.3 s)` when `log` is given. */
async function timed(log, name, work) {
  const t0 = Date.now();
  const result = await work();
  log?.(`  ✓ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return result;
}

/**
 * The Custom Elements Manifest, built first when it is missing or older than the elements; each
 * step it takes is printed with its time when `log` is given.
 */
export async function freshManifest({ log } = {}) {
  const file = join(root, 'dist/custom-elements.json');
  const newest = (dir) =>
    Math.max(
      0,
      ...readdirSync(dir, { recursive: true }).map((f) => statSync(join(dir, f)).mtimeMs),
    );
  if (
    !existsSync(file) ||
    !existsSync(join(root, 'dist/index.d.ts')) ||
    statSync(file).mtimeMs < newest(join(root, 'src/elements'))
  ) {
    // The analyzer's configuration reads the compiled modules (their unions): a fresh checkout has none yet.
    if (!existsSync(join(root, 'dist/index.d.ts')))
      await timed(log, 'modules and types for the manifest (tsc)', () =>
        execFileSync(
          join(root, 'node_modules/.bin/tsc'),
          ['-p', join(root, 'tsconfig.build.json')],
          {
            stdio: 'inherit',
          },
        ),
      );
    const { manifestStep } = await import('./manifest.mjs');
    await timed(log, 'custom elements manifest', manifestStep);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Writes the reference site into `out` (the manifest built first if needed); returns its pages. */
export async function buildDocsSite({ out, log }) {
  const manifest = await freshManifest({ log });
  return timed(log, 'reference pages', () => writeDocs({ manifest, out }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outArg = process.argv.indexOf('--out');
  const out = outArg > 0 ? process.argv[outArg + 1] : join(root, 'dist/docs');
  const pages = await buildDocsSite({ out, log: console.log });
  console.log(
    `${pages.length} pages in ${relative(process.cwd(), out) || '.'}/ — static files for any host (the live examples need the proxy at /dh: npm start serves them at /docs/)`,
  );
}
