/**
 * The browser engines of the test stages (scripts/engines.mjs) and Firefox held to the oldest
 * supported one (test/support/firefox-bidi.mjs): what a machine with another engine version gets.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ProtocolError } from 'puppeteer-core';
import { compareVersions, judgeVersion, parseVersion, SUPPORTED } from '../../scripts/engines.mjs';
import { holdToOldestFirefox } from '../support/firefox-bidi.mjs';

describe('engine versions', () => {
  test('each engine says its version its own way', () => {
    assert.equal(parseVersion('Mozilla Firefox 140.12.0esr'), '140.12.0');
    assert.equal(parseVersion('Mozilla Firefox 153.8.0esr\n'), '153.8.0');
    assert.equal(
      parseVersion('Chromium 156.0.8078.108 built on Debian GNU/Linux 12 (bookworm)'),
      '156.0.8078.108',
    );
    assert.equal(parseVersion('2.50.6-1~deb12u2'), '2.50.6');
    assert.equal(parseVersion('no version here'), undefined);
  });

  test('versions compare by number, on the parts both give', () => {
    assert.equal(compareVersions('140.12.0', '140'), 0);
    assert.equal(compareVersions('139.9', '140'), -1);
    assert.equal(compareVersions('2.50.6', '2.50'), 0);
    assert.equal(compareVersions('2.48.5', '2.50'), -1);
    assert.equal(compareVersions('2.100', '2.50'), 1);
  });

  test('the supported ranges are the engines Debian 12 ships today', () => {
    assert.deepEqual(
      Object.fromEntries(Object.entries(SUPPORTED).map(([e, s]) => [e, [s.oldest, s.newest]])),
      { chromium: ['150', '156'], firefox: ['140', '153'], webkit: ['2.50', '2.50'] },
    );
  });

  test('both Firefox ESRs of Debian 12 run: 140 (bookworm) and 153 (bookworm-security)', () => {
    assert.equal(judgeVersion('firefox', '140.12.0').ok, true);
    assert.equal(judgeVersion('firefox', '153.8.0').ok, true);
    assert.equal(judgeVersion('chromium', '150.0.7871.100').ok, true);
    assert.equal(judgeVersion('chromium', '156.0.8078.108').ok, true);
    assert.equal(judgeVersion('webkit', '2.50.6').ok, true);
  });

  test('an engine older than the oldest supported is refused with what to do, not a protocol error', () => {
    const firefox = judgeVersion('firefox', '128.14.0');
    assert.equal(firefox.ok, false);
    assert.match(
      firefox.note,
      /^Firefox ESR 128\.14\.0 is older than the oldest the tests support \(Firefox ESR 140/,
    );
    assert.match(firefox.note, /apt-get update && apt-get install -y firefox-esr/);
    assert.match(firefox.note, /FIREFOX_PATH/);
    assert.match(firefox.note, /DH_ENGINES=chromium,webkit/);
    const chromium = judgeVersion('chromium', '149.0.7827.1');
    assert.equal(chromium.ok, false);
    assert.match(chromium.note, /CHROME_PATH.*DH_ENGINES=firefox,webkit/);
    assert.equal(judgeVersion('webkit', '2.48.5').ok, false);
  });

  test('a newer engine runs, with a note; an unreadable version runs too', () => {
    const newer = judgeVersion('firefox', '160.0');
    assert.equal(newer.ok, true);
    assert.match(newer.note, /newer than the newest tested \(Firefox ESR 153\)/);
    const unknown = judgeVersion('webkit', undefined);
    assert.equal(unknown.ok, true);
    assert.match(unknown.note, /could not be read/);
  });
});

describe('Firefox held to ESR 140 (the oldest supported)', () => {
  /** A stand-in for puppeteer's BiDi connection: records what reaches the browser. */
  const fakeBrowser = () => {
    const sent: string[] = [];
    const connection = {
      send: async (method: string, _params?: unknown) => {
        sent.push(method);
        return { ok: true };
      },
    };
    return { browser: { connection }, sent };
  };

  test('a command ESR 140 lacks is answered "unknown command", as ESR 140 does, and never sent', async () => {
    const { browser, sent } = fakeBrowser();
    // biome-ignore lint/suspicious/noExplicitAny: a stand-in for puppeteer's Browser
    const refused = holdToOldestFirefox(browser as any, ProtocolError);
    await assert.rejects(
      browser.connection.send('emulation.setScreenOrientationOverride', {}),
      (err: Error) =>
        err instanceof ProtocolError &&
        err.message.includes('unknown command emulation.setScreenOrientationOverride'),
    );
    assert.deepEqual(sent, []);
    assert.deepEqual([...refused], ['emulation.setScreenOrientationOverride']);
  });

  test('the commands ESR 140 has go through: the viewport, a script, a css locator', async () => {
    const { browser, sent } = fakeBrowser();
    // biome-ignore lint/suspicious/noExplicitAny: a stand-in for puppeteer's Browser
    holdToOldestFirefox(browser as any, ProtocolError);
    await browser.connection.send('browsingContext.setViewport', { viewport: null });
    await browser.connection.send('script.callFunction', {});
    await browser.connection.send('browsingContext.locateNodes', { locator: { type: 'css' } });
    assert.deepEqual(sent, [
      'browsingContext.setViewport',
      'script.callFunction',
      'browsingContext.locateNodes',
    ]);
  });

  test('a "context" locator (ESR 153 only) is refused as ESR 140 refuses it', async () => {
    const { browser, sent } = fakeBrowser();
    // biome-ignore lint/suspicious/noExplicitAny: a stand-in for puppeteer's Browser
    holdToOldestFirefox(browser as any, ProtocolError);
    await assert.rejects(
      browser.connection.send('browsingContext.locateNodes', {
        locator: { type: 'context', value: { context: 'x' } },
      }),
      /invalid argument Expected "locator.type" to be one of accessibility,css,innerText,xpath, got "context"/,
    );
    assert.deepEqual(sent, []);
  });
});
