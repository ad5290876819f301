/**
 * Minifies the text of Lit's tagged templates (css`…`, html`…`, svg`…`), which JS minifiers leave
 * alone: it runs on the compiled element modules in dist/ (so a site's own bundler gets the small
 * size without any plugin of ours) and as a Vite plugin for the demo. The templates are found by
 * parsing (Rolldown's Oxc parser), so nested templates and `${…}` boundaries are handled exactly.
 *
 * CSS: comments go, white space collapses, none is kept around `{ } ; , : > /`, `0.5` is `.5` — except inside
 * quoted strings, and except at a `${…}` boundary, where one space may separate two values.
 * HTML/SVG: comments wholly inside one static part go (a note for the reader, never rendered;
 * Lit's own markers are made at run time), a run of white space that holds a line break becomes one space (HTML renders both
 * the same; no template here has <pre> or text in a <textarea> with line breaks), white space
 * before a tag's `>` goes, and attribute values that need no quotes lose them.
 */
import { parseAst } from 'rolldown/parseAst';

const STRING = /("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/;

/** One static part of a css`…` template; `first`/`last` say whether it touches the ends. */
export function minifyCssPart(text, first = true, last = true) {
  const out = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    // [view='stream'] → [view=stream]: an identifier needs no quotes in an attribute selector.
    .replace(/\[([\w-]+)=(['"])([A-Za-z_][\w-]*)\2\]/g, '[$1=$3]')
    .split(STRING)
    .map((piece, i) =>
      i % 2 === 1
        ? piece
        : piece
            .replace(/\s+/g, ' ')
            .replace(/ ?([{};,>/]) ?/g, '$1')
            .replace(/: /g, ':')
            .replace(/;}/g, '}')
            .replace(/([^\w.#-])0\.(\d)/g, '$1.$2'),
    )
    .join('');
  // At a `${…}` boundary a single space may separate two values (`margin: ${a} 0`): keep it.
  return (first ? out.trimStart() : out.replace(/^\s+/, ' ')).replace(/\s+$/, last ? '' : ' ');
}

/** One static part of an html`…`/svg`…` template. */
export function minifyHtmlPart(text) {
  return (
    text
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/[ \t]*\n\s*/g, ' ')
      // Inside a tag, white space before its end means nothing (`@load=${f} >` → `@load=${f}>`).
      .replace(/ +(\/?>)/g, '$1')
      // A value of letters, digits and - . _ : needs no quotes (`part="box"` → `part=box`), unless
      // a `/` or `>` follows it, which would become part of the value.
      .replace(/=("|')([\w.:-]+)\1(?=[\s>]|$)/g, '=$2')
  );
}

function* nodes(node) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) yield* nodes(n);
    return;
  }
  if (typeof node.type === 'string') yield node;
  for (const key in node) if (key !== 'parent') yield* nodes(node[key]);
}

/** Returns JavaScript `code` with every css/html/svg template's static text minified. */
export function minifyTemplates(code) {
  const ast = parseAst(code, { lang: 'js', sourceType: 'module' });
  const edits = [];
  for (const node of nodes(ast)) {
    if (node.type !== 'TaggedTemplateExpression' || node.tag.type !== 'Identifier') continue;
    const kind = node.tag.name;
    if (kind !== 'css' && kind !== 'html' && kind !== 'svg') continue;
    const quasis = node.quasi.quasis;
    quasis.forEach((q, i) => {
      const raw = code.slice(q.start, q.end);
      // Offsets must be those of the text itself; anything else means the parser disagrees with us.
      if (raw !== q.value.raw)
        throw new Error(`minifyTemplates: offsets do not match the template text at ${q.start}`);
      const min =
        kind === 'css' ? minifyCssPart(raw, i === 0, i === quasis.length - 1) : minifyHtmlPart(raw);
      if (min !== raw) edits.push({ start: q.start, end: q.end, text: min });
    });
  }
  edits.sort((a, b) => b.start - a.start);
  let out = code;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/**
 * The same as a Vite plugin, for builds from the sources (the demo, the bundle, the benchmarks).
 * It runs after Vite has compiled the TypeScript (`enforce: 'post'`): the parser's offsets are
 * exact for JavaScript.
 */
export function minifyLitTemplates() {
  return {
    name: 'dh-minify-lit-templates',
    enforce: 'post',
    transform(code, id) {
      if (!/\/src\/elements\/.*\.ts$/.test(id) || !/\b(css|html|svg)`/.test(code)) return null;
      return { code: minifyTemplates(code), map: null };
    },
  };
}
