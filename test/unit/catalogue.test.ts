import { test } from 'node:test';
import assert from 'node:assert/strict';
import { seedFaces, seedVoices } from '../../src/sim/catalogue.js';
import { faceSvg, hashString } from '../../src/sim/art.js';

const BASE = 'http://127.0.0.1:4010/media';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('faces: count, genders, ids, fields', () => {
  const faces = seedFaces(BASE);
  assert.ok(faces.length >= 48, `only ${faces.length} faces`);
  const females = faces.filter((f) => f.gender === 'FEMALE').length;
  const males = faces.filter((f) => f.gender === 'MALE').length;
  assert.equal(females + males, faces.length);
  assert.ok(Math.abs(females - males) <= 2, `unbalanced genders ${females}/${males}`);
  assert.equal(new Set(faces.map((f) => f.id)).size, faces.length, 'ids are unique');
  for (const f of faces) {
    assert.match(f.id, UUID_V4);
    assert.ok(f.name.length > 0, `face ${f.id} has a name to show`);
    assert.equal(f.type, 'TALK');
    assert.match(f.permissionType, /^(PRIVATE|PUBLIC)$/, `face ${f.id} is PRIVATE or PUBLIC`);
    assert.equal(f.videoUrl, `${BASE}/idle.mp4`);
    if (f.avatar !== undefined) assert.equal(f.avatar, `${BASE}/faces/${f.id}.svg`);
    if (f.posterImage !== undefined) assert.equal(f.posterImage, `${BASE}/posters/${f.id}.svg`);
  }
  const priv = faces.filter((f) => f.permissionType === 'PRIVATE').length;
  assert.ok(priv > faces.length / 2, 'most faces are PRIVATE');
  assert.ok(
    faces.some((f) => f.permissionType === 'PUBLIC'),
    'a few faces are PUBLIC',
  );
  assert.ok(new Set(faces.map((f) => f.name)).size > 40, 'varied names');
});

test('faces: thumbnail fallback cases have exact counts', () => {
  const faces = seedFaces(BASE);
  const posterOnly = faces.filter((f) => !f.avatar && f.posterImage && f.videoUrl);
  const videoOnly = faces.filter((f) => !f.avatar && !f.posterImage && f.videoUrl);
  const full = faces.filter((f) => f.avatar && f.posterImage && f.videoUrl);
  assert.equal(posterOnly.length, 4);
  assert.equal(videoOnly.length, 3);
  assert.equal(full.length, faces.length - 7);
});

test('faces: createdAt distinct ISO timestamps in 2025–2026', () => {
  const faces = seedFaces(BASE);
  const times = faces.map((f) => f.createdAt);
  assert.equal(new Set(times).size, faces.length);
  for (const t of times) {
    assert.equal(new Date(t).toISOString(), t);
    assert.match(t, /^202[56]-/);
  }
  assert.ok(
    times.some((t) => t.startsWith('2025')) && times.some((t) => t.startsWith('2026')),
    'the faces were made across 2025 and 2026',
  );
});

test('catalogue is deterministic', () => {
  assert.deepEqual(seedFaces(BASE), seedFaces(BASE));
  assert.deepEqual(seedVoices('elevenlabs'), seedVoices('elevenlabs'));
  // ids do not depend on the base URL
  assert.deepEqual(
    seedFaces('http://a').map((f) => f.id),
    seedFaces('http://b/x').map((f) => f.id),
  );
});

test('voices: counts, providers, locales, genders', () => {
  const voices = seedVoices('elevenlabs');
  assert.ok(voices.length >= 72, `only ${voices.length} voices`);
  const providers = new Set(voices.map((v) => v.provider));
  assert.ok(
    providers.size >= 3,
    `voices of at least three providers (${[...providers].join(', ')})`,
  );
  assert.ok(
    providers.has('elevenlabs') && providers.has('azure') && providers.has('audiostack'),
    `elevenlabs, azure and audiostack are among the providers (${[...providers].join(', ')})`,
  );
  for (const p of providers) {
    const pv = voices.filter((v) => v.provider === p);
    assert.ok(
      pv.some((v) => v.gender === 'FEMALE') && pv.some((v) => v.gender === 'MALE'),
      `${p}: both genders`,
    );
  }
  const streaming = voices.filter((v) => v.provider === 'elevenlabs');
  assert.ok(
    streaming.length >= 18,
    `the streaming provider has a choice of voices (${streaming.length})`,
  );
  assert.ok(
    new Set(streaming.map((v) => v.locale)).size >= 5,
    'the streaming voices speak at least five locales',
  );
  const locales = new Set(voices.map((v) => v.locale));
  for (const l of [
    'en-US',
    'en-GB',
    'de-DE',
    'fr-FR',
    'es-ES',
    'it-IT',
    'nl-NL',
    'pt-BR',
    'ja-JP',
  ]) {
    assert.ok(locales.has(l), `locale ${l}`);
  }
  const lang = new Map(voices.map((v) => [v.locale, v.language]));
  assert.equal(lang.get('en-US'), 'English');
  assert.equal(lang.get('de-DE'), 'German');
  assert.equal(lang.get('ja-JP'), 'Japanese');
  for (const v of voices) assert.match(v.locale, /^[a-z]{2}-[A-Z]{2}$/);
});

test('voices: id formats per provider and unique (provider, voiceId) pairs', () => {
  const voices = seedVoices('elevenlabs');
  for (const v of voices) {
    if (v.provider === 'elevenlabs') assert.match(v.voiceId, /^[A-Za-z0-9]{20}$/);
    if (v.provider === 'azure') assert.match(v.voiceId, /^[a-z]{2}-[A-Z]{2}-[A-Za-z]+Neural$/);
    if (v.provider === 'audiostack') assert.match(v.voiceId, /^[a-z]+$/);
  }
  const pairs = voices.map((v) => `${v.provider}\u0000${v.voiceId}`);
  assert.equal(new Set(pairs).size, voices.length);
  // the streaming provider name is taken from the argument
  assert.ok(
    seedVoices('other-tts').some((v) => v.provider === 'other-tts'),
    'the streaming voices are listed under the provider name given',
  );
});

test('voices: a displayName is never a voiceId', () => {
  const voices = seedVoices('elevenlabs');
  const ids = new Set(voices.map((v) => v.voiceId));
  for (const v of voices) {
    assert.ok(v.displayName.length > 0, `voice ${v.voiceId} has a name to show`);
    assert.ok(!ids.has(v.displayName), `displayName ${v.displayName} equals a voiceId`);
  }
});

test('hashString is a deterministic 32-bit hash', () => {
  assert.equal(hashString('abc'), hashString('abc'));
  assert.notEqual(hashString('abc'), hashString('abd'));
  assert.equal(hashString(''), 0x811c9dc5);
  assert.equal(hashString('a'), 0xe40c292c); // FNV-1a reference value
  for (const s of ['', 'x', 'a longer string ✓']) {
    const h = hashString(s);
    assert.ok(
      Number.isInteger(h) && h >= 0 && h <= 0xffffffff,
      `the hash of ${JSON.stringify(s)} is an unsigned 32-bit integer (${h})`,
    );
  }
});

test('faceSvg: deterministic, well-formed, escaped, varied', () => {
  const a = faceSvg('seed-1', { gender: 'FEMALE', name: 'Amara' });
  assert.equal(a, faceSvg('seed-1', { gender: 'FEMALE', name: 'Amara' }));
  for (const variant of ['avatar', 'poster'] as const) {
    for (const gender of ['FEMALE', 'MALE'] as const) {
      const s = faceSvg('seed-x', { gender, name: 'Ann <&"> Lee', variant });
      assert.ok(s.startsWith('<svg'), 'starts with <svg');
      assert.ok(s.endsWith('</svg>'), 'ends with </svg>');
      assert.match(
        s,
        /xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
        'declares the SVG namespace (an <img> shows it)',
      );
      assert.ok(!s.includes('Ann <'), 'name < escaped');
      assert.ok(!s.includes('&"'), 'name & and " escaped');
      assert.match(s, /Ann &lt;&amp;&quot;&gt; Lee/, 'the name is shown, escaped');
      // every & starts an entity
      assert.ok(!/&(?!(lt|gt|amp|quot|apos);)/.test(s), 'no bare &');
      // tags are balanced (rough check)
      const opens = (s.match(/<[a-zA-Z][^>]*[^/]>|<[a-zA-Z]+>/g) ?? []).length;
      const closes = (s.match(/<\/[a-zA-Z]+>/g) ?? []).length;
      assert.equal(opens, closes, 'balanced tags');
      assert.ok(s.length < 3500, `svg is ${s.length} chars`);
      assert.ok(!/https?:\/\/(?!www\.w3\.org\/2000\/svg)/.test(s), 'no external references');
    }
  }
  const poster = faceSvg('seed-1', { gender: 'FEMALE', name: 'Amara Diallo', variant: 'poster' });
  assert.notEqual(poster, a);
  assert.ok(poster.includes('>AD</text>'), 'poster shows initials');
  assert.notEqual(
    faceSvg('seed-1', { gender: 'FEMALE', name: 'X' }),
    faceSvg('seed-2', { gender: 'FEMALE', name: 'X' }),
  );
  assert.notEqual(
    faceSvg('seed-1', { gender: 'FEMALE', name: 'X' }),
    faceSvg('seed-1', { gender: 'MALE', name: 'X' }),
  );
  const distinct = new Set(
    Array.from({ length: 20 }, (_, i) => faceSvg(`s${i}`, { gender: 'MALE', name: 'X' })),
  );
  assert.ok(distinct.size >= 18, 'seeds give varied faces');
});
