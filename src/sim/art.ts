/**
 * Deterministic illustrated portraits for the simulator's head visuals.
 *
 * `faceSvg(seed, …)` returns a small self-contained SVG (no external assets, no web fonts):
 * the same seed and options always give the same string. Colours and shapes are chosen from
 * curated palettes by a hash of the seed, so every simulated face looks different but friendly.
 */

export type Gender = 'MALE' | 'FEMALE';

export interface FaceSvgOptions {
  gender: Gender;
  name: string;
  /** 'avatar' (default): plain thumbnail. 'poster': framed, with the name's initials in a corner. */
  variant?: 'avatar' | 'poster';
}

/** FNV-1a, 32-bit, over the UTF-16 code units of `s`. Deterministic; returns an unsigned integer. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Escapes text for use in XML text content and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) =>
    c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : c === '"' ? '&quot;' : '&apos;',
  );
}

// [skin, shade (ears/neck/nose)]
const SKIN: ReadonlyArray<readonly [string, string]> = [
  ['#f6d7c3', '#e8bba3'],
  ['#efc3a0', '#dca480'],
  ['#e0ac84', '#c98f66'],
  ['#c68a5e', '#ad7248'],
  ['#a5683f', '#8c5531'],
  ['#7c4a2b', '#663a20'],
];
const HAIR = [
  '#2b2220',
  '#4a3128',
  '#6b4430',
  '#8c5a34',
  '#b8783e',
  '#d9b26f',
  '#a13d24',
  '#8f8a86',
];
const SHIRT = [
  '#3c6e71',
  '#335c81',
  '#6d597a',
  '#b56576',
  '#2a9d8f',
  '#e07a5f',
  '#5b8e55',
  '#46526e',
];
const BG = ['#f4e3d7', '#dbe7e4', '#e3e0f3', '#f7e7c6', '#d9e8f5', '#f3d9de', '#e4efd6', '#ece4db'];
const POSTER_BG: ReadonlyArray<readonly [string, string]> = [
  ['#264653', '#2a9d8f'],
  ['#3d315b', '#7e6b8f'],
  ['#1d3557', '#457b9d'],
  ['#5f0f40', '#9a031e'],
  ['#283618', '#606c38'],
  ['#22223b', '#4a4e69'],
];

function pick<T>(list: readonly T[], r: () => number): T {
  const v = list[Math.floor(r() * list.length)];
  if (v === undefined) throw new Error('empty palette');
  return v;
}

// Hair drawn behind the head (long styles) and in front of it (fringe / crop), per style.
const HAIR_BACK_F = [
  'M64 132C58 58 182 58 176 132L182 236C150 250 90 250 58 236Z', // long straight
  'M62 150C54 60 186 60 178 150C180 176 172 190 162 194H78C68 190 60 176 62 150Z', // bob
  '', // bun (front only)
  'M60 140C52 60 188 60 180 140C192 170 184 214 170 226C150 240 90 240 70 226C56 214 48 170 60 140Z', // voluminous
];
const HAIR_FRONT_F = [
  'M70 128C66 80 94 64 122 64C150 64 176 82 170 128C152 114 132 98 122 82C110 102 92 116 70 128Z',
  'M70 126C66 78 96 62 122 62C150 62 174 80 170 126C160 108 140 100 116 100C98 100 82 106 70 126Z',
  'M70 126C66 80 96 66 120 66C146 66 174 80 170 126C160 100 140 88 120 88C100 88 80 100 70 126ZM120 42a20 20 0 1 1 0 40a20 20 0 1 1 0-40Z',
  'M68 130C62 76 94 60 120 60C148 60 178 76 172 130C164 110 148 96 140 92C128 104 104 104 94 94C84 102 74 114 68 130Z',
];
const HAIR_FRONT_M = [
  'M72 122C66 76 96 62 122 62C152 62 176 78 168 122C164 104 156 94 150 90C130 98 102 96 88 90C80 100 76 110 72 122Z', // crop
  'M72 124C64 70 100 52 130 56C162 60 178 84 168 124C166 104 160 94 152 88C134 94 110 86 104 78C92 92 78 104 72 124Z', // quiff
  'M72 118C66 88 80 70 96 66C104 56 118 56 124 60C136 54 152 58 156 68C170 74 176 94 168 118C160 98 148 88 120 88C96 88 80 98 72 118Z', // curly
  'M72 112C74 78 96 66 120 66C144 66 166 78 168 112C150 96 138 92 120 92C102 92 90 96 72 112Z', // short / receding
];

/** A deterministic illustrated portrait (viewBox 240x300) as an SVG string. */
export function faceSvg(seed: string, opts: FaceSvgOptions): string {
  const r = mulberry32(hashString(`${opts.gender}:${seed}`));
  const poster = opts.variant === 'poster';
  const female = opts.gender === 'FEMALE';
  const [skin, shade] = pick(SKIN, r);
  const hair = pick(HAIR, r);
  const shirt = pick(SHIRT, r);
  const bg = pick(BG, r);
  const [pbg1, pbg2] = pick(POSTER_BG, r);
  const style = Math.floor(r() * 4);
  const glasses = r() < 0.22;
  const beard = !female && r() < 0.3;
  const smile = Math.floor(r() * 3);
  const gid = `g${hashString(seed).toString(36)}`;
  const name = escapeXml(opts.name);

  const p: string[] = [];
  p.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 300" width="240" height="300" role="img" aria-label="${name}">`,
    `<title>${name}</title>`,
  );
  if (poster) {
    p.push(
      `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${pbg2}"/><stop offset="1" stop-color="${pbg1}"/></linearGradient></defs>`,
      `<rect width="240" height="300" fill="url(#${gid})"/>`,
      `<circle cx="120" cy="128" r="92" fill="#fff" opacity=".14"/>`,
    );
  } else {
    p.push(`<rect width="240" height="300" fill="${bg}"/>`);
  }
  const hairBack = female ? HAIR_BACK_F[style] : '';
  if (hairBack) p.push(`<path d="${hairBack}" fill="${hair}"/>`);
  // neck + shoulders (with a V collar)
  p.push(
    `<rect x="104" y="164" width="32" height="90" rx="12" fill="${shade}"/>`,
    `<path d="M18 300C18 250 58 224 104 220L120 246L136 220C182 224 222 250 222 300Z" fill="${shirt}"/>`,
  );
  // ears + head
  p.push(
    `<ellipse cx="72" cy="136" rx="9" ry="14" fill="${shade}"/><ellipse cx="168" cy="136" rx="9" ry="14" fill="${shade}"/>`,
    `<ellipse cx="120" cy="128" rx="48" ry="58" fill="${skin}"/>`,
  );
  if (beard) {
    p.push(
      `<path d="M74 140C76 190 100 192 120 192C140 192 164 190 166 140C160 162 150 170 138 166C128 160 112 160 102 166C90 170 80 162 74 140Z" fill="${hair}"/>`,
    );
  }
  const front = (female ? HAIR_FRONT_F : HAIR_FRONT_M)[style];
  if (front) p.push(`<path d="${front}" fill="${hair}"/>`);
  // brows, eyes, nose, cheeks, mouth
  p.push(
    `<path d="M92 118q10-6 20 0M128 118q10-6 20 0" stroke="${hair}" stroke-width="3.5" fill="none" stroke-linecap="round"/>`,
    `<circle cx="102" cy="134" r="5" fill="#2d2424"/><circle cx="138" cy="134" r="5" fill="#2d2424"/>`,
    `<circle cx="104" cy="132" r="1.6" fill="#fff"/><circle cx="140" cy="132" r="1.6" fill="#fff"/>`,
    `<path d="M120 140q-5 12 1 14" stroke="${shade}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
    `<ellipse cx="92" cy="154" rx="9" ry="5" fill="#f08a8a" opacity=".3"/><ellipse cx="148" cy="154" rx="9" ry="5" fill="#f08a8a" opacity=".3"/>`,
  );
  if (beard && smile !== 2) {
    p.push(
      `<path d="M106 166q14 10 28 0" stroke="#f3e6e0" stroke-width="3" fill="none" stroke-linecap="round"/>`,
    );
  } else if (smile === 2) {
    p.push(
      `<path d="M104 163q16 22 32 0Z" fill="#7a2a35"/><path d="M107 164h26q-2 5-5 5h-16q-3 0-5-5Z" fill="#fff"/>`,
    );
  } else {
    p.push(
      `<path d="M107 166q13 ${smile === 0 ? 10 : 7} 26 0" stroke="#b0505a" stroke-width="3.5" fill="none" stroke-linecap="round"/>`,
    );
  }
  if (glasses) {
    p.push(
      `<g fill="none" stroke="#33302e" stroke-width="2.5"><circle cx="102" cy="134" r="13"/><circle cx="138" cy="134" r="13"/><path d="M115 133h10M89 132l-15-4M151 132l15-4"/></g>`,
    );
  }
  if (poster) {
    p.push(
      `<rect x="6" y="6" width="228" height="288" rx="10" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>`,
      `<circle cx="200" cy="260" r="24" fill="#fff" opacity=".9"/>`,
      `<text x="200" y="268" text-anchor="middle" font-family="system-ui, sans-serif" font-size="20" font-weight="700" fill="${pbg1}">${escapeXml(initials(opts.name))}</text>`,
    );
  }
  p.push('</svg>');
  return p.join('');
}

/** Up to two uppercase initials of a name ("Ana Lima" → "AL", "Kofi" → "K"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  const chars = [first, last].map((w) => Array.from(w)[0] ?? '').join('');
  return chars.toUpperCase() || '?';
}
