/**
 * What the README promises in text that could go stale without a test noticing.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { OTHER_CODES, VISITOR_CODES } from '../../src/api/errors.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

test('the README starts with the two commands a newcomer types', () => {
  const start = readme.slice(0, 1500);
  assert.match(start, /npm install && npm start/);
  assert.match(start, /npm test/);
});

test("the README's embed code holds no integrity value of its own: a real one goes stale with the next bundle, and the browser refuses the script", () => {
  assert.deepEqual(readme.match(/sha384-[A-Za-z0-9+/]{40,}={0,2}/g) ?? [], []);
  assert.deepEqual(
    readme.match(/dh-kit\.[0-9a-f]{12}\.js/g) ?? [],
    [],
    'nor a versioned bundle name',
  );
});

test("the README is a quick start of at most 400 lines; each of its links and the docs/ pages' links to a file of the repository finds it (and the heading it names)", () => {
  const lines = readme.split('\n').length;
  assert.ok(lines <= 400, `README.md has ${lines} lines`);
  const root = new URL('../../', import.meta.url);
  const slug = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-');
  const docs = readdirSync(new URL('docs/', root), { recursive: true })
    .filter((f) => String(f).endsWith('.md'))
    .map((f) => `docs/${f}`);
  const broken: string[] = [];
  for (const from of ['README.md', ...docs]) {
    const text = readFileSync(new URL(from, root), 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, href] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(href!) || href!.startsWith('#')) continue;
      const [path, hash] = href!.split('#');
      const target = new URL(path!, new URL(from, root));
      if (!existsSync(target)) {
        broken.push(`${from} → ${href}`);
        continue;
      }
      if (hash && target.pathname.endsWith('.md')) {
        const headings = [
          ...readFileSync(target, 'utf8')
            .replace(/```[\s\S]*?```/g, '')
            .matchAll(/^#{1,6} (.+)$/gm),
        ].map((m) => slug(m[1]!.replace(/`/g, '')));
        if (!headings.includes(hash)) broken.push(`${from} → ${href} (no such heading)`);
      }
    }
  }
  assert.deepEqual(broken, []);
});

test("docs/troubleshooting.md's table of error codes lists every ErrorCode, and only those", () => {
  const doc = readFileSync(new URL('../../docs/troubleshooting.md', import.meta.url), 'utf8');
  const from = doc.indexOf('## Error codes');
  const next = doc.indexOf('\n## ', from + 1);
  const table = doc.slice(from, next < 0 ? undefined : next);
  const listed = [...table.matchAll(/^\|[^|]*\|(.*)\|$/gm)].flatMap((m) =>
    [...m[1]!.matchAll(/`([a-z_]+)`/g)].map((c) => c[1]!),
  );
  const codes = [...VISITOR_CODES, ...OTHER_CODES];
  assert.deepEqual([...listed].sort(), [...codes].sort());
  assert.ok(codes.length > 60, `${codes.length} codes`);
});
