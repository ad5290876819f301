/** `dh-kit faces` and `dh-kit voices` against a running simulator (FACE-2…4, VOICE-2, VOICE-3, STREAM-5, AUTH-8). */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { main } from '../../src/cli/main.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';
import { watchSecrets, type SecretScan } from './secret-scan.js';

let sim: RunningSimulator;
/** Every line the commands print is checked for the platform's secrets at the end. */
let scan: SecretScan;
const saved = { ...process.env };
const ENV_KEYS = ['DH_EMAIL', 'DH_SECRET_KEY', 'DH_BASE_URL'];

async function run(...argv: string[]): Promise<{ code: number; out: string[]; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    out: (l) => out.push(...l.split('\n')),
    err: (l) => err.push(l),
  });
  scan.recordText(code, new Headers(), [...out, ...err].join('\n'));
  return { code, out, err: err.join('\n') };
}

/** The start of each column in a table's header line. */
function columnStarts(header: string): number[] {
  return [...header.matchAll(/\S+(?: \S+)*/g)].map((m) => m.index!);
}

describe('dh-kit faces and voices', () => {
  before(async () => {
    sim = await startSimulator();
    scan = watchSecrets(sim);
    Object.assign(process.env, {
      DH_EMAIL: sim.info.email,
      DH_SECRET_KEY: sim.info.secretKey,
      DH_BASE_URL: sim.info.baseUrl,
    });
  });
  after(async () => {
    // LIM-1: no bearer token, secret key or organisation key in anything printed.
    assert.equal(scan.assertClean().withOrgKey, 0);
    for (const k of ENV_KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    await sim.close();
  });

  test('FACE-2 FACE-3 faces: one page of an aligned table, filtered by gender, in the order asked, with the page line', async () => {
    const res = await run(
      'faces',
      '--gender',
      'female',
      '--order',
      'DESC',
      '--page',
      '2',
      '--take',
      '5',
    );
    assert.equal(res.code, 0, res.err);
    const females = sim.store.faces
      .filter((f) => f.gender === 'FEMALE')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const expected = females.slice(5, 10);
    const [header, ...rest] = res.out;
    assert.match(header!, /^ID {2,}NAME {2,}GENDER {2,}THUMBNAIL$/);
    const rows = rest.slice(0, 5);
    assert.deepEqual(
      rows.map((r) => r.split(/\s+/)[0]),
      expected.map((f) => f.id),
      'page 2 of the female faces, newest first',
    );
    // Aligned: every row's cells start where the header's columns start (no tabs).
    const starts = columnStarts(header!);
    for (const [i, row] of rows.entries()) {
      assert.doesNotMatch(row, /\t/);
      assert.equal(row.slice(starts[1]!).startsWith(expected[i]!.name), true, row);
      assert.equal(row.slice(starts[2]!, starts[2]! + 6), 'FEMALE');
    }
    assert.equal(
      res.out[6],
      `Page 2 of ${Math.ceil(females.length / 5)} · ${females.length} faces · next: --page 3`,
    );
  });

  test('FACE-4 the thumbnail column falls back to posterImage, then videoUrl', async () => {
    const res = await run('faces', '--take', '100');
    assert.equal(res.code, 0, res.err);
    const posterOnly = sim.store.faces.find((f) => !f.avatar && f.posterImage)!;
    const videoOnly = sim.store.faces.find((f) => !f.avatar && !f.posterImage && f.videoUrl)!;
    assert.ok(
      res.out.find((l) => l.startsWith(posterOnly.id))!.endsWith(posterOnly.posterImage!),
      'a face without an avatar shows its posterImage',
    );
    assert.ok(
      res.out.find((l) => l.startsWith(videoOnly.id))!.endsWith(videoOnly.videoUrl!),
      'a face without an avatar or a poster shows its videoUrl',
    );
  });

  test('FACE-1 faces --json prints the platform page {data, meta} for scripts', async () => {
    const res = await run('faces', '--take', '3', '--json');
    assert.equal(res.code, 0, res.err);
    const page = JSON.parse(res.out.join('\n'));
    assert.equal(page.data.length, 3);
    const face = sim.store.faces.find((f) => f.id === page.data[0].id)!;
    assert.deepEqual(
      {
        id: page.data[0].id,
        name: page.data[0].name,
        gender: page.data[0].gender,
        type: page.data[0].type,
      },
      { id: face.id, name: face.name, gender: face.gender, type: face.type },
    );
    assert.equal(page.meta.itemCount, sim.store.faces.length);
    assert.equal(page.meta.hasNextPage, true);
  });

  test('faces: a wrong flag value says what to type and sends nothing', async () => {
    const before = sim.store.requests.length;
    const res = await run('faces', '--gender', 'robot');
    assert.equal(res.code, 2);
    assert.match(res.err, /--gender must be MALE or FEMALE, not "robot"/);
    assert.equal((await run('faces', '--take', '0')).code, 2);
    assert.equal(sim.store.requests.length, before);
  });

  test("AUTH-8 ERR-3 a 403 on faces and voices is the client's message, saying what to do", async () => {
    process.env.DH_EMAIL = 'no-subscription@dh-kit.local';
    try {
      const faces = await run('faces');
      assert.equal(faces.code, 1);
      assert.match(
        faces.err,
        /^dh-kit faces: The platform refused access \(403\): the organisation has no active subscription\. Subscribe/,
      );
      const voices = await run('voices');
      assert.equal(voices.code, 1);
      assert.match(
        voices.err,
        /refused access \(403\): the organisation has no active subscription/,
      );
    } finally {
      process.env.DH_EMAIL = sim.info.email;
    }
  });

  test('VOICE-2 VOICE-3 voices --provider: only that provider, the voiceId first, the footer says to use it', async () => {
    const res = await run('voices', '--provider', 'azure');
    assert.equal(res.code, 0, res.err);
    const [header, ...rows] = res.out.slice(0, -1);
    assert.match(header!, /^VOICE ID {2,}NAME {2,}LOCALE {2,}LANGUAGE {2,}GENDER {2,}PROVIDER$/);
    const azure = sim.store.voices.filter((v) => v.provider === 'azure');
    assert.equal(rows.length, azure.length);
    for (const row of rows) assert.match(row, / {2}azure$/);
    assert.deepEqual(
      new Set(rows.map((r) => r.split(/\s{2,}/)[0])),
      new Set(azure.map((v) => v.voiceId)),
    );
    assert.equal(
      res.out.at(-1),
      `${azure.length} voices of azure. --voice takes the VOICE ID, never the name.`,
    );
  });

  test("STREAM-5 voices --streaming lists only the streaming provider's voices; --json is the list", async () => {
    const provider = sim.store.options.streamingProvider;
    const res = await run('voices', '--streaming', '--json');
    assert.equal(res.code, 0, res.err);
    const voices = JSON.parse(res.out.join('\n')) as {
      provider: string;
      voiceId: string;
      displayName: string;
    }[];
    assert.equal(voices.length, sim.store.voices.filter((v) => v.provider === provider).length);
    assert.ok(
      voices.every((v) => v.provider === provider),
      'every voice listed is the streaming provider’s',
    );
    const conflict = await run('voices', '--streaming', '--provider', 'azure');
    assert.equal(conflict.code, 2);
    assert.match(conflict.err, new RegExp(`--streaming lists the voices of ${provider}`));
  });
});
