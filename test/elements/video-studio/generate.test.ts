/**
 * <dh-video-studio> making a video: accessible in every state, against the real proxy's admin
 * routes and the simulator; progress, polling on a manual clock, giving up, errors and retries.
 */
import { sendKeys } from '@web/test-runner-commands';
import { aTimeout, expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../wait.js';
import { press as pressKeys } from '../keys.js';
import type { DhVideoStudio } from '../../../src/elements/video-studio/video-studio.js';
import type { DhErrorDetail } from '../../../src/elements/shared/events.js';
import {
  addVideos,
  alertText,
  auth,
  describeVideoStudio,
  downloadRoute,
  emptyPage,
  endpoint,
  focused,
  holdNewTalks,
  items,
  itemTexts,
  listVideos,
  live,
  loaded,
  manualClock,
  newHead,
  press,
  produced,
  studio,
  type,
  watchFetch,
} from './support.js';
import { button, q, text, json, expectAccessible } from '../support.js';

describeVideoStudio(() => {
  describe('accessibility', () => {
    it('is accessible without a head-id, while loading and when empty', async () => {
      const watch = watchFetch();
      const none = await fixture<DhVideoStudio>(
        html`<dh-video-studio endpoint=${endpoint} .headers=${auth}></dh-video-studio>`,
      );
      expect(text(q(none, '[part="status"]'))).to.contain('No head is selected');
      expect(q(none, '[part="gallery"]')).to.equal(null);
      await expectAccessible(none);
      expect(watch.calls, 'no head, no request').to.have.length(0);

      const el = await studio(await newHead());
      expect(text(q(el, '[part="gallery"] [role="status"]'))).to.equal('Loading videos…');
      await expectAccessible(el);
      await waitUntil(
        () => text(q(el, '[part="gallery"]')).includes('No videos yet'),
        'the empty state',
      );
      await expectAccessible(el);
    });

    it('is accessible with a gallery, while a video is made, and when it plays', async () => {
      const headId = await newHead();
      const before = await addVideos(headId, ['An earlier video.']);
      const el = await studio(headId);
      await loaded(el, 1);
      await expectAccessible(el);
      const hold = holdNewTalks(headId, before);
      type(el, 'Hello from the studio.');
      button(el, /Generate video/)!.click();
      await waitUntil(
        () => text(q(el, '[part="progress"]')).includes('Producing'),
        'progress is shown',
      );
      await expectAccessible(el);
      hold.release();
      await waitUntil(() => q(el, '[part="player"]'), 'the video plays');
      await expectAccessible(el);
    });

    it('is accessible on error (the admin routes refuse a page without the site’s auth)', async () => {
      const el = await studio(await newHead(), { headers: null });
      await waitUntil(() => q(el, '[role="alert"]'), 'an error');
      await expectAccessible(el);
    });
  });

  describe('when a video is generated', () => {
    it('TTV-1 TTV-2 shows progress, then plays the new mp4 with controls, a download link and its text; dh-video-requested and dh-video-ready tell the page', async () => {
      const headId = await newHead();
      const el = await studio(headId);
      await waitUntil(
        () => text(q(el, '[part="gallery"]')).includes('No videos yet'),
        'the empty state',
      );
      const requested: CustomEvent[] = [];
      el.addEventListener('dh-video-requested', (e) => requested.push(e));
      type(el, '  Welcome to our shop.  ');
      const ready = oneEvent(el, 'dh-video-ready');
      button(el, /Generate video/)!.click();

      await waitUntil(() => q(el, '[part="progress"]'), 'progress is shown');
      expect(text(q(el, '[part="progress"] .elapsed'))).to.match(/^0:0\d$/);
      expect(q(el, '[part="generate"]')!.getAttribute('aria-disabled')).to.equal('true');
      expect(q(el, '[part="cancel"]')).to.exist;
      // A keyboard user waits on Stop waiting: when the video arrives, focus goes on to it.
      q<HTMLButtonElement>(el, '[part="cancel"]')!.focus();

      const { detail } = await ready;
      expect(requested).to.have.length(1);
      expect(requested[0]!.detail).to.deep.equal({ headId, text: 'Welcome to our shop.' });
      expect(requested[0]!.bubbles && requested[0]!.composed).to.equal(true);

      // The talk is the one the talks list has (TTV-2: id, createdAt, updatedAt, voice, url, text).
      const [listed] = (await listVideos(headId)).items;
      expect(detail.talk).to.deep.equal(listed);
      expect(detail.talk.text).to.equal('Welcome to our shop.');

      await el.updateComplete;
      const video = q<HTMLVideoElement>(el, '[part="player"] video')!;
      expect(video.src).to.equal(detail.talk.url);
      expect(video.controls).to.equal(true);
      await waitUntil(
        () => el.shadowRoot!.activeElement?.getAttribute('part') === 'video',
        'focus moves from Stop waiting to the video',
      );
      const download = q<HTMLAnchorElement>(el, '[part="download"]')!;
      expect(download.href).to.equal(downloadRoute(headId, detail.talk.id));
      expect(download.hasAttribute('download')).to.equal(true);
      expect(text(q(el, '[part="player"] figcaption'))).to.contain('Welcome to our shop.');
      expect(q(el, '[part="progress"]')).to.equal(null);
      expect(live(el)).to.equal('The video is ready.');
      // The gallery lists it, marked as the one playing.
      await loaded(el, 1);
      expect(items(el)[0]!.getAttribute('aria-current')).to.equal('true');
      // The mp4 really loads.
      await waitUntil(() => video.readyState >= 1, 'the video metadata loads');
      expect(video.duration).to.be.greaterThan(1);
    });

    it('the elapsed time counts each second; screen readers hear the state, not every tick; Stop waiting stops polling', async () => {
      const clock = manualClock();
      const headId = await newHead();
      const el = await studio(headId);
      await waitUntil(
        () => text(q(el, '[part="gallery"]')).includes('No videos yet'),
        'the empty state',
      );
      const hold = holdNewTalks(headId, []);
      type(el, 'Counting the seconds.');
      button(el, /Generate video/)!.click();
      await waitUntil(() => clock.pauses.length === 1, 'the first look is scheduled');
      await clock.advance(2000);
      await el.updateComplete;
      expect(text(q(el, '.elapsed')), 'two seconds elapsed').to.equal('0:02');
      expect(q(el, '.elapsed')!.getAttribute('aria-hidden')).to.equal('true');
      expect(live(el)).to.equal('Producing the video. This can take a few minutes.');
      expect(live(el)).not.to.match(/\d:\d\d/);
      // Polling has begun (the first look after 1 s), with backoff: not one look per tick.
      const polls = () => hold.gets().filter((c) => c.url.searchParams.get('take') === '50').length;
      expect(polls()).to.equal(
        2,
        'the baseline, then one look after 1 s (the next is due at 2.5 s)',
      );

      await press(button(el, /Stop waiting/)!);
      await el.updateComplete;
      const after = hold.calls.length;
      expect(focused(el), 'focus goes to the text box, not the page’s body').to.equal('text');
      expect(text(q(el, '[part="status"]'))).to.contain('may still make this video');
      expect(text(q(el, '[part="status"]'))).to.contain('earlier videos');
      expect(live(el)).to.equal('Stopped waiting for the video.');
      expect(q(el, '[part="progress"]')).to.equal(null);
      expect(q(el, '[part="generate"]')!.getAttribute('aria-disabled')).to.equal('false');
      await clock.advance(60_000);
      expect(hold.calls.length, 'no request after Stop waiting').to.equal(after);

      // The platform made it all the same: the gallery shows it.
      hold.release();
      await produced(headId, 1);
      el.refresh();
      await loaded(el, 1);
      expect(itemTexts(el)).to.deep.equal(['Counting the seconds.']);
      expect(q(el, '[part="player"]')).to.equal(null);
    });

    it('polls after 1 s, then with pauses ×1.5 up to 10 s; screen readers hear the elapsed time every 15 s', async () => {
      const clock = manualClock();
      const start = clock.now();
      const looks: number[] = [];
      // The platform never finishes: every list is empty (no simulator involved).
      watchFetch((call) => {
        if (call.url.pathname.endsWith('/voices')) return undefined;
        if (call.method === 'POST')
          return Promise.resolve(json({ headId: 'slow-head', status: 'accepted' }, 202));
        const take = Number(call.url.searchParams.get('take'));
        if (take === 50) looks.push(clock.now() - start);
        return Promise.resolve(json(emptyPage(take)));
      });
      const el = await studio('slow-head');
      type(el, 'Taking its time.');
      const requested = oneEvent(el, 'dh-video-requested');
      button(el, /Generate video/)!.click();
      await requested;
      await waitUntil(() => clock.pauses.length === 1, 'the first look is scheduled');
      await el.updateComplete;
      expect(live(el)).to.equal('Producing the video. This can take a few minutes.');

      const heard: [number, string][] = [];
      let last = live(el);
      for (let second = 1; second <= 45; second++) {
        await clock.advance(1000);
        await el.updateComplete;
        expect(text(q(el, '.elapsed')), 'the visible clock ticks each second').to.equal(
          `0:${String(second).padStart(2, '0')}`,
        );
        if (live(el) !== last) heard.push([second, (last = live(el))]);
      }
      expect(clock.pauses.slice(0, 9)).to.deep.equal([
        1000, 1500, 2250, 3375, 5062.5, 7593.75, 10000, 10000, 10000,
      ]);
      expect(looks, 'the baseline, then a look after each pause').to.deep.equal([
        0, 1000, 2500, 4750, 8125, 13187.5, 20781.25, 30781.25, 40781.25,
      ]);
      expect(heard).to.deep.equal([
        [15, 'Still producing the video: 15 seconds so far.'],
        [30, 'Still producing the video: 30 seconds so far.'],
        [45, 'Still producing the video: 45 seconds so far.'],
      ]);
    });

    it('an empty text shows a message next to the field and sends nothing', async () => {
      const el = await studio(await newHead());
      await waitUntil(
        () => text(q(el, '[part="gallery"]')).includes('No videos yet'),
        'the empty state',
      );
      const watch = watchFetch();
      type(el, '   \n ');
      button(el, /Generate video/)!.click();
      await el.updateComplete;
      const area = q<HTMLTextAreaElement>(el, 'textarea')!;
      const message = q(el, '#invalid')!;
      expect(text(message)).to.equal('Type the text the head should say.');
      expect(area.getAttribute('aria-invalid')).to.equal('true');
      expect(area.getAttribute('aria-describedby')!.split(' ')).to.include('invalid');
      expect(el.shadowRoot!.activeElement).to.equal(area);
      await aTimeout(50);
      expect(watch.calls).to.have.length(0);
      await expectAccessible(el);
      type(el, 'Now something to say.');
      await el.updateComplete;
      expect(q(el, '#invalid')).to.equal(null);
      expect(area.getAttribute('aria-invalid')).to.equal('false');
    });

    it('counts characters up to 5000 and Ctrl+Enter sends', async () => {
      const headId = await newHead();
      const el = await studio(headId);
      await waitUntil(
        () => text(q(el, '[part="gallery"]')).includes('No videos yet'),
        'the empty state',
      );
      const area = q<HTMLTextAreaElement>(el, 'textarea')!;
      expect(area.maxLength).to.equal(5000);
      expect(text(q(el, 'label'))).to.equal('Text the head will say');
      area.focus();
      await sendKeys({ type: 'Hi there' });
      await el.updateComplete;
      expect(el.text).to.equal('Hi there');
      expect(text(q(el, '#count'))).to.equal('8 / 5000 characters');
      await sendKeys({ press: 'Enter' });
      await sendKeys({ type: 'again' });
      await el.updateComplete;
      expect(el.text, 'a plain Enter is a new line').to.equal('Hi there\nagain');
      const requested = oneEvent(el, 'dh-video-requested');
      await pressKeys('Control+Enter');
      expect((await requested).detail).to.deep.equal({ headId, text: 'Hi there\nagain' });
      await oneEvent(el, 'dh-video-ready');
    });

    it('the proxy’s daily cap is a clear message (resets at midnight UTC, in the time its Retry-After says), with dh-error and no retry', async () => {
      const el = await studio(await newHead());
      await waitUntil(
        () => text(q(el, '[part="gallery"]')).includes('No videos yet'),
        'the empty state',
      );
      const watch = watchFetch((call) =>
        call.method === 'POST'
          ? Promise.resolve(
              json(
                {
                  error: {
                    code: 'video_cap_reached',
                    message:
                      'The daily limit of 100 videos is reached (DH_VIDEO_DAILY_CAP). It resets at midnight UTC.',
                  },
                },
                429,
                { 'retry-after': '5400' },
              ),
            )
          : undefined,
      );
      const errors: CustomEvent[] = [];
      el.addEventListener('dh-error', (e) => errors.push(e));
      type(el, 'One video too many.');
      button(el, /Generate video/)!.click();
      await waitUntil(() => q(el, '[role="alert"]'), 'the cap message');
      expect(alertText(el)).to.equal(
        'The daily limit of videos is reached: no more can be made today. It resets at midnight UTC, in about 1 h 30 min.',
      );
      expect(button(el, /Try again/)).to.equal(undefined);
      expect(errors.map((e) => e.detail.code)).to.deep.equal(['video_cap_reached']);
      expect(errors[0]!.detail.message).to.equal(alertText(el));
      expect(watch.posts()).to.have.length(1);
      expect(q(el, '[part="generate"]')!.getAttribute('aria-disabled')).to.equal('false');
      await expectAccessible(el);
    });

    it('a network error shows the message; Try again sends again and the video plays', async () => {
      const el = await studio(await newHead());
      await waitUntil(
        () => text(q(el, '[part="gallery"]')).includes('No videos yet'),
        'the empty state',
      );
      let down = true;
      const watch = watchFetch((call) =>
        call.method === 'POST' && down
          ? Promise.reject(new TypeError('Failed to fetch'))
          : undefined,
      );
      const error = oneEvent(el, 'dh-error');
      type(el, 'Second time lucky.');
      button(el, /Generate video/)!.click();
      expect((await error).detail.code).to.equal('network');
      await el.updateComplete;
      expect(alertText(el)).to.match(
        /^http:\/\/127\.0\.0\.1:\d+\/dh\/heads\/[\w-]+\/videos(\?\S+)? could not be reached\./,
      );
      await expectAccessible(el);
      down = false;
      const ready = oneEvent(el, 'dh-video-ready');
      await press(button(el, /Try again/)!);
      await el.updateComplete;
      expect(q(el, '[part="progress"]')).to.exist;
      expect(focused(el), 'focus goes to the new Stop waiting').to.equal('cancel');
      expect((await ready).detail.talk.text).to.equal('Second time lucky.');
      expect(watch.posts()).to.have.length(2);
      expect(q(el, '[role="alert"]')).to.equal(null);
    });

    it('gives up after `timeout` with a message and dh-error; Keep waiting finds the video without asking again', async () => {
      const clock = manualClock();
      const headId = await newHead();
      const el = await studio(headId, { timeout: 1500 });
      await waitUntil(
        () => text(q(el, '[part="gallery"]')).includes('No videos yet'),
        'the empty state',
      );
      const hold = holdNewTalks(headId, []);
      const errors: DhErrorDetail[] = [];
      el.addEventListener('dh-error', (e) => errors.push((e as CustomEvent<DhErrorDetail>).detail));
      type(el, 'Slow to make.');
      button(el, /Generate video/)!.click();
      await waitUntil(() => clock.pauses.length === 1, 'the first look is scheduled');
      // Looks at 1 s and at 1.5 s (the pause is cut to the time left), then the time is up.
      await clock.advance(1500, () => errors.length);
      expect(errors, 'one dh-error').to.have.length(1);
      const detail = errors[0]!;
      expect(detail.code).to.equal('video_timeout');
      await el.updateComplete;
      expect(alertText(el)).to.match(
        /^No video after \d+ seconds?\. The platform may still be making it: it will then appear among the earlier videos\. Keep waiting$/,
      );
      expect(detail.message).to.equal(alertText(el).replace(/ Keep waiting$/, ''));
      expect(q(el, '[part="progress"]')).to.equal(null);
      await expectAccessible(el);
      const after = hold.calls.length;
      await clock.advance(60_000);
      expect(hold.calls.length, 'no request after giving up').to.equal(after);

      hold.release();
      await produced(headId, 1);
      const ready = oneEvent(el, 'dh-video-ready');
      await press(button(el, /Keep waiting/)!);
      await el.updateComplete;
      expect(focused(el), 'focus goes to the new Stop waiting').to.equal('cancel');
      let found = false;
      void ready.then(() => (found = true));
      await clock.advance(1000, () => found);
      expect((await ready).detail.talk.text).to.equal('Slow to make.');
      expect(hold.posts(), 'one video asked for').to.have.length(1);
    });

    it('another head-id stops waiting for the old head’s video', async () => {
      const clock = manualClock();
      const a = await newHead();
      const b = await newHead();
      const el = await studio(a);
      await waitUntil(
        () => text(q(el, '[part="gallery"]')).includes('No videos yet'),
        'the empty state',
      );
      const hold = holdNewTalks(a, []);
      type(el, 'For the first head.');
      button(el, /Generate video/)!.click();
      await waitUntil(
        () => text(q(el, '[part="progress"]')).includes('Producing'),
        'progress is shown',
      );
      let ready = 0;
      el.addEventListener('dh-video-ready', () => ready++);
      el.headId = b;
      await el.updateComplete;
      expect(q(el, '[part="progress"]')).to.equal(null);
      hold.release();
      await produced(a, 1);
      // The first look at head A's list was due after 1 s: had it not been cancelled, it would now find the video.
      await clock.advance(60_000, () => ready);
      expect(ready).to.equal(0);
      expect(
        hold.calls.filter(
          (c) => c.url.pathname.includes(a) && c.url.searchParams.get('take') === '50',
        ).length,
      ).to.equal(1);
    });
  });
});
