/**
 * Every locale of `src/elements/locales/` against the English catalogue: the same keys with the
 * same kinds (a string, or a function of the same values), every function a non-empty string for
 * sample values (both branches of the optional ones), no message left in English, Arabic and
 * Japanese in their own script, and a text of its own for each error code the elements show.
 *
 * A section still being translated fails with the list of its missing keys.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { VISITOR_CODES } from '../../src/api/errors.js';
import { avatarMessages } from '../../src/elements/avatar/messages.js';
import { bubbleMessages } from '../../src/elements/avatar/bubble.js';
import { consentMessages } from '../../src/elements/avatar/consent-notice.js';
import { micHintMessages } from '../../src/elements/avatar/mic-hint-note.js';
import { facePickerMessages } from '../../src/elements/face-picker/messages.js';
import { headFormMessages } from '../../src/elements/head-form/messages.js';
import { insightsMessages } from '../../src/elements/insights/messages.js';
import { locales } from '../../src/elements/locales/index.js';
import { formats, type Formats } from '../../src/elements/shared/formats.js';
import type { Catalogue } from '../../src/elements/localized.js';
import { sharedMessages } from '../../src/elements/shared/messages.js';
import { videoStudioMessages } from '../../src/elements/video-studio/messages.js';
import { voicePickerMessages } from '../../src/elements/voice-picker/messages.js';

type Messages = Record<string, unknown>;
type Fn = (...args: unknown[]) => unknown;

const english: Record<keyof Catalogue, Messages> = {
  shared: sharedMessages,
  avatar: { ...avatarMessages, ...bubbleMessages, ...consentMessages, ...micHintMessages },
  facePicker: facePickerMessages,
  voicePicker: voicePickerMessages,
  headForm: headFormMessages,
  videoStudio: videoStudioMessages,
  insights: insightsMessages,
};

const folder = new URL('../../src/elements/locales/', import.meta.url);
const tags = readdirSync(folder, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const catalogues = new Map<string, Catalogue>();
for (const tag of tags)
  catalogues.set(
    tag,
    (
      (await import(`../../src/elements/locales/${tag}/index.js`)) as {
        default: (f: Formats) => Catalogue;
      }
    ).default(formats(tag)),
  );

/**
 * Messages that may read exactly as in English, in every locale (`section.key`) or in the locales
 * listed. Keep this short: each entry says why.
 */
const SAME_AS_ENGLISH: Record<string, { why: string; locales?: string[] }> = {
  'videoStudio.count': { why: 'two numbers and a slash ("8 / 5000")' },
  'headForm.namePlaceholder': { why: 'an example first name ("Ava"), which a locale may keep' },
  'headForm.alias': {
    why: '"Alias" is the word in these languages too',
    locales: ['de', 'fr', 'es', 'it', 'nl', 'pl'],
  },
  'headForm.pluginGroup': {
    why: '"Plugin" is the word in these languages too',
    locales: ['de', 'fr', 'es', 'it', 'nl', 'pt'],
  },
  'facePicker.name': { why: '"Name" is the German word', locales: ['de'] },
  'headForm.modeTerm': { why: '"Mode" is the French word', locales: ['fr'] },
  'headForm.pluginOptions': { why: '"Options" is the French word', locales: ['fr'] },
  'headForm.suggestions': { why: '"Suggestions" is the French word', locales: ['fr'] },
  'headForm.layout': {
    why: '"Layout" is the word Italian and Portuguese interfaces use',
    locales: ['it', 'pt'],
  },
  'voicePicker.provider': { why: '"Provider" is the word Italian interfaces use', locales: ['it'] },
  'voicePicker.byText': {
    why: 'only quotation marks around the text searched, and “…” are Italian and Portuguese ones too',
    locales: ['it', 'pt'],
  },
};

/** Functions that return '' on purpose for some values (then the element shows the shared error text). */
const MAY_BE_EMPTY = new Set(['headForm.refused', 'headForm.fieldRefused', 'videoStudio.refused']);

/** The letters a locale's own words must include (a message may quote Latin names beside them). */
const SCRIPT: Record<string, RegExp> = {
  ar: /\p{Script=Arabic}/u,
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
};

/**
 * The values tried for a parameter of each type: the numbers select every plural form (Polish
 * one/few/many, Arabic zero/one/two/few/many/other); an optional parameter is also left out.
 */
const NAME = 'Ada';
const VALUES: Record<string, unknown[]> = {
  string: [NAME],
  number: [0, 1, 2, 5, 21, 1000],
  'string[]': [[NAME], [NAME, 'Bob'], [NAME, 'Bob', 'Cy']],
  '[number, number][]': [
    [[1, 60]],
    [
      [1, 60],
      [61, 120],
    ],
  ],
};
/** For a type this test does not know (or a parameter list it cannot read): each of these, those English answers sensibly. */
const ANY: unknown[] = Object.values(VALUES).flat();

/** The English source of each section (the pickers spread shared/picker-messages.ts). */
const SOURCES: Record<keyof Catalogue, string[]> = {
  shared: ['shared/error-words.ts'],
  avatar: ['avatar/messages.ts', 'avatar/bubble.ts', 'avatar/consent-notice.ts'],
  facePicker: ['face-picker/messages.ts', 'shared/picker-messages.ts'],
  voicePicker: ['voice-picker/messages.ts', 'shared/picker-messages.ts'],
  headForm: ['head-form/messages.ts'],
  videoStudio: ['video-studio/messages.ts'],
  insights: ['insights/messages.ts'],
};

/** Each English function message's parameters as written (`key: (name?: string, max: number): string =>`). */
function parameters(section: keyof Catalogue): Map<string, { type: string; optional: boolean }[]> {
  const out = new Map<string, { type: string; optional: boolean }[]>();
  for (const file of SOURCES[section]) {
    const source = readFileSync(new URL(`../../src/elements/${file}`, import.meta.url), 'utf8');
    for (const [, key, list] of source.matchAll(/^\s+(\w+): \(([^()]*)\)(?:: string)? =>/gm)) {
      const params = list!
        .split(/,(?![^[]*\])/)
        .map((p) => p.trim())
        .filter(Boolean);
      out.set(
        key!,
        params.map((p) => ({
          type: p.replace(/^[\w$]+\??:\s*/, ''),
          optional: /^[\w$]+\?:/.test(p),
        })),
      );
    }
  }
  return out;
}

/** The argument lists to try on a function message, and English's text for each (those it answers sensibly). */
function samples(
  fn: Fn,
  params: { type: string; optional: boolean }[] | undefined,
): { args: unknown[]; text: string }[] {
  const choices = params
    ? params.map((p) => [...(VALUES[p.type] ?? ANY), ...(p.optional ? [undefined] : [])])
    : Array.from({ length: fn.length }, () => [...ANY, undefined]);
  let tuples: unknown[][] = [[]];
  for (const values of choices) tuples = tuples.flatMap((t) => values.map((v) => [...t, v]));
  const out: { args: unknown[]; text: string }[] = [];
  for (const args of tuples) {
    let text: unknown;
    try {
      text = fn(...args);
    } catch {
      continue;
    }
    if (typeof text === 'string' && text.trim() && !/undefined|NaN|\[object/.test(text))
      out.push({ args, text });
  }
  return out;
}

/** A message's own letters: its text without the values it was given. */
function ownText(text: string, args: unknown[]): string {
  let rest = text;
  for (const v of args.flat(2)) if (typeof v === 'string') rest = rest.split(v).join('');
  return rest;
}

/** What is wrong with one message of a locale, if anything. */
function problems(
  tag: string,
  section: string,
  key: string,
  en: unknown,
  theirs: unknown,
  params?: { type: string; optional: boolean }[],
): string[] {
  const id = `${section}.${key}`;
  if (typeof theirs !== typeof en)
    return [`${id}: a ${typeof theirs}, not a ${typeof en} as in English`];
  const allowed = SAME_AS_ENGLISH[id];
  const mayBeSame = !!allowed && (!allowed.locales || allowed.locales.includes(tag));
  const script = SCRIPT[tag];
  const out: string[] = [];
  if (typeof en === 'string') {
    if (!(theirs as string).trim()) out.push(`${id}: empty`);
    if (theirs === en && !mayBeSame) out.push(`${id}: same as English ("${en}")`);
    if (script && /\p{L}/u.test(theirs as string) && !script.test(theirs as string) && !mayBeSame)
      out.push(`${id}: not in its script ("${theirs}")`);
    return out;
  }
  const cases = samples(en as Fn, params);
  if (!cases.length)
    return [`${id}: no sample value suits the English message (see VALUES in this test)`];
  let same = true;
  const failed: string[] = [];
  for (const { args, text } of cases) {
    const call = `${id}(${args.map((a) => JSON.stringify(a) ?? 'undefined').join(', ')})`;
    let result: unknown;
    try {
      result = (theirs as Fn)(...args);
    } catch (err) {
      failed.push(`${call} throws: ${(err as Error).message}`);
      continue;
    }
    if (typeof result !== 'string') failed.push(`${call} returns a ${typeof result}`);
    else if (!result.trim() && !MAY_BE_EMPTY.has(id)) failed.push(`${call} is empty`);
    else if (/undefined|NaN|\[object/.test(result)) failed.push(`${call} says "${result}"`);
    else if (
      script &&
      /\p{L}/u.test(ownText(result, args)) &&
      !script.test(ownText(result, args)) &&
      !mayBeSame
    )
      failed.push(`${call} is not in its script: "${result}"`);
    if (result !== text) same = false;
  }
  // The first failure of each message, and how many samples failed.
  if (failed.length)
    out.push(
      failed.length > 1
        ? `${failed[0]} (and ${failed.length - 1} more of ${cases.length} samples)`
        : failed[0]!,
    );
  if (same && !mayBeSame) out.push(`${id}: same as English for every sample ("${cases[0]!.text}")`);
  return out;
}

it('every locale folder is in the loader map (locales/index.ts), and every entry has a folder', () => {
  assert.deepEqual(
    Object.keys(locales).sort(),
    tags.filter((t) => t !== 'en'),
  );
});

for (const tag of tags) {
  describe(`locale ${tag}`, () => {
    const catalogue = catalogues.get(tag)! as unknown as Record<string, Messages | undefined>;

    for (const [section, en] of Object.entries(english)) {
      it(`${tag}.${section}: every English message, translated`, () => {
        const theirs = catalogue[section];
        assert.ok(theirs && typeof theirs === 'object', `${tag}: no "${section}" section`);
        const keys = Object.keys(en);
        const missing = keys.filter((k) => !(k in theirs));
        const extra = Object.keys(theirs).filter((k) => !(k in en));
        const params = parameters(section as keyof Catalogue);
        const found = keys
          .filter((k) => k in theirs)
          .flatMap((k) => problems(tag, section, k, en[k], theirs[k], params.get(k)));
        const report = [
          missing.length
            ? `${missing.length} of ${keys.length} messages missing: ${missing.join(', ')}`
            : '',
          extra.length ? `not in English (renamed or removed?): ${extra.join(', ')}` : '',
          ...found,
        ].filter(Boolean);
        if (report.length) assert.fail(`${tag}.${section}:\n  ${report.join('\n  ')}`);
      });
    }

    it(`${tag}.shared.error: a text of its own for each error code, never the English message`, () => {
      const { error } = catalogue.shared as Catalogue['shared'];
      const english = 'The English message from the proxy.';
      const fallback = error('no_such_code', english);
      assert.ok(!fallback.includes(english), `${tag}: the fallback shows the English message`);
      const unexplained = VISITOR_CODES.filter((code) => {
        const text = error(code, english);
        return !text.trim() || text === fallback || text.includes(english);
      });
      if (unexplained.length)
        assert.fail(`${tag}: codes without a text of their own: ${unexplained.join(', ')}`);
      const texts = VISITOR_CODES.map((code) => error(code, english));
      assert.equal(new Set(texts).size, texts.length, `${tag}: two codes share a text`);
    });
  });
}
