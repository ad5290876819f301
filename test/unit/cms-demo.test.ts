/**
 * The demo's CMS page (another origin, the embed code pasted into it): it answers with the
 * headers the demo site's pages have, so the demo shows the kit working under them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
      bundle: { path: '/dh-kit.0123456789abcdef.js', integrity: 'sha384-x' },
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
