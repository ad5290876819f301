/** `dh-kit bundle`: the whole embed code a CMS page pastes, from the bundle this installation serves. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { bundleCommand } from '../../src/cli/bundle.js';
import { describeBundle } from '../../src/proxy/bundle.js';

const dir = mkdtempSync(join(tmpdir(), 'dh-cli-bundle-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const files = { avatar: join(dir, 'dh-kit.avatar.js'), all: join(dir, 'dh-kit.bundle.js') };
const code = 'export const kit = "a stand-in avatar file";\n';
writeFileSync(files.avatar, code);
writeFileSync(files.all, 'export const kit = "a stand-in all-elements file";\n');
const { path, integrity } = describeBundle(Buffer.from(code), 'dh-kit.avatar.js');

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  let exit: number;
  try {
    exit = await bundleCommand(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, files);
  } catch (e) {
    err.push((e as Error).message);
    exit = 1;
  }
  return { exit, out: out.join('\n'), err: err.join('\n') };
}

describe('dh-kit bundle', () => {
  test("with --site and --head it prints the whole embed code: the avatar file's script tag and the head tag", async () => {
    const r = await run(['--site', 'https://shop.example/any/page', '--head', 'head-42']);
    assert.equal(r.exit, 0, r.err);
    assert.match(path, /^\/dh-kit\.avatar\.[0-9a-f]{12}\.js$/);
    const script = `<script type="module" src="https://shop.example${path}" integrity="${integrity}" crossorigin="anonymous"></script>`;
    assert.ok(
      r.out.includes(
        `${script}\n<dh-avatar head-id="head-42" endpoint="https://shop.example/dh"></dh-avatar>`,
      ),
      r.out,
    );
    const json = JSON.parse(
      (await run(['--site', 'https://shop.example', '--head', 'head-42', '--json'])).out,
    );
    assert.equal(
      json.embedCode,
      `${script}\n<dh-avatar head-id="head-42" endpoint="https://shop.example/dh"></dh-avatar>`,
    );
  });

  test('without --head: the script tag, and how to get the head tag', async () => {
    const r = await run(['--site', 'https://shop.example']);
    assert.equal(r.exit, 0, r.err);
    assert.match(
      r.out,
      /<script type="module" src="https:\/\/shop\.example\/dh-kit\.avatar\.[0-9a-f]{12}\.js"/,
    );
    assert.doesNotMatch(r.out, /<dh-avatar head-id/);
    assert.match(r.out, /Add --head <id>/);
  });

  test('--all prints the all-elements file (a back office) instead of the avatar file', async () => {
    const r = await run(['--site', 'https://shop.example', '--all']);
    assert.equal(r.exit, 0, r.err);
    assert.match(r.out, /src="https:\/\/shop\.example\/dh-kit\.bundle\.[0-9a-f]{12}\.js"/);
    assert.match(r.out, /and https:\/\/shop\.example\/dh-kit\.bundle\.js, revalidated/);
  });

  test('--prefix moves the proxy; a bad head id or prefix is refused saying why', async () => {
    const moved = await run([
      '--site',
      'https://shop.example',
      '--head',
      'h1',
      '--prefix',
      '/api/dh',
    ]);
    assert.match(moved.out, /endpoint="https:\/\/shop\.example\/api\/dh"/);
    // Another path than /dh: the elements trust it once the site's script lists it.
    assert.match(
      moved.out,
      /configure\(\{ trustedEndpoints: \["https:\/\/shop\.example\/api\/dh"\] \}\)/,
    );
    const bad = await run(['--head', '../x']);
    assert.equal(bad.exit, 1);
    assert.match(bad.err, /--head is a head id/);
    const prefix = await run(['--prefix', 'dh']);
    assert.match(prefix.err, /--prefix is a path such as \/dh/);
  });
});
