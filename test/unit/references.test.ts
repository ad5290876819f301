/**
 * What the repository's files point at, a reader of a clone can follow: no file names a tracker's
 * issue by its number or leans on an issue's figures without saying them, and none cites the
 * design document the project once kept beside the code, which a clone does not have. Each says
 * the behaviour, the figure or the rule itself.
 * The files are git's (tracked, and new ones it does not ignore), text only.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = new URL('../../', import.meta.url).pathname;
const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|md|json|html|css|ya?ml|toml|txt|sh)$|^\.ci\/run$/;

/** What a reader cannot follow, each with what to write instead. */
const UNFOLLOWABLE: [RegExp, string][] = [
  [/\bissues? #?\d+/i, 'an issue number: say the behaviour'],
  [/\bthe issue'?s\b/i, "an issue's words: say the bound, target or figure"],
  // The dot in a character class, so this line does not match itself.
  [/\bDESIGN[.]md\b/, 'a design document a clone lacks: say the rule or the figure'],
];

test('no file points at an issue number, at an issue for its figures, or at a design document a clone lacks', () => {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: ROOT, encoding: 'utf8' },
  )
    .split('\0')
    .filter((f) => TEXT.test(f));
  assert.ok(files.length > 100, `the repository's files are listed (${files.length})`);
  const found: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(join(ROOT, file), 'utf8');
    } catch {
      continue; // Deleted in the work tree, not yet in the index.
    }
    text.split('\n').forEach((line, i) => {
      for (const [pattern, instead] of UNFOLLOWABLE)
        if (pattern.test(line)) found.push(`${file}:${i + 1}: ${instead}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, []);
});
