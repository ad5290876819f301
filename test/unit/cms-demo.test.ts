/**
 * The demo's CMS page (another origin, the embed code pasted into it): it answers with the
 * headers the demo site's pages have, so the demo shows the kit working under them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { hostPageCsp, startCmsDemo } from '../../src/cli/cms-demo.js';

test('the CMS page, its stylesheet and its "starting" answer carry nosniff and no-referrer; only its own origin may frame the page', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dh-cms-test-'));
  writeFileSync(
    join(dir, 'cms.html'),
    '<!doctype html><title>cms</title><a href="__DH_SITE_URL__/">back</a>\n__DH_EMBED_CODE__',
  );
  writeFileSync(
    join(dir, 'cms-backoffice.html'),
    '<!doctype html><title>back office</title>\n__DH_ELEMENTS_CODE__',
  );
  writeFileSync(join(dir, 'cms.css'), 'body { margin: 0 }');
  const cms = await startCmsDemo({ staticDir: dir, host: '127.0.0.1', port: 0 });
  try {
    const secure = (res: Response, what: string) => {
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', what);
      assert.equal(res.headers.get('referrer-policy'), 'no-referrer', what);
    };
    const starting = await fetch(`${cms.url}/`);
    assert.equal(starting.status, 503);
    secure(starting, 'before the proxy runs');
    await starting.body?.cancel();

    const platformOrigins = ['https://chat.platform.example', 'https://stream.platform.example'];
    cms.ready({
      siteUrl: 'http://127.0.0.1:8787',
      prefix: '/dh',
      headId: 'head-1',
      bundle: { path: '/dh-kit.avatar.0123456789ab.js', integrity: 'sha384-x' },
      allElements: { path: '/dh-kit.bundle.0123456789ab.js', integrity: 'sha384-y' },
      platformOrigins,
    });
    const page = await fetch(`${cms.url}/`);
    assert.equal(page.status, 200);
    secure(page, 'the page');
    assert.equal(
      page.headers.get('content-security-policy'),
      `${hostPageCsp('http://127.0.0.1:8787', platformOrigins)}; frame-ancestors 'self'`,
    );
    assert.match(
      await page.text(),
      /<dh-avatar head-id="head-1" endpoint="http:\/\/127\.0\.0\.1:8787\/dh">/,
      'the embed code is in the page',
    );
    // The back office: all six elements from the all-elements file, under the same policy.
    const office = await fetch(`${cms.url}/back-office`);
    assert.equal(
      office.headers.get('content-security-policy'),
      `${hostPageCsp('http://127.0.0.1:8787', platformOrigins)}; frame-ancestors 'self'`,
    );
    const html = await office.text();
    assert.match(
      html,
      /<script type="module" src="http:\/\/127\.0\.0\.1:8787\/dh-kit\.bundle\.0123456789ab\.js" integrity="sha384-y" crossorigin="anonymous">/,
    );
    for (const tag of [
      'dh-avatar',
      'dh-face-picker',
      'dh-voice-picker',
      'dh-head-form',
      'dh-video-studio',
      'dh-insights',
    ])
      assert.ok(html.includes(`<${tag} `), `the back office has <${tag}>`);
    for (const path of ['/cms.css', '/favicon.ico']) {
      const res = await fetch(`${cms.url}${path}`);
      assert.ok(res.ok, path);
      secure(res, path);
      await res.body?.cancel();
    }
  } finally {
    await cms.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("docs/frameworks.md gives the policy the demo's CMS pages run under (and the e2e suite checks)", () => {
  const docs = readFileSync(join(import.meta.dirname, '../../docs/frameworks.md'), 'utf8');
  const policy = hostPageCsp('https://your-site.example', [
    'https://chat.platform.example',
    'https://stream.platform.example',
  ]);
  // The docs write one directive a line.
  assert.ok(
    docs.replace(/;\s*\n\s*/g, '; ').includes(policy),
    `docs/frameworks.md has the policy:\n${policy}`,
  );
});
