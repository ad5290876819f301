/**
 * Rules for the test sources themselves. An `assert.ok(x)` or `assert(x)` without a
 * message fails with "The expression evaluated to a falsy value" and the expression's source: it
 * says what was checked, not what it meant for a user, so a red run needs the source open to be
 * read. Every such call carries a message (or is an `assert.equal`/`assert.match`/…, whose failure
 * shows both sides).
 *
 * The files are parsed, not searched with a pattern: a message on the next line, a call split
 * over lines, a comma inside a string or a nested call all read as the syntax they are. The parser
 * is the project's TypeScript (7, `typescript/unstable/sync`: the native compiler behind an API;
 * 7 has no in-process `ts.createSourceFile`), on a project made for this test only: the files this
 * walk finds, JavaScript allowed, nothing resolved, no lib, so it parses and checks nothing.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import type { Node, SourceFile } from 'typescript/unstable/ast';
import {
  isCallExpression,
  isIdentifier,
  isPropertyAccessExpression,
} from 'typescript/unstable/ast/is';
import { API } from 'typescript/unstable/sync';

const ROOT = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');
const TEST_DIR = join(ROOT, 'test');

/** test/**\/*.{ts,mts,mjs}, node_modules apart (test/package/site has its own when it is built). */
export function testSources(dir = TEST_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : testSources(path);
    return /\.(ts|mts|mjs)$/.test(d.name) ? [path] : [];
  });
}

/**
 * Parses `files` with the TypeScript compiler. The project's tsconfig is not used: it leaves out
 * test/package/site and the .mjs files; this one is a file only the compiler sees (through the
 * API's file system callbacks), next to the sources so that their paths read the same. `texts`:
 * files the compiler reads from here instead of the disk (path → source).
 */
export function parse<T>(
  files: string[],
  read: (file: SourceFile, path: string) => T,
  texts: Record<string, string> = {},
): T[] {
  const config = join(TEST_DIR, '.test-sources.tsconfig.json');
  const options = { allowJs: true, noLib: true, noResolve: true, types: [], noEmit: true };
  const virtual: Record<string, string> = {
    ...texts,
    [config]: JSON.stringify({ compilerOptions: options, files }),
  };
  const api = new API({
    cwd: ROOT,
    fs: {
      readFile: (f) => virtual[f],
      fileExists: (f) => (f in virtual ? true : undefined),
    },
  });
  try {
    const project = api.updateSnapshot({ openProjects: [config] }).getProject(config);
    assert.ok(project, 'the compiler opened the project of the test sources');
    return files.map((path) => {
      const file = project.program.getSourceFile(path);
      assert.ok(file, `the compiler read ${relative(ROOT, path)}`);
      return read(file, path);
    });
  } finally {
    api.close();
  }
}

/** `assert.ok(x)` and `assert(x)`: exactly one argument, so no message. `file:line` of each. */
export function bareAsserts(file: SourceFile, path: string): string[] {
  const found: string[] = [];
  const visit = (node: Node): void => {
    if (isCallExpression(node) && node.arguments.length === 1) {
      const callee = node.expression;
      const bare =
        (isIdentifier(callee) && callee.text === 'assert') ||
        (isPropertyAccessExpression(callee) &&
          isIdentifier(callee.expression) &&
          callee.expression.text === 'assert' &&
          isIdentifier(callee.name) &&
          callee.name.text === 'ok');
      if (bare)
        found.push(
          `${relative(ROOT, path)}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`,
        );
    }
    node.forEachChild(visit);
  };
  visit(file);
  return found;
}

test('house rule: every assert.ok(…) and assert(…) under test/ carries a message saying what it means', () => {
  const files = testSources();
  assert.ok(
    files.length > 50,
    `the walk finds the test sources (${files.length} found under test/)`,
  );
  const bare = parse(files, bareAsserts).flat();
  assert.deepEqual(
    bare,
    [],
    `a failed assertion without a message says only "falsy value"; give each a message saying what the condition means for a user (or use assert.equal/match/deepEqual):\n  ${bare.join('\n  ')}`,
  );
});

test('the house rule finds a bare assertion however it is written, and lets one with a message pass', () => {
  const path = join(TEST_DIR, 'unit', 'test-sources.sample.mts');
  const sample = [
    'assert.ok(a === b);', // 1: bare
    'assert(', // 2: bare, over three lines
    '  x,',
    ');',
    'f(() => assert.ok(g(1, 2)));', // 5: bare, inside another call
    "assert.ok(y, 'a message');",
    'assert.ok(',
    '  z,',
    "  'a message on the next line',",
    ');',
    'assert.equal(a, b);',
    'other.ok(w);',
    "const s = 'assert.ok(v)';",
  ].join('\n');
  const found = parse([path], bareAsserts, { [path]: sample }).flat();
  assert.deepEqual(
    found,
    [
      'test/unit/test-sources.sample.mts:1',
      'test/unit/test-sources.sample.mts:2',
      'test/unit/test-sources.sample.mts:5',
    ],
    'the bare calls (lines 1, 2, 5) are found; a message on the same or the next line, another callee or a string is not',
  );
});
