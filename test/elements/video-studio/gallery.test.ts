/**
 * <dh-video-studio>'s gallery, player and download link: pages, stale answers, voices by name,
 * an mp4 that will not play, theming.
 */
import { sendKeys } from '@web/test-runner-commands';
import { aTimeout, expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../wait.js';
import type { DhVideoStudio } from '../../../src/elements/video-studio/video-studio.js';
import type { VideoItem } from '../../../src/api/answers.js';
import type { DhErrorDetail } from '../../../src/elements/shared/events.js';
import {
  addVideos,
  alertText,
  auth,
  click,
  describeVideoStudio,
  downloadRoute,
  endpoint,
  focused,
  items,
  itemTexts,
  loaded,
  newHead,
  press,
  realFetch,
  restores,
  studio,
  voiceNames,
  watchFetch,
} from './support.js';
import { button, q, text, json, expectAccessible } from '../support.js';

describeVideoStudio(() => {
  describe('the gallery', () => {
    it('TTV-2 TTV-3 lists the head’s videos newest first, each with its text, voice and when it was made', async () => {
      const headId = await newHead();
      const made = await addVideos(headId, ['First video.', 'Second video.', 'Third video.']);
      const names = await voiceNames();
      const el = await studio(headId);
      await loaded(el, 3);
      expect(itemTexts(el)).to.deep.equal(['Third video.', 'Second video.', 'First video.']);
      const format = new Intl.DateTimeFormat(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
      });
      // The voice reads as its display name once the voice list has answered.
      await waitUntil(
        () => text(items(el)[0]!.querySelector('.meta')).startsWith(names.get(made[0]!.voice)!),
        'voice names',
      );
      items(el).forEach((item, i) => {
        const talk = made[i]!;
        const time = item.querySelector('time')!;
        expect(time.getAttribute('datetime')).to.equal(talk.createdAt);
        // Made seconds ago: "now", its date and time on hover.
        expect(text(time)).to.equal('now');
        expect(time.title).to.equal(format.format(new Date(talk.createdAt)));
        expect(text(item.querySelector('.meta'))).to.equal(`${names.get(talk.voice)} · now`);
        expect(talk.voice).to.match(/\S/);
      });
      expect(q(el, '[part="pager"]'), 'one page: no pager').to.equal(null);
      expect(q(el, '[part="player"]'), 'nothing plays until chosen').to.equal(null);
    });

    it('TTV-3 says when each video was made in the page’s words: now, minutes, hours, yesterday, days ago, then its date', async () => {
      // The visitor's clock reads 15:00 today (local time); the talks were made before it.
      const realNow = Date.now;
      const at = new Date();
      at.setHours(15, 0, 0, 0);
      const offset = at.getTime() - realNow();
      Date.now = () => realNow() + offset;
      restores.push(() => (Date.now = realNow));
      const ago = (ms: number) => new Date(at.getTime() - ms).toISOString();
      const day = (back: number) => {
        const d = new Date(at);
        d.setDate(d.getDate() - back);
        d.setHours(12, 0, 0, 0);
        return d.toISOString();
      };
      const made = [
        ago(10_000),
        ago(3 * 60_000),
        ago(5 * 3_600_000),
        day(1),
        day(3),
        day(30),
        new Date(at.getTime() + 3_600_000).toISOString(),
      ];
      const talks: VideoItem[] = made.map((createdAt, i) => ({
        id: `talk-${i}`,
        createdAt,
        updatedAt: createdAt,
        voice: 'en-US-JennyNeural',
        url: '',
        text: `Talk ${i}.`,
      }));
      const headId = 'head-with-talks-of-every-age';
      watchFetch((call) =>
        call.method === 'GET' && call.url.pathname.endsWith(`/heads/${headId}/videos`)
          ? Promise.resolve(
              json({
                items: talks,
                page: 1,
                take: 10,
                total: talks.length,
                pageCount: 1,
                hasNextPage: false,
              }),
            )
          : undefined,
      );
      const wrapper = await fixture<HTMLDivElement>(html`<div lang="en">
        <dh-video-studio endpoint=${endpoint} head-id=${headId} page-size="10" .headers=${auth}></dh-video-studio>
      </div>`);
      const el = wrapper.querySelector('dh-video-studio')!;
      await loaded(el, talks.length);
      const times = () => items(el).map((b) => b.querySelector('time')!);
      const date = (lang: string, iso: string) =>
        new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(iso),
        );
      // Thirty days ago, and a date ahead of the visitor's clock, read as dates.
      expect(times().map(text)).to.deep.equal([
        'now',
        '3 minutes ago',
        '5 hours ago',
        'yesterday',
        '3 days ago',
        date('en', made[5]!),
        date('en', made[6]!),
      ]);
      times().forEach((time, i) => {
        expect(time.dateTime).to.equal(made[i]);
        expect(time.title, 'the date and time on hover').to.equal(date('en', made[i]!));
      });

      wrapper.lang = 'de';
      await waitUntil(() => el.currentLocale === 'de' && text(times()[0]) === 'jetzt', 'German');
      expect(times().map(text)).to.deep.equal([
        'jetzt',
        'vor 3 Minuten',
        'vor 5 Stunden',
        'gestern',
        'vor 3 Tagen',
        date('de', made[5]!),
        date('de', made[6]!),
      ]);
      expect(times()[1]!.title).to.equal(date('de', made[1]!));
    });

    it('TTV-3 keeps "3 minutes ago" true while the page stays open: its clock says it again every 30 s, and stops with the element', async () => {
      // The element's 30 s clock, caught as it starts (the others pass through), run by the test.
      const [realSetInterval, realClearInterval, realNow] = [
        window.setInterval,
        window.clearInterval,
        Date.now,
      ];
      const ticks: { tick: () => void; id: number }[] = [];
      const cleared: number[] = [];
      window.setInterval = ((fn: () => void, ms?: number, ...rest: unknown[]) => {
        const id = realSetInterval(fn, ms, ...rest);
        if (ms === 30_000) ticks.push({ tick: fn, id });
        return id;
      }) as typeof window.setInterval;
      window.clearInterval = ((id?: number) => {
        if (id !== undefined) cleared.push(id);
        realClearInterval(id);
      }) as typeof window.clearInterval;
      let offset = 0;
      Date.now = () => realNow() + offset;
      restores.push(() => {
        window.setInterval = realSetInterval;
        window.clearInterval = realClearInterval;
        Date.now = realNow;
      });
      const headId = await newHead();
      await addVideos(headId, ['Still true?']);
      const el = await studio(headId);
      await loaded(el, 1);
      const time = () => text(items(el)[0]!.querySelector('time'));
      expect(time()).to.equal('now');
      expect(ticks.length, 'one clock').to.equal(1);
      // Two minutes later, the next tick says it again.
      offset = 2 * 60_000;
      ticks[0]!.tick();
      await el.updateComplete;
      expect(time()).to.equal('2 minutes ago');
      el.remove();
      expect(cleared, 'the clock stops when the element leaves the page').to.include(ticks[0]!.id);
    });

    it('TTV-3 pages with page-size: Previous and Next, "Page X of Y"', async () => {
      const headId = await newHead();
      await addVideos(headId, ['Oldest.', 'Middle.', 'Newest.']);
      const watch = watchFetch();
      const el = await studio(headId, { pageSize: 2 });
      await loaded(el, 2);
      expect(itemTexts(el)).to.deep.equal(['Newest.', 'Middle.']);
      const pager = q(el, '[part="pager"]')!;
      expect(text(pager.querySelector('.page'))).to.equal('Page 1 of 2');
      const previous = button(el, /Previous/)!;
      const next = button(el, /Next/)!;
      expect(previous.getAttribute('aria-disabled')).to.equal('true');
      expect(next.getAttribute('aria-disabled')).to.equal('false');

      next.focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(
        () =>
          text(q(el, '.page')) === 'Page 2 of 2' &&
          q(el, '.items')?.getAttribute('aria-busy') === 'false',
        'page 2',
      );
      expect(itemTexts(el)).to.deep.equal(['Oldest.']);
      expect(button(el, /Next/)!.getAttribute('aria-disabled')).to.equal('true');
      expect(el.shadowRoot!.activeElement === button(el, /Next/), 'focus stays on Next').to.equal(
        true,
      );
      const page2 = watch.gets().at(-1)!.url.searchParams;
      expect(Object.fromEntries(page2)).to.deep.equal({ order: 'DESC', page: '2', take: '2' });
      await expectAccessible(el);

      // Next on the last page does nothing.
      button(el, /Next/)!.click();
      await el.updateComplete;
      expect(text(q(el, '.page'))).to.equal('Page 2 of 2');
      button(el, /Previous/)!.click();
      await waitUntil(
        () =>
          text(q(el, '.page')) === 'Page 1 of 2' &&
          q(el, '.items')?.getAttribute('aria-busy') === 'false',
        'page 1',
      );
      expect(itemTexts(el)).to.deep.equal(['Newest.', 'Middle.']);
    });

    it('selecting an earlier video plays it', async () => {
      const headId = await newHead();
      const made = await addVideos(headId, ['Play me.', 'Not me.']);
      const el = await studio(headId);
      await loaded(el, 2);
      const target = items(el)[1]!;
      expect(text(target.querySelector('.said'))).to.equal('Play me.');
      await click(target);
      await waitUntil(() => q(el, '[part="player"]'), 'the player');
      const video = q<HTMLVideoElement>(el, '[part="player"] video')!;
      expect(video.src).to.equal(made[1]!.url);
      expect(q<HTMLAnchorElement>(el, '[part="download"]')!.href).to.equal(
        downloadRoute(headId, made[1]!.id),
      );
      expect(text(q(el, '[part="player"] figcaption'))).to.contain('Play me.');
      expect(items(el)[1]!.getAttribute('aria-current')).to.equal('true');
      expect(items(el)[0]!.getAttribute('aria-current')).to.equal('false');
      await waitUntil(() => !video.paused && video.currentTime > 0, 'the video plays');
    });

    it('voices read as their display names, in the list and in the player; the voice list is asked once', async () => {
      const a = await newHead();
      const b = await newHead();
      const made = await addVideos(a, ['Oldest.', 'Middle.', 'Newest.']);
      await addVideos(b, ['Of head B.']);
      const names = await voiceNames();
      const name = names.get(made[0]!.voice)!;
      expect(name, 'the simulator names its voices').to.not.equal(made[0]!.voice);
      const watch = watchFetch();
      const el = await studio(a, { pageSize: 2 });
      await loaded(el, 2);
      await waitUntil(
        () => text(items(el)[0]!.querySelector('.meta')).startsWith(`${name} · `),
        'the voice name',
      );
      await click(items(el)[1]!);
      await waitUntil(() => q(el, '[part="player"]'), 'the player');
      expect(
        text(q(el, '[part="player"] .meta')).startsWith(`${name} · `),
        'the player too',
      ).to.equal(true);
      // Another page, a refresh, another head: the names are known already.
      button(el, /Next/)!.click();
      await waitUntil(
        () =>
          text(q(el, '.page')) === 'Page 2 of 2' &&
          q(el, '.items')?.getAttribute('aria-busy') === 'false',
        'page 2',
      );
      el.refresh();
      el.headId = b;
      await waitUntil(() => itemTexts(el).join() === 'Of head B.', 'head B’s list');
      expect(
        text(items(el)[0]!.querySelector('.meta')).startsWith(`${name} · `),
        'head B’s video',
      ).to.equal(true);
      expect(watch.gets().filter((c) => c.url.pathname.endsWith('/voices'))).to.have.length(1);
    });

    it('a failed voice lookup is silent: the voice id stays, no error', async () => {
      const headId = await newHead();
      const [made] = await addVideos(headId, ['With a voice id.']);
      const watch = watchFetch((call) =>
        call.url.pathname.endsWith('/voices')
          ? Promise.resolve(
              json({ error: { code: 'platform_unavailable', message: 'Down.' } }, 502),
            )
          : undefined,
      );
      const errors: CustomEvent[] = [];
      const el = await fixture<DhVideoStudio>(
        html`<dh-video-studio endpoint=${endpoint} head-id=${headId} .headers=${auth} @dh-error=${(e: CustomEvent) => errors.push(e)}></dh-video-studio>`,
      );
      await loaded(el, 1);
      await waitUntil(
        () => watch.gets().some((c) => c.url.pathname.endsWith('/voices')),
        'the voice list was asked',
      );
      await aTimeout(100);
      expect(
        text(items(el)[0]!.querySelector('.meta')).startsWith(`${made!.voice} · `),
        'the voice id',
      ).to.equal(true);
      expect(errors).to.have.length(0);
      expect(q(el, '[role="alert"]')).to.equal(null);
    });

    it('without the site’s auth it shows the proxy’s admin_required message; Try again and new headers load the list', async () => {
      const headId = await newHead();
      await addVideos(headId, ['Behind the admin token.']);
      const el = await studio(headId, { headers: null });
      const error = oneEvent(el, 'dh-error');
      await waitUntil(() => q(el, '[role="alert"]'), 'an error');
      expect((await error).detail.code).to.equal('admin_required');
      expect(alertText(el)).to.contain('This route needs an admin');
      button(el, /Try again/)!.click();
      await el.updateComplete;
      await waitUntil(() => q(el, '[role="alert"]'), 'still an error');
      el.headers = auth;
      await loaded(el, 1);
      expect(q(el, '[role="alert"]')).to.equal(null);
      // An equal headers object (a new identity, as a re-rendered template gives) does not fetch again.
      const watch = watchFetch();
      el.headers = { ...auth };
      await el.updateComplete;
      await aTimeout(50);
      expect(watch.calls).to.have.length(0);
    });

    it('an error shows the message and Try again that works', async () => {
      const headId = await newHead();
      await addVideos(headId, ['After the outage.']);
      let down = true;
      watchFetch(() => (down ? Promise.reject(new TypeError('Failed to fetch')) : undefined));
      const el = await studio(headId);
      await waitUntil(() => q(el, '[role="alert"]'), 'an error');
      expect(alertText(el)).to.match(
        /^http:\/\/127\.0\.0\.1:\d+\/dh\/heads\/[\w-]+\/videos(\?\S+)? could not be reached\./,
      );
      down = false;
      button(el, /Try again/)!.focus();
      button(el, /Try again/)!.click();
      await loaded(el, 1);
      expect(itemTexts(el)).to.deep.equal(['After the outage.']);
      expect(
        el.shadowRoot!.activeElement?.id,
        'focus waits on the heading, not the page body',
      ).to.equal('gallery-title');
    });

    it('a stale answer never replaces a newer one (head-id changed quickly)', async () => {
      const a = await newHead();
      const b = await newHead();
      await addVideos(a, ['From head A.']);
      await addVideos(b, ['From head B.']);
      // Head A's list answers late, and answers even though it was aborted (as a server that
      // ignores the abort would): the element must drop it by itself.
      const watch = watchFetch((call) =>
        call.url.pathname.includes(a)
          ? aTimeout(600).then(() => realFetch(call.url.href, { headers: auth }))
          : undefined,
      );
      const el = await studio(a);
      el.headId = b;
      await loaded(el, 1);
      expect(itemTexts(el)).to.deep.equal(['From head B.']);
      await aTimeout(900);
      expect(itemTexts(el)).to.deep.equal(['From head B.']);
      const first = watch.calls.find((c) => c.url.pathname.includes(a))!;
      expect(first.signal!.aborted, 'the superseded request was aborted').to.equal(true);
    });
  });

  describe('when the mp4 will not play', () => {
    it('the player says so with Try again (the source loads again) and dh-error video_unplayable', async () => {
      const headId = 'head-with-a-broken-video';
      const now = new Date().toISOString();
      // The platform lists a talk whose media URL is a 404 (an expired or deleted file).
      const broken: VideoItem = {
        id: 'talk-broken',
        createdAt: now,
        updatedAt: now,
        voice: 'en-US-JennyNeural',
        url: new URL('/no-such-video.mp4', location.href).href,
        text: 'Not really a video.',
      };
      watchFetch((call) =>
        call.method === 'GET' && call.url.pathname.endsWith(`/heads/${headId}/videos`)
          ? Promise.resolve(
              json({
                items: [broken],
                page: 1,
                take: 6,
                total: 1,
                pageCount: 1,
                hasNextPage: false,
              }),
            )
          : undefined,
      );
      const errors: DhErrorDetail[] = [];
      const el = await fixture<DhVideoStudio>(
        html`<dh-video-studio endpoint=${endpoint} head-id=${headId} .headers=${auth} @dh-error=${(e: CustomEvent<DhErrorDetail>) => errors.push(e.detail)}></dh-video-studio>`,
      );
      await loaded(el, 1);
      items(el)[0]!.click();
      const alert = () => q(el, '[part="player"] [role="alert"]');
      await waitUntil(alert, 'the player says the video cannot be played');
      expect(text(alert())).to.match(/^The video could not be played\b.* Try again$/);
      expect(
        errors.map((e) => e.code),
        'the gallery’s still of the same file is not an error of its own',
      ).to.deep.equal(['video_unplayable']);
      expect(errors[0]!.message).to.equal(text(alert()).replace(/ Try again$/, ''));
      await expectAccessible(el);

      const video = q<HTMLVideoElement>(el, '[part="video"]')!;
      let loads = 0;
      // A 404 from the test server can fail the new load before `press` returns: what the player
      // shows is read at the moment it loads again.
      let shownWhileLoading: Element | null | undefined;
      let focusedWhileLoading: string | null | undefined;
      const load = video.load.bind(video);
      video.load = () => {
        loads++;
        shownWhileLoading = alert();
        focusedWhileLoading = focused(el);
        load();
      };
      await press(button(el, /Try again/)!);
      await waitUntil(() => loads > 0, 'the source is loaded again');
      expect(loads, 'the source is loaded again, once').to.equal(1);
      expect(shownWhileLoading === null, 'no message while it loads').to.equal(true);
      expect(focusedWhileLoading, 'focus goes to the video, not the page’s body').to.equal('video');
      await waitUntil(alert, 'still broken: said again');
      expect(errors.map((e) => e.code)).to.deep.equal(['video_unplayable', 'video_unplayable']);

      // A newer failure shows alone: the request refused, the player's older message goes …
      watchFetch((call) =>
        call.method === 'POST'
          ? Promise.resolve(
              json(
                { error: { code: 'platform_busy', message: 'The platform is busy (503).' } },
                503,
              ),
            )
          : undefined,
      );
      await el.generate('Hello.');
      await el.updateComplete;
      expect(alert(), 'the player’s older message is gone').to.equal(null);
      expect(text(q(el, '.job[role="alert"]'))).to.contain('The platform is busy (503).');
      // … and the other way round.
      video.load = load;
      video.load();
      await waitUntil(alert, 'the player says it again');
      expect(q(el, '.job[role="alert"]'), 'the request’s older message is gone').to.equal(null);
    });
  });

  describe('theming', () => {
    it('custom properties and ::part() from the page restyle it', async () => {
      const style = document.createElement('style');
      style.textContent = `
        dh-video-studio.themed { --dh-picker-accent: rgb(1, 2, 3); }
        dh-video-studio.themed.own { --dh-video-studio-accent: rgb(4, 5, 6); }
        dh-video-studio.themed::part(generate) { border-radius: 17px; }
        dh-video-studio.themed::part(text) { letter-spacing: 3px; }
      `;
      document.head.append(style);
      restores.push(() => style.remove());
      // No head: nothing is fetched; the form is there all the same.
      const plain = await fixture<DhVideoStudio>(html`<dh-video-studio></dh-video-studio>`);
      const el = await fixture<DhVideoStudio>(
        html`<dh-video-studio class="themed"></dh-video-studio>`,
      );
      const generate = (of: DhVideoStudio) => getComputedStyle(q(of, '[part="generate"]')!);
      expect(generate(plain).backgroundColor, 'the default accent').to.equal('rgb(37, 99, 235)');
      expect(generate(el).backgroundColor, 'the pickers’ shared accent').to.equal('rgb(1, 2, 3)');
      el.classList.add('own');
      expect(generate(el).backgroundColor, 'its own accent wins').to.equal('rgb(4, 5, 6)');
      expect(generate(el).borderTopLeftRadius).to.equal('17px');
      expect(generate(plain).borderTopLeftRadius).to.equal('6px');
      expect(getComputedStyle(q(el, '[part="text"]')!).letterSpacing).to.equal('3px');
    });
  });

  describe('the download link', () => {
    /** A studio playing the head's only video (chosen in the gallery). */
    async function playing(headers?: Record<string, string> | null) {
      const headId = await newHead();
      const [talk] = await addVideos(headId, ['Save me.']);
      const el = await studio(headId, { headers });
      await loaded(el, 1);
      items(el)[0]!.click();
      await waitUntil(() => q(el, '[part="download"]'), 'the download link');
      return { el, headId, talk: talk!, link: q<HTMLAnchorElement>(el, '[part="download"]')! };
    }

    it('points at the proxy’s download route, which answers the mp4 as an attachment named after the head and the text', async () => {
      const { headId, talk, link } = await playing();
      expect(link.href).to.equal(downloadRoute(headId, talk.id));
      // A `download` link: the name is the proxy's content-disposition's (below).
      expect(link.getAttribute('download')).to.equal('');
      expect(text(link)).to.equal('Download the video (mp4)');
      // What following the link gives (with the admin header, as the site's auth would send it).
      const res = await realFetch(link.href, { headers: auth });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('video/mp4');
      expect(res.headers.get('content-disposition')).to.equal(
        `attachment; filename="studio-save-me.mp4"; filename*=UTF-8''studio-save-me.mp4`,
      );
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(
        new TextDecoder().decode(bytes.subarray(4, 8)),
        'an mp4: ftyp box at offset 4',
      ).to.equal('ftyp');
    });

    it('with `headers`, a click fetches the file with them and saves it from a blob (a plain link cannot send headers)', async () => {
      const { el, headId, talk, link } = await playing();
      const sent: { url: string; authorization: string | null }[] = [];
      const previous = window.fetch;
      window.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.endsWith('/download'))
          sent.push({ url, authorization: new Headers(init.headers).get('authorization') });
        return previous(input, init);
      };
      restores.push(() => (window.fetch = previous));
      const saved: { href: string; download: string }[] = [];
      Object.defineProperty(HTMLAnchorElement.prototype, 'click', {
        configurable: true,
        value(this: HTMLAnchorElement) {
          saved.push({ href: this.href, download: this.download });
        },
      });
      restores.push(() => delete (HTMLAnchorElement.prototype as { click?: unknown }).click);

      const event = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
      link.dispatchEvent(event);
      expect(event.defaultPrevented, 'the plain link is not followed').to.equal(true);
      await waitUntil(() => saved.length === 1, 'the file is saved');
      expect(sent).to.deep.equal([
        { url: downloadRoute(headId, talk.id), authorization: auth.authorization! },
      ]);
      // The proxy's name (the head's and the text's), read from its exposed content-disposition.
      expect(saved[0]!.download).to.equal('studio-save-me.mp4');
      expect(saved[0]!.href).to.match(/^blob:/);
      const bytes = new Uint8Array(await (await realFetch(saved[0]!.href)).arrayBuffer());
      expect(new TextDecoder().decode(bytes.subarray(4, 8))).to.equal('ftyp');
      expect(link.getAttribute('aria-busy')).to.equal('false');

      // Without headers (cookies, open admin routes) the click is the browser's: the plain link.
      el.headers = undefined;
      await el.updateComplete;
      const plain = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
      let prevented: boolean | undefined;
      el.addEventListener(
        'click',
        (e) => {
          prevented = e.defaultPrevented;
          e.preventDefault(); // the test page must not navigate
        },
        { once: true },
      );
      link.dispatchEvent(plain);
      expect(prevented).to.equal(false);
      expect(sent).to.have.length(1);
    });

    it('with `headers`, a failed download says why (dh-error) and the link works again', async () => {
      const { el, link } = await playing();
      let down = true;
      watchFetch((call) =>
        down && call.url.pathname.endsWith('/download')
          ? Promise.resolve(
              json(
                {
                  error: {
                    code: 'video_unavailable',
                    message:
                      'The video file could not be fetched from the platform. Try again in a moment.',
                  },
                },
                502,
              ),
            )
          : undefined,
      );
      const saved: string[] = [];
      Object.defineProperty(HTMLAnchorElement.prototype, 'click', {
        configurable: true,
        value(this: HTMLAnchorElement) {
          saved.push(this.href);
        },
      });
      restores.push(() => delete (HTMLAnchorElement.prototype as { click?: unknown }).click);
      const error = oneEvent(el, 'dh-error');
      link.dispatchEvent(
        new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }),
      );
      expect((await error).detail.code).to.equal('video_unavailable');
      await el.updateComplete;
      expect(text(q(el, '[part="player"] [role="alert"]'))).to.contain('could not be fetched');
      await expectAccessible(el);
      down = false;
      link.dispatchEvent(
        new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }),
      );
      await waitUntil(() => saved.length === 1, 'saved on the second try');
      await el.updateComplete;
      expect(q(el, '[part="player"] [role="alert"]')).to.equal(null);
    });
  });
});
