/** EV-8: webhook signature verification, every case the issue names. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { signWebhookBody, verifyWebhookSignature } from '../../src/proxy/webhook-signature.js';

const GITHUB = {
  secret: "It's a Secret to Everybody",
  body: 'Hello, World!',
  header: 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
};
const KEY = 'shared-key-0123456789abcdef';
const BODY = JSON.stringify({
  timestamp: '2026-11-22T08:00:00.000Z',
  head_id: 'h1',
  session_id: 's1',
  public_head_id: 'p1',
  public_org_id: 'o1',
  event_type: 'start_conversation',
});

describe('EV-8 verifyWebhookSignature', () => {
  test("verifies GitHub's published test vector", async () => {
    assert.equal(await verifyWebhookSignature(GITHUB.body, GITHUB.header, [GITHUB.secret]), true);
    assert.equal(await signWebhookBody(GITHUB.body, GITHUB.secret), GITHUB.header);
  });

  test('accepts a valid signature, with or without the sha256= prefix, in either case of hex', async () => {
    const header = await signWebhookBody(BODY, KEY);
    assert.equal(await verifyWebhookSignature(BODY, header, [KEY]), true);
    assert.equal(await verifyWebhookSignature(BODY, header.slice('sha256='.length), [KEY]), true);
    assert.equal(
      await verifyWebhookSignature(BODY, header.toUpperCase().replace('SHA256=', 'sha256='), [KEY]),
      true,
    );
    assert.equal(
      await verifyWebhookSignature(new TextEncoder().encode(BODY), header, [KEY]),
      true,
      'raw bytes too',
    );
  });

  test('refuses a tampered body (even re-serialised JSON of the same object)', async () => {
    const header = await signWebhookBody(BODY, KEY);
    assert.equal(
      await verifyWebhookSignature(BODY.replace('start_conversation', 'end_conversation'), header, [
        KEY,
      ]),
      false,
    );
    assert.equal(
      await verifyWebhookSignature(JSON.stringify(JSON.parse(BODY), null, 1), header, [KEY]),
      false,
    );
  });

  test('refuses a signature of the right length with any one byte wrong, wherever it is (a property over every byte and every change)', async () => {
    const header = await signWebhookBody(BODY, KEY);
    const digest = Buffer.from(header.slice('sha256='.length), 'hex');
    assert.equal(digest.length, 32);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 31 }),
        fc.integer({ min: 1, max: 255 }),
        async (at, flip) => {
          const changed = Buffer.from(digest);
          changed[at] = changed[at]! ^ flip;
          return !(await verifyWebhookSignature(BODY, `sha256=${changed.toString('hex')}`, [KEY]));
        },
      ),
      { numRuns: 200 },
    );
    // And every position once, the last byte included (a prefix comparison would pass it).
    for (let at = 0; at < 32; at++) {
      const changed = Buffer.from(digest);
      changed[at] = changed[at]! ^ 1;
      assert.equal(
        await verifyWebhookSignature(BODY, `sha256=${changed.toString('hex')}`, [KEY]),
        false,
        `byte ${at} changed`,
      );
    }
  });

  test('refuses a wrong key, a missing header, a malformed header, a wrong length', async () => {
    const header = await signWebhookBody(BODY, KEY);
    assert.equal(await verifyWebhookSignature(BODY, header, ['another-key']), false);
    assert.equal(await verifyWebhookSignature(BODY, undefined, [KEY]), false);
    assert.equal(await verifyWebhookSignature(BODY, '', [KEY]), false);
    assert.equal(await verifyWebhookSignature(BODY, 'sha1=abcdef', [KEY]), false);
    assert.equal(await verifyWebhookSignature(BODY, `sha256=zz${header.slice(9)}`, [KEY]), false);
    assert.equal(
      await verifyWebhookSignature(BODY, header.slice(0, -2), [KEY]),
      false,
      'too short',
    );
    assert.equal(await verifyWebhookSignature(BODY, `${header}00`, [KEY]), false, 'too long');
    assert.equal(await verifyWebhookSignature(BODY, header, []), false, 'no key');
  });

  test('key rotation: the old and the new key are both accepted', async () => {
    const oldHeader = await signWebhookBody(BODY, 'old-key-0123456789');
    const newHeader = await signWebhookBody(BODY, 'new-key-0123456789');
    const keys = ['old-key-0123456789', 'new-key-0123456789'];
    assert.equal(await verifyWebhookSignature(BODY, oldHeader, keys), true);
    assert.equal(await verifyWebhookSignature(BODY, newHeader, keys), true);
    assert.equal(
      await verifyWebhookSignature(BODY, oldHeader, ['new-key-0123456789']),
      false,
      'once the old key is retired',
    );
  });
});

/** Names of things that must be compared in constant time. */
const SECRETISH = /secret|token|sig(nature)?\b|digest|sharedkey|api_?key|password/i;

describe('secrets and signatures are compared in constant time only', () => {
  test('the proxy compares a secret or a signature only through crypto.subtle.verify or sameSecret, never with === or a byte loop of its own', () => {
    const dir = join(import.meta.dirname, '../../src/proxy');
    const files = (readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(dir, f));
    const offenders: string[] = [];
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        // A comment on the line before the statement names a comparison that is not a check of a
        // secret (the statement may be broken over several lines).
        let start = i;
        while (start > 0 && !/(^\s*\/\/.*|[;{}])\s*$/.test(lines[start - 1]!)) start--;
        if (/not a check of a caller's secret/i.test(lines[start - 1] ?? '')) return;
        // Each (in)equality: the operands either side. One that names a secret, token, signature,
        // key or digest, compared with anything but a literal, is an offender.
        for (const m of line.matchAll(/([\w.$\][!?()]+)\s*[!=]==?\s*([\w.$\][!?()'"`-]+)/g)) {
          const [left, right] = [m[1]!, m[2]!];
          const literal = (x: string) =>
            /^(undefined|null|true|false|\d+|'[^']*'|"[^"]*"|`[^`]*`|typeof)$/.test(x) ||
            /\.length$/.test(x);
          if (
            (SECRETISH.test(left) || SECRETISH.test(right)) &&
            !literal(left) &&
            !literal(right) &&
            !/^typeof\b/.test(line.slice(0, m.index).split(/[(&|]/).at(-1)!.trim())
          ) {
            offenders.push(`${file.slice(dir.length + 1)}:${i + 1}: ${line.trim()}`);
          }
        }
        if (/timingSafeEqual/.test(line))
          offenders.push(`${file.slice(dir.length + 1)}:${i + 1}: ${line.trim()}`);
      });
    }
    assert.deepEqual(
      offenders,
      [],
      'compare secrets with sameSecret (security/same-secret.ts) or crypto.subtle.verify',
    );
  });
});
