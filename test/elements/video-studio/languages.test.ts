/**
 * <dh-video-studio> in the page's language: German, Arabic right to left and Japanese, with no
 * English left; times and dates in the page's words.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../wait.js';
import type { DhVideoStudio } from '../../../src/elements/video-studio/video-studio.js';
import type { DhErrorDetail } from '../../../src/elements/shared/events.js';
import { videoStudioMessages } from '../../../src/elements/video-studio/messages.js';
import { englishLeft } from '../i18n.js';
import {
  addVideos,
  alertText,
  auth,
  click,
  describeVideoStudio,
  endpoint,
  holdNewTalks,
  items,
  live,
  loaded,
  newHead,
  type,
  videoStudioMessagesIn,
  voiceNames,
  watchFetch,
} from './support.js';
import { q, text, json, expectAccessible } from '../support.js';

describeVideoStudio(() => {
  describe('in the page’s language', () => {
    /** A studio inside a wrapper that sets the page's language (and direction). */
    async function studioIn(
      headId: string,
      lang: string,
      dir = 'ltr',
      opts: { pageSize?: number; timeout?: number } = {},
    ) {
      const wrapper = await fixture<HTMLDivElement>(html`<div lang=${lang} dir=${dir}>
        <dh-video-studio
          endpoint=${endpoint}
          head-id=${headId}
          page-size=${opts.pageSize ?? 6}
          timeout=${opts.timeout ?? 600000}
          .headers=${auth}
        ></dh-video-studio>
      </div>`);
      const el = wrapper.querySelector('dh-video-studio')!;
      await el.updateComplete;
      return { wrapper, el };
    }
    /** The English words left in the element for `lang`; `data` are words of the data (texts, voice names). */
    const english = (el: DhVideoStudio, lang: string, data: string[]) =>
      englishLeft(el.shadowRoot!, 'videoStudio', videoStudioMessages, lang, data);
    const dateIn = (lang: string, iso: string) =>
      new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      );
    const generate = (el: DhVideoStudio) => q<HTMLButtonElement>(el, '[part="generate"]')!;

    for (const [lang, dir, said, label, producing, now] of [
      [
        'de',
        'ltr',
        ['Guten Morgen.', 'Guten Abend.', 'Gute Nacht.'],
        'Text, den der digitale Mensch sprechen soll',
        'Das Video wird erstellt. Das kann einige Minuten dauern.',
        'jetzt',
      ],
      [
        'ar',
        'rtl',
        ['صباح الخير.', 'مساء الخير.', 'تصبح على خير.'],
        'النص الذي سيقوله الإنسان الرقمي',
        'جارٍ إنشاء الفيديو. قد يستغرق ذلك بضع دقائق.',
        'الآن',
      ],
      [
        'ja',
        'ltr',
        ['おはようございます。', 'こんばんは。', 'おやすみなさい。'],
        'デジタルヒューマンが話すテキスト',
        '動画を作成しています。数分かかる場合があります。',
        '今',
      ],
    ] as const) {
      it(`lang="${lang}"${dir === 'rtl' ? ' dir="rtl"' : ''}: the form, the progress, the gallery and the player have no English left; times and dates in the locale’s words; accessible`, async () => {
        const headId = await newHead();
        const made = await addVideos(headId, [said[0], said[1]]);
        const names = await voiceNames();
        const voice = names.get(made[0]!.voice)!;
        const data = [...said, voice];
        const { el } = await studioIn(headId, lang, dir, { pageSize: 1 });
        expect(el.currentLocale).to.equal(lang);

        // The form, and its message for an empty text.
        expect(text(q(el, 'label'))).to.equal(label);
        await loaded(el, 1);
        await waitUntil(
          () => text(items(el)[0]!.querySelector('.meta')).startsWith(`${voice} · `),
          'the voice name',
        );
        generate(el).click();
        await el.updateComplete;
        expect(text(q(el, '#invalid'))).to.equal(videoStudioMessagesIn[lang].textEmpty);
        expect(await english(el, lang, data)).to.deep.equal([]);
        await expectAccessible(el);

        // The gallery with a video, when it was made ("now"; its date on hover), its pager (one video a page).
        const time = items(el)[0]!.querySelector('time')!;
        expect(text(time)).to.equal(now);
        expect(time.title).to.equal(dateIn(lang, made[0]!.createdAt));
        expect(time.title).to.not.equal(dateIn('en', made[0]!.createdAt));
        const pager = q(el, '[part="pager"]')!;
        expect(pager.getAttribute('aria-label')).to.equal(videoStudioMessagesIn[lang].pages);
        if (dir === 'rtl') {
          // The pager flows from the right: Previous is right of Next.
          const [previous, next] = [...pager.querySelectorAll('button')].map((b) =>
            b.getBoundingClientRect(),
          );
          expect(previous!.left > next!.left, 'Previous on the right').to.equal(true);
        }
        expect(await english(el, lang, data)).to.deep.equal([]);

        // The player (its date, its download link, its words).
        await click(items(el)[0]!);
        await waitUntil(() => q(el, '[part="player"]'), 'the player');
        expect(text(q(el, '[part="player"] time'))).to.equal(dateIn(lang, made[0]!.createdAt));
        expect(await english(el, lang, data)).to.deep.equal([]);

        // While a video is made: the progress box, the live region, the visually hidden elapsed time.
        const hold = holdNewTalks(headId, made);
        type(el, said[2]);
        generate(el).click();
        await waitUntil(() => live(el) === producing, 'production is announced');
        // A second or more (a busy machine may show a later one first).
        await waitUntil(
          () => /^0:(0[1-9]|[1-5]\d)$/.test(text(q(el, '.elapsed'))),
          'the elapsed time ticks',
        );
        expect(await english(el, lang, data)).to.deep.equal([]);
        await expectAccessible(el);

        // Stopped waiting: the note, the announcement.
        q<HTMLButtonElement>(el, '[part="cancel"]')!.click();
        await el.updateComplete;
        expect(live(el)).to.equal(videoStudioMessagesIn[lang].stoppedAnnouncement);
        expect(await english(el, lang, data)).to.deep.equal([]);
        hold.release();
      });
    }

    it('lang="pl": plurals by the locale’s rules; lang="de": the text’s limit in German numbers', async () => {
      const { el } = await studioIn('', 'pl');
      const pl = new Intl.NumberFormat('pl');
      expect(text(q(el, '#count'))).to.equal(`${pl.format(0)} / ${pl.format(5000)} znaków`);
      expect(text(q(el, '[part="status"]'))).to.equal(
        'Nie wybrano cyfrowego człowieka: ustaw head-id, aby tworzyć i przeglądać jego filmy.',
      );
      expect(q(el, '[part="status"] code')!.textContent).to.equal('head-id');
      const m = videoStudioMessagesIn.pl;
      expect([1, 2, 5, 22].map((n) => m.characters(n))).to.deep.equal([
        'znak',
        'znaki',
        'znaków',
        'znaki',
      ]);
      expect(videoStudioMessagesIn.ar.characters(2)).to.equal('حرفان');
      expect(videoStudioMessagesIn.ar.textTooLong(5000)).to.contain(
        `${new Intl.NumberFormat('ar').format(5000)} حرف`,
      );
      const de = (await studioIn('', 'de')).el;
      expect(text(q(de, '#count'))).to.equal('0 / 5.000 Zeichen');
      expect(await english(de, 'de', ['head'])).to.deep.equal([]);
      await expectAccessible(de);
    });

    it('lang="de": errors read in German (the cap, a timeout), while dh-error keeps the English message', async () => {
      const headId = await newHead();
      const { el } = await studioIn(headId, 'de', 'ltr', { timeout: 1500 });
      await waitUntil(
        () => text(q(el, '[part="gallery"]')).includes('Noch keine Videos'),
        'the empty state',
      );
      const errors: DhErrorDetail[] = [];
      el.addEventListener('dh-error', (e) => errors.push(e.detail));
      let capped = true;
      const hold = holdNewTalks(headId, []);
      watchFetch((call) =>
        call.method === 'POST' && capped
          ? Promise.resolve(
              json(
                {
                  error: {
                    code: 'video_cap_reached',
                    message: 'The daily limit of 100 videos is reached.',
                  },
                },
                429,
                { 'retry-after': '7260' },
              ),
            )
          : undefined,
      );
      type(el, 'Ein Video zu viel.');
      generate(el).click();
      await waitUntil(() => q(el, '[role="alert"]'), 'the cap message');
      expect(alertText(el)).to.match(
        /^Das Tageslimit für Videos ist erreicht: .* in etwa 2 Std\. 1 Min\.$/,
      );
      expect(errors[0]!.message).to.match(/^The daily limit of videos is reached/);
      expect(await english(el, 'de', [])).to.deep.equal([]);

      capped = false;
      generate(el).click();
      await waitUntil(() => errors.length === 2, 'the timeout');
      await el.updateComplete;
      expect(errors[1]!.code).to.equal('video_timeout');
      expect(errors[1]!.message).to.match(/^No video after \d+ seconds?\./);
      expect(alertText(el)).to.match(
        /^Nach \d+ Sekunden? ist noch kein Video da\. .* Weiter warten$/,
      );
      expect(await english(el, 'de', [])).to.deep.equal([]);
      await expectAccessible(el);
      hold.release();
    });

    it('changing lang re-renders it, dates included; the messages property overrides one message', async () => {
      const headId = await newHead();
      const [talk] = await addVideos(headId, ['Bonjour.']);
      const { wrapper, el } = await studioIn(headId, 'de');
      await loaded(el, 1);
      expect(text(generate(el))).to.equal('Video erstellen');
      expect(text(q(el, '#gallery-title'))).to.equal('Bisherige Videos');
      wrapper.lang = 'fr';
      await waitUntil(
        () => el.currentLocale === 'fr' && text(generate(el)) === 'Générer la vidéo',
        'French',
      );
      await el.updateComplete;
      expect(text(q(el, '#gallery-title'))).to.equal('Vidéos précédentes');
      expect(text(items(el)[0]!.querySelector('time'))).to.equal('maintenant');
      expect(items(el)[0]!.querySelector('time')!.title).to.equal(dateIn('fr', talk!.createdAt));
      const names = await voiceNames();
      expect(await english(el, 'fr', ['Bonjour.', names.get(talk!.voice)!])).to.deep.equal([]);

      el.messages = { generate: 'Vidéo, s’il vous plaît' };
      await el.updateComplete;
      expect(text(generate(el))).to.equal('Vidéo, s’il vous plaît');
      expect(text(q(el, '#gallery-title')), 'the others stay French').to.equal(
        'Vidéos précédentes',
      );
      // Back to English: its own messages still win; the rest reads as before.
      wrapper.lang = 'en';
      await waitUntil(() => text(q(el, '#gallery-title')) === 'Earlier videos', 'English');
      expect(text(generate(el))).to.equal('Vidéo, s’il vous plaît');
      expect(text(q(el, 'label'))).to.equal('Text the head will say');
      el.messages = undefined;
      el.label = 'Votre texte';
      await el.updateComplete;
      expect(text(generate(el))).to.equal('Generate video');
      expect(text(q(el, 'label')), 'the label property wins').to.equal('Votre texte');
    });
  });
});
