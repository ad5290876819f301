/**
 * The simulator's seeded catalogue: head visuals (faces) and TTS voices.
 *
 * Everything is deterministic — derived from `hashString` / `mulberry32`, never Math.random or the
 * clock — so two calls return deep-equal arrays and tests can rely on exact values.
 */
import { hashString, mulberry32 } from './art.js';
import { toHex } from '../platform/hex.js';

export interface SimFace {
  /** UUID (v4 format), deterministic from the index. */
  id: string;
  name: string;
  gender: 'MALE' | 'FEMALE';
  avatar?: string;
  posterImage?: string;
  videoUrl?: string;
  permissionType: string;
  type: string;
  /** ISO 8601 timestamp. */
  createdAt: string;
}

export interface SimVoice {
  /** Human label only; never a voiceId. */
  displayName: string;
  /** The value sent as ttsVoice. */
  voiceId: string;
  locale: string;
  language: string;
  gender: 'MALE' | 'FEMALE';
  provider: string;
}

const FEMALE_NAMES = [
  'Amara',
  'Sofia',
  'Mei',
  'Ingrid',
  'Priya',
  'Lucía',
  'Chloé',
  'Aiko',
  'Fatima',
  'Olga',
  'Zanele',
  'Hannah',
  'Isabela',
  'Leila',
  'Emma',
  'Nadia',
  'Yuna',
  'Freya',
  'Ana',
  'Maryam',
  'Elif',
  'Camille',
  'Keira',
  'Ximena',
  'Noor',
  'Giulia',
] as const;
const MALE_NAMES = [
  'Kwame',
  'Luca',
  'Hiroshi',
  'Mateo',
  'Arjun',
  'Lars',
  'Omar',
  'Théo',
  'Wei',
  'Diego',
  'Ivan',
  'Tomás',
  'Kofi',
  'Jonas',
  'Rafael',
  'Samir',
  'Daniel',
  'Kenji',
  'Malik',
  'Finn',
  'Pedro',
  'Emre',
  'Noah',
  'Aleksander',
  'Tariq',
  'Jamal',
] as const;

/** Faces (by index) with no avatar but a posterImage and a videoUrl: exactly 4. */
const POSTER_ONLY = new Set([5, 18, 31, 44]);
/** Faces (by index) with only a videoUrl: exactly 3. */
const VIDEO_ONLY = new Set([11, 26, 39]);
/** Faces (by index) shared publicly; all others are PRIVATE. */
const PUBLIC = new Set([0, 9, 22, 35, 48]);

/** A UUID in v4 format whose bytes come from a PRNG seeded by `seed`. */
export function deterministicUuid(seed: string): string {
  const r = mulberry32(hashString(seed));
  const b = Array.from({ length: 16 }, () => Math.floor(r() * 256));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40; // version 4
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const h = toHex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const CREATED_FROM = Date.UTC(2025, 0, 6, 9, 0, 0);
const CREATED_STEP = 11 * 24 * 3600 * 1000; // 52 faces × 11 days ≈ Jan 2025 → Aug 2026

/**
 * The seeded head visuals (52: 26 FEMALE, 26 MALE, alternating). `mediaBaseUrl` has no trailing slash;
 * the simulator serves `/faces/<id>.svg`, `/posters/<id>.svg` and `/idle.mp4` under it.
 * 4 faces lack an avatar (posterImage + videoUrl only) and 3 have only a videoUrl, to exercise the
 * thumbnail fallback avatar → posterImage → videoUrl.
 */
export function seedFaces(mediaBaseUrl: string): SimFace[] {
  const faces: SimFace[] = [];
  const count = FEMALE_NAMES.length + MALE_NAMES.length;
  for (let i = 0; i < count; i++) {
    const female = i % 2 === 0;
    const name = (female ? FEMALE_NAMES : MALE_NAMES)[Math.floor(i / 2)] ?? `Face ${i + 1}`;
    const id = deterministicUuid(`dh-kit-face-${i}`);
    const jitter = Math.floor(
      mulberry32(hashString(`dh-kit-face-time-${i}`))() * (CREATED_STEP / 2),
    );
    const hasAvatar = !POSTER_ONLY.has(i) && !VIDEO_ONLY.has(i);
    const hasPoster = !VIDEO_ONLY.has(i);
    const face: SimFace = {
      id,
      name,
      gender: female ? 'FEMALE' : 'MALE',
      ...(hasAvatar ? { avatar: `${mediaBaseUrl}/faces/${id}.svg` } : {}),
      ...(hasPoster ? { posterImage: `${mediaBaseUrl}/posters/${id}.svg` } : {}),
      videoUrl: `${mediaBaseUrl}/idle.mp4`,
      permissionType: PUBLIC.has(i) ? 'PUBLIC' : 'PRIVATE',
      type: 'TALK',
      createdAt: new Date(CREATED_FROM + i * CREATED_STEP + jitter).toISOString(),
    };
    faces.push(face);
  }
  return faces;
}

/** locale → [English language name, label used in display names]. */
const LOCALES: Record<string, readonly [string, string]> = {
  'en-US': ['English', 'US English'],
  'en-GB': ['English', 'British English'],
  'de-DE': ['German', 'German'],
  'fr-FR': ['French', 'French'],
  'es-ES': ['Spanish', 'Spanish'],
  'it-IT': ['Italian', 'Italian'],
  'nl-NL': ['Dutch', 'Dutch'],
  'pt-BR': ['Portuguese', 'Brazilian Portuguese'],
  'ja-JP': ['Japanese', 'Japanese'],
};

type VoiceSeed = readonly [name: string, locale: string, gender: 'F' | 'M'];

/** Voices of the streaming provider (ElevenLabs-like: opaque 20-character ids). */
const STREAMING: readonly VoiceSeed[] = [
  ['Rachel', 'en-US', 'F'],
  ['Adam', 'en-US', 'M'],
  ['Bella', 'en-US', 'F'],
  ['Josh', 'en-US', 'M'],
  ['Elli', 'en-US', 'F'],
  ['Sam', 'en-US', 'M'],
  ['Charlotte', 'en-GB', 'F'],
  ['George', 'en-GB', 'M'],
  ['Alice', 'en-GB', 'F'],
  ['Harry', 'en-GB', 'M'],
  ['Hanna', 'de-DE', 'F'],
  ['Lukas', 'de-DE', 'M'],
  ['Camille', 'fr-FR', 'F'],
  ['Julien', 'fr-FR', 'M'],
  ['Lucía', 'es-ES', 'F'],
  ['Javier', 'es-ES', 'M'],
  ['Francesca', 'it-IT', 'F'],
  ['Matteo', 'it-IT', 'M'],
  ['Beatriz', 'pt-BR', 'F'],
  ['Thiago', 'pt-BR', 'M'],
  ['Sakura', 'ja-JP', 'F'],
  ['Haruto', 'ja-JP', 'M'],
];

/** Azure-like neural voices: id `<locale>-<Name>Neural`. */
const AZURE: readonly VoiceSeed[] = [
  ['Jenny', 'en-US', 'F'],
  ['Guy', 'en-US', 'M'],
  ['Aria', 'en-US', 'F'],
  ['Davis', 'en-US', 'M'],
  ['Sara', 'en-US', 'F'],
  ['Tony', 'en-US', 'M'],
  ['Sonia', 'en-GB', 'F'],
  ['Ryan', 'en-GB', 'M'],
  ['Libby', 'en-GB', 'F'],
  ['Thomas', 'en-GB', 'M'],
  ['Katja', 'de-DE', 'F'],
  ['Conrad', 'de-DE', 'M'],
  ['Amala', 'de-DE', 'F'],
  ['Killian', 'de-DE', 'M'],
  ['Denise', 'fr-FR', 'F'],
  ['Henri', 'fr-FR', 'M'],
  ['Eloise', 'fr-FR', 'F'],
  ['Alain', 'fr-FR', 'M'],
  ['Elvira', 'es-ES', 'F'],
  ['Alvaro', 'es-ES', 'M'],
  ['Abril', 'es-ES', 'F'],
  ['Arnau', 'es-ES', 'M'],
  ['Elsa', 'it-IT', 'F'],
  ['Diego', 'it-IT', 'M'],
  ['Isabella', 'it-IT', 'F'],
  ['Benigno', 'it-IT', 'M'],
  ['Colette', 'nl-NL', 'F'],
  ['Maarten', 'nl-NL', 'M'],
  ['Fenna', 'nl-NL', 'F'],
  ['Francisca', 'pt-BR', 'F'],
  ['Antonio', 'pt-BR', 'M'],
  ['Brenda', 'pt-BR', 'F'],
  ['Donato', 'pt-BR', 'M'],
  ['Nanami', 'ja-JP', 'F'],
  ['Keita', 'ja-JP', 'M'],
  ['Aoi', 'ja-JP', 'F'],
  ['Daichi', 'ja-JP', 'M'],
];

/** AudioStack-like voices: id is the lowercase voice name. */
const AUDIOSTACK: readonly VoiceSeed[] = [
  ['Sara', 'en-US', 'F'],
  ['Isaac', 'en-US', 'M'],
  ['Wren', 'en-GB', 'F'],
  ['Liam', 'en-GB', 'M'],
  ['Lena', 'de-DE', 'F'],
  ['Felix', 'de-DE', 'M'],
  ['Chloe', 'fr-FR', 'F'],
  ['Louis', 'fr-FR', 'M'],
  ['Carmen', 'es-ES', 'F'],
  ['Mateo', 'es-ES', 'M'],
  ['Giulia', 'it-IT', 'F'],
  ['Marco', 'it-IT', 'M'],
  ['Sanne', 'nl-NL', 'F'],
  ['Daan', 'nl-NL', 'M'],
  ['Ana', 'pt-BR', 'F'],
  ['Joao', 'pt-BR', 'M'],
  ['Yui', 'ja-JP', 'F'],
  ['Ren', 'ja-JP', 'M'],
];

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A deterministic 20-character alphanumeric id (ElevenLabs style). */
function opaqueId(seed: string): string {
  const r = mulberry32(hashString(seed));
  let id = '';
  for (let i = 0; i < 20; i++) id += ALNUM[Math.floor(r() * ALNUM.length)] ?? 'x';
  return id;
}

function voice(provider: string, [name, locale, g]: VoiceSeed, voiceId: string): SimVoice {
  const [language, label] = LOCALES[locale] ?? ['English', locale];
  return {
    displayName: `${name} (${label})`,
    voiceId,
    locale,
    language,
    gender: g === 'F' ? 'FEMALE' : 'MALE',
    provider,
  };
}

/**
 * The seeded voices (77): `streamingProvider` (22 voices with opaque 20-character ids, 9 locales),
 * 'azure' (37, ids like `en-US-JennyNeural`) and 'audiostack' (18, ids like `sara`).
 * Pass a streaming provider name other than 'azure'/'audiostack' to get three distinct providers.
 */
export function seedVoices(streamingProvider: string): SimVoice[] {
  return [
    ...STREAMING.map((v) =>
      voice(streamingProvider, v, opaqueId(`dh-kit-voice:${streamingProvider}:${v[0]}:${v[1]}`)),
    ),
    ...AZURE.map((v) => voice('azure', v, `${v[1]}-${v[0]}Neural`)),
    ...AUDIOSTACK.map((v) => voice('audiostack', v, v[0].toLowerCase())),
  ];
}
