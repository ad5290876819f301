/**
 * <dh-insights> in each engine, against a fake proxy on the test page's own origin (window.fetch
 * answers `GET …/heads` and `GET …/insights` with what each test gives): the answer drawn (key
 * numbers, bars as tall as their numbers, the tables' cells, the questions, the CSV), the choice
 * of head and days as the query, a range over 366 days refused before any request, loading,
 * empty and error states, the keyboard, 390 px, axe, and the ten languages. (The real route,
 * with the demo's seeded sessions, is the e2e test's: test/e2e/insights.spec.ts.)
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { Insights, InsightsDay } from '../../../src/api/answers.js';
import type { DhErrorDetail } from '../../../src/elements/shared/events.js';
import { configure, type DhInsights } from '../../../src/elements/insights/insights.js';
import { insightsMessages as en } from '../../../src/elements/insights/messages.js';
import { sharedMessages } from '../../../src/elements/shared/messages.js';
import { LOCALES } from '../../../src/elements/localized.js';
import { catalogue, englishLeft } from '../i18n.js';
import { press } from '../keys.js';
import { button, json, q, qa, text, expectAccessible } from '../support.js';
import { waitUntil } from '../wait.js';

/** The fake proxy's routes, on this page's origin (an endpoint the page trusts without configure()). */
const ENDPOINT = '/dh-insights-test';
const AUTH = { authorization: 'Bearer insights-test' };

const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'];
const SESSIONS = [3, 0, 6, 12, 1];
const MINUTES = [7.5, 0, 20, 41.2, 2];
const HOURS = Array.from({ length: 24 }, (_, hour) => (hour === 14 ? 9 : hour % 5));

/** A day's counts: `sessions` started, the rest made from it so every column differs. */
function dayOf(day: string, sessions: number, minutes: number): InsightsDay {
  return {
    day,
    launches: sessions + 2,
    sessionsStarted: sessions,
    sessionsEnded: Math.max(0, sessions - 1),
    sessionsTimedOut: sessions ? 1 : 0,
    inactivityWarnings: sessions % 2,
    minutes,
    peakConcurrent: Math.min(sessions, 3),
  };
}

/** The proxy's answer for the five days above (or `sessions` of its own: all zero is empty). */
function answer(head: string | null = null, sessions = SESSIONS): Insights {
  const days = DAYS.map((day, index) =>
    dayOf(day, sessions[index]!, sessions[index] ? MINUTES[index]! : 0),
  );
  const sum = (key: Exclude<keyof InsightsDay, 'day'>) =>
    days.reduce((total, day) => total + day[key], 0);
  return {
    head,
    from: DAYS[0]!,
    to: DAYS.at(-1)!,
    totals: {
      launches: sum('launches'),
      sessionsStarted: sum('sessionsStarted'),
      sessionsEnded: sum('sessionsEnded'),
      sessionsTimedOut: sum('sessionsTimedOut'),
      inactivityWarnings: sum('inactivityWarnings'),
      minutes: sum('minutes'),
      peakConcurrent: Math.max(...days.map((day) => day.peakConcurrent)),
    },
    medianMinutes: 4.5,
    p90Minutes: 12,
    timeoutShare: 0.25,
    launchToSession: 0.8,
    days,
    hours: sessions.some(Boolean) ? HOURS : HOURS.map(() => 0),
    questions: [
      { text: 'what are your opening hours?', count: 5 },
      { text: 'do you ship abroad?', count: 1 },
    ],
    questionsKept: true,
    keptDays: 90,
  };
}

interface Call {
  url: URL;
  headers: Headers;
  signal?: AbortSignal | null;
}
type Route = (url: URL) => Response | Promise<Response>;
const restores: (() => void)[] = [];

/** The fake proxy: `insights` answers GET …/insights (default: the five days); every call is recorded. */
function fakeProxy(insights: Route = () => json(answer())) {
  const calls: Call[] = [];
  const real = window.fetch;
  window.fetch = async (input, init = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.href);
    if (!url.pathname.startsWith(ENDPOINT)) return real(input, init);
    calls.push({ url, headers: new Headers(init.headers), signal: init.signal });
    if (url.pathname === `${ENDPOINT}/heads`)
      return json({
        items: [
          {
            id: 'ava',
            name: 'Ava',
            mode: 'oc',
            streaming: false,
            createdAt: '2026-11-01T00:00:00Z',
          },
        ],
      });
    return insights(url);
  };
  restores.push(() => (window.fetch = real));
  return {
    calls,
    /** The queries of the insights requests, as `head from to` ('-' for no head). */
    queries: () =>
      calls
        .filter((call) => call.url.pathname.endsWith('/insights'))
        .map(
          ({ url: { searchParams: p } }) =>
            `${p.get('head') ?? '-'} ${p.get('from')} ${p.get('to')}`,
        ),
  };
}

async function insightsElement(attributes: { from?: string; to?: string; lang?: string } = {}) {
  const wrapper =
    await fixture<HTMLDivElement>(html`<div lang=${attributes.lang ?? 'en'} class="box">
    <dh-insights
      endpoint=${ENDPOINT}
      from=${attributes.from ?? DAYS[0]}
      to=${attributes.to ?? DAYS.at(-1)}
      help-href="https://docs.example/insights#session-events"
      .headers=${AUTH}
      .heads=${[{ id: 'leo', name: 'Leo' }]}
    ></dh-insights>
  </div>`);
  const el = wrapper.querySelector('dh-insights')!;
  return { wrapper, el };
}

const loaded = (el: DhInsights) =>
  waitUntil(
    () =>
      q(el, '.results')?.getAttribute('aria-busy') === 'false' && (q(el, 'svg') || q(el, '.state')),
    'the insights are shown',
  );

const dayName = (day: string, locale = 'en') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.parse(day));
const hourName = (hour: number, locale = 'en') =>
  new Intl.DateTimeFormat(locale, { hour: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, hour),
  );
/** A table's rows, each as its cells' texts. */
const rows = (table: Element | null | undefined) =>
  [...(table?.querySelectorAll('tbody tr') ?? [])].map((row) =>
    [...row.children].map((cell) => text(cell)),
  );
/** The bars of a chart: each one's height (in the drawing's units) and its tooltip. */
const bars = (svg: Element | null) =>
  [...(svg?.querySelectorAll('rect') ?? [])].map((rect) => ({
    height: Number(rect.getAttribute('height')),
    title: text(rect.querySelector('title')),
  }));

describe('<dh-insights>', () => {
  before(() => configure({ trustedEndpoints: [ENDPOINT] }));

  afterEach(() => {
    while (restores.length) restores.pop()!();
  });

  it('draws the answer: key numbers, bars as tall as their numbers, the same numbers in the tables, the questions, the CSV; axe clean in each engine', async () => {
    const proxy = fakeProxy();
    const { el } = await insightsElement();
    await loaded(el);
    const data = answer();
    expect(proxy.queries(), 'one request for the range, all heads').to.deep.equal([
      `- ${DAYS[0]} ${DAYS.at(-1)}`,
    ]);
    expect(
      proxy.calls.every((call) => call.headers.get('authorization') === AUTH.authorization),
      'every request carries the site’s headers',
    ).to.equal(true);
    expect(
      qa(el, '.numbers dd').map((dd) => text(dd)),
      'sessions, minutes, median, time-out share, launches that became sessions',
    ).to.deep.equal(['22', '70.7', '4.5', '25%', '80%']);

    const perDay = q(el, 'svg#per-day');
    expect(perDay?.getAttribute('role'), 'the chart is a picture').to.equal('img');
    expect(perDay?.getAttribute('aria-label'), 'its summary').to.equal(
      en.perDaySummary(dayName(DAYS[0]!), dayName(DAYS.at(-1)!), 22, dayName('2026-11-04'), 12),
    );
    expect(bars(perDay), 'a bar per day, as tall as its sessions (the busiest 100)').to.deep.equal(
      SESSIONS.map((sessions, index) => ({
        height: (sessions / 12) * 100,
        title: en.dayBar(dayName(DAYS[index]!), sessions),
      })),
    );
    const byHour = q(el, 'svg#by-hour');
    expect(
      bars(byHour).map((bar) => Math.round(bar.height * 9)),
      'a bar per hour, as tall as its sessions',
    ).to.deep.equal(HOURS.map((sessions) => Math.round((sessions / 9) * 100 * 9)));
    expect(byHour?.getAttribute('aria-label'), 'its summary names the busiest hour').to.equal(
      en.byHourSummary(hourName(14), 9),
    );

    const [dayTable, hourTable] = qa(el, 'table');
    expect(rows(dayTable), 'the day table: day, sessions, minutes').to.deep.equal(
      data.days.map((day) => [dayName(day.day), String(day.sessionsStarted), String(day.minutes)]),
    );
    expect(rows(hourTable), 'the hour table: each hour and its sessions').to.deep.equal(
      HOURS.map((sessions, hour) => [hourName(hour), String(sessions)]),
    );
    expect(
      qa(el, '.questions li').map((li) => text(li)),
      'the questions, most asked first',
    ).to.deep.equal([
      'what are your opening hours? (asked 5 times)',
      'do you ship abroad? (asked once)',
    ]);

    const link = q<HTMLAnchorElement>(el, 'a[part="csv"]')!;
    expect(link.download, 'the file’s name').to.equal('insights-all-2026-11-01-2026-11-05.csv');
    const csv = decodeURIComponent(link.href.slice(link.href.indexOf(',') + 1));
    expect(csv.split('\r\n'), 'the CSV: a header of the counts, a row per day').to.deep.equal([
      'day,launches,sessionsStarted,sessionsEnded,sessionsTimedOut,inactivityWarnings,minutes,peakConcurrent',
      ...data.days.map((day) =>
        [
          day.day,
          day.launches,
          day.sessionsStarted,
          day.sessionsEnded,
          day.sessionsTimedOut,
          day.inactivityWarnings,
          day.minutes,
          day.peakConcurrent,
        ].join(','),
      ),
      '',
    ]);
    // Open the tables, so axe reads them too.
    for (const details of qa<HTMLDetailsElement>(el, 'details')) details.open = true;
    await expectAccessible(el, { everyEngine: true });
  });

  it('the head and the days chosen are the query; a range over 366 days is refused without a request; a newer choice aborts the older request; Refresh asks again', async () => {
    let hold: (() => void) | undefined;
    const proxy = fakeProxy(async (url) => {
      if (url.searchParams.get('head') === 'ava') await new Promise<void>((r) => (hold = r));
      return json(answer(url.searchParams.get('head')));
    });
    const { el } = await insightsElement();
    await loaded(el);
    const select = q<HTMLSelectElement>(el, 'select')!;
    await waitUntil(() => select.options.length === 3, 'the heads are offered');
    expect(
      [...select.options].map((option) => `${option.value}:${option.text}`),
      'all heads, the page’s heads, the proxy’s',
    ).to.deep.equal([':All heads', 'leo:Leo', 'ava:Ava']);
    const changes: string[] = [];
    el.addEventListener('change', () => changes.push(`${el.headId} ${el.from} ${el.to}`));

    // Ava is slow: Leo, chosen meanwhile, is what shows, and Ava's request is aborted.
    select.value = 'ava';
    select.dispatchEvent(new Event('change'));
    await waitUntil(() => hold, 'Ava is asked for');
    expect(q(el, '.results')?.getAttribute('aria-busy'), 'busy while it loads').to.equal('true');
    expect(text(q(el, '.sr-only[role="status"]')), 'and says so').to.equal(en.loading);
    select.value = 'leo';
    select.dispatchEvent(new Event('change'));
    await loaded(el);
    hold!();
    const avaCall = proxy.calls.find((call) => call.url.searchParams.get('head') === 'ava');
    expect(avaCall?.signal?.aborted, 'the older request is aborted').to.equal(true);
    expect(q<HTMLAnchorElement>(el, 'a[part="csv"]')?.download, 'Leo’s file').to.equal(
      'insights-leo-2026-11-01-2026-11-05.csv',
    );

    const [from, to] = qa<HTMLInputElement>(el, 'input[type="date"]');
    from!.value = '2025-10-01';
    from!.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(text(q(el, '[role="alert"]')), 'the range is too long, said').to.equal(
      en.rangeTooLong(366),
    );
    expect(from!.getAttribute('aria-invalid'), 'the first day is marked').to.equal('true');
    expect(from!.getAttribute('aria-describedby'), 'and described').to.equal('problem');
    expect(q(el, 'svg'), 'no chart for a range that was refused').to.equal(null);
    to!.value = '2026-10-01';
    to!.dispatchEvent(new Event('change'));
    await loaded(el);
    expect(proxy.queries(), 'every query sent, none for the long range').to.deep.equal([
      `- ${DAYS[0]} ${DAYS.at(-1)}`,
      `ava ${DAYS[0]} ${DAYS.at(-1)}`,
      `leo ${DAYS[0]} ${DAYS.at(-1)}`,
      'leo 2025-10-01 2026-10-01',
    ]);
    expect(changes, 'change, for each choice of the user').to.deep.equal([
      `ava ${DAYS[0]} ${DAYS.at(-1)}`,
      `leo ${DAYS[0]} ${DAYS.at(-1)}`,
      `leo 2025-10-01 ${DAYS.at(-1)}`,
      'leo 2025-10-01 2026-10-01',
    ]);
    // Refresh asks for the same range again (today's conversations move as they end).
    button(el, new RegExp(`^${en.refresh}$`))!.click();
    await waitUntil(() => proxy.queries().length === 5, 'asked again');
    expect(proxy.queries().at(-1), 'the same query').to.equal('leo 2025-10-01 2026-10-01');
  });

  it('a day typed by keyboard is taken when the typing pauses or the field is left, never rewritten while it is typed', async () => {
    const proxy = fakeProxy();
    const { el } = await insightsElement();
    await loaded(el);
    const sent = proxy.calls.length;
    const [from] = qa<HTMLInputElement>(el, 'input[type="date"]');
    from!.focus();
    // Chromium fires change at each part typed: a month's first digit is a whole date already,
    // and a part begun again empties the field until it is whole.
    for (const typed of ['2026-01-05', '']) {
      from!.value = typed;
      from!.dispatchEvent(new Event('change'));
      el.requestUpdate();
      await el.updateComplete;
      expect(from!.value, 'what is half typed stays as typed').to.equal(typed);
    }
    expect(el.from, 'no day taken while typing').to.equal(DAYS[0]);
    from!.value = '2026-10-20';
    from!.dispatchEvent(new Event('change'));
    from!.blur();
    await loaded(el);
    expect(el.from, 'taken when the field is left').to.equal('2026-10-20');
    expect(proxy.queries().slice(-1), 'one request, for the day typed').to.deep.equal([
      `- 2026-10-20 ${DAYS.at(-1)}`,
    ]);
    expect(proxy.calls.length - sent, 'none for the parts typed on the way').to.equal(1);
  });

  it('by keyboard: a head is chosen with the arrow keys, a table opens with Enter', async () => {
    const proxy = fakeProxy();
    const { el } = await insightsElement();
    await loaded(el);
    const select = q<HTMLSelectElement>(el, 'select')!;
    await waitUntil(() => select.options.length === 3, 'the heads are offered');
    select.focus();
    await press('ArrowDown');
    await waitUntil(() => el.headId === 'leo', 'the next head is chosen');
    await loaded(el);
    expect(proxy.queries().at(-1), 'and asked for').to.equal(`leo ${DAYS[0]} ${DAYS.at(-1)}`);
    const summary = q<HTMLElement>(el, 'details summary')!;
    summary.focus();
    await press('Enter');
    await waitUntil(() => q<HTMLDetailsElement>(el, 'details')?.open, 'Enter opens the table');
    expect(rows(q(el, 'table')).length, 'with a row per day').to.equal(DAYS.length);
  });

  it('empty: how to turn on session events (the commands for the chosen head, the help link); error: visitor words, dh-error and the console for the operator, Try again', async () => {
    let failing = true;
    fakeProxy((url) =>
      failing
        ? json(
            {
              error: {
                code: 'platform_unavailable',
                message: 'The platform answered 503 (DH_BASE_URL).',
              },
            },
            502,
          )
        : json(
            answer(
              url.searchParams.get('head'),
              SESSIONS.map(() => 0),
            ),
          ),
    );
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (line: string) => warnings.push(line);
    restores.push(() => (console.warn = warn));
    // Listened to on the document before the element exists: its first request fails at once.
    const errors: DhErrorDetail[] = [];
    const onError = (e: Event) => errors.push((e as CustomEvent<DhErrorDetail>).detail);
    document.addEventListener('dh-error', onError);
    restores.push(() => document.removeEventListener('dh-error', onError));
    const { el } = await insightsElement();
    await waitUntil(() => q(el, '[part="error"]'), 'the error is shown');
    expect(text(q(el, '[part="error"]')), 'visitor words and Try again').to.equal(
      `${en.loadFailed} ${sharedMessages.error('platform_unavailable')}${sharedMessages.tryAgain}`,
    );
    expect(errors, 'dh-error has the proxy’s words').to.deep.equal([
      { code: 'platform_unavailable', message: 'The platform answered 503 (DH_BASE_URL).' },
    ]);
    expect(warnings, 'one console line for the operator').to.deep.equal([
      'dh-kit <dh-insights>: The platform answered 503 (DH_BASE_URL). (platform_unavailable)',
    ]);
    await expectAccessible(el, { everyEngine: true });

    failing = false;
    q<HTMLButtonElement>(el, '[part="error"] button')!.focus();
    await press('Enter');
    await waitUntil(() => q(el, '.empty-title'), 'Try again loads the range again: empty');
    expect(text(q(el, '.empty-title')), 'no conversations yet').to.equal(en.empty);
    const receiver = new URL(`${ENDPOINT}/hooks/events`, location.href).href;
    expect(text(q(el, '.state pre')), 'the commands, for any head').to.equal(
      `npx dh-kit webhooks create <head-id> ${receiver} --start --end --inactivity --timeout npx dh-kit events enable <head-id>`,
    );
    expect(q<HTMLAnchorElement>(el, '.state a')?.href, 'the help link').to.equal(
      'https://docs.example/insights#session-events',
    );
    expect(q(el, 'a[part="csv"]'), 'nothing to download').to.equal(null);
    // Markup narrows: a help link that is not http(s) is no link.
    el.helpHref = 'javascript:alert(1)';
    await el.updateComplete;
    expect(q(el, '.state a'), 'no javascript: link').to.equal(null);
    el.headId = 'leo';
    await loaded(el);
    await waitUntil(
      () => text(q(el, '.state pre')).includes('enable leo'),
      'the chosen head’s commands',
    );
    await expectAccessible(el, { everyEngine: true });
  });

  it('390 px wide, every table open: nothing sticks out sideways', async () => {
    fakeProxy();
    const { wrapper, el } = await insightsElement();
    wrapper.style.width = '390px';
    await loaded(el);
    for (const details of qa<HTMLDetailsElement>(el, 'details')) details.open = true;
    el.headId = 'a-rather-long-head-id-that-has-no-spaces-at-all-0123456789';
    await loaded(el);
    expect(el.getBoundingClientRect().width, 'the element is as wide as its box').to.equal(390);
    expect(el.scrollWidth, 'nothing of it reaches past its box').to.be.at.most(390);
    const right = el.getBoundingClientRect().right;
    const past = qa(el, 'select, input, svg, .numbers, .questions, .table')
      .filter((node) => node.getBoundingClientRect().right > right + 0.5)
      .map((node) => node.localName);
    expect(past, 'no control, chart or table past the right edge').to.deep.equal([]);
  });

  it('speaks each of the ten languages: no English left, days and hours in the language’s own format; right to left, the drawings run from the right', async () => {
    fakeProxy();
    const { wrapper, el } = await insightsElement();
    await loaded(el);
    const data = [...answer().questions.map((question) => question.text), 'CSV', 'UTC'];
    for (const lang of LOCALES.filter((locale) => locale !== 'en')) {
      el.locale = lang;
      await el.updateComplete;
      const messages = (await catalogue(lang)).insights;
      await waitUntil(
        () => text(q(el, '#per-day-title')) === messages.perDay,
        `${lang}: the chart heading is in ${lang}`,
      );
      expect(
        await englishLeft(el.shadowRoot!, 'insights', en, lang, data),
        `${lang}: English left`,
      ).to.deep.equal([]);
      expect(rows(q(el, 'table'))[0]?.[0], `${lang}: the first day`).to.equal(
        dayName(DAYS[0]!, lang),
      );
      expect(rows(qa(el, 'table')[1]!)[14]?.[0], `${lang}: 2 pm`).to.equal(hourName(14, lang));
    }
    const transform = () => getComputedStyle(q(el, 'svg#per-day')!).transform;
    expect(transform(), 'left to right, as drawn').to.equal('none');
    wrapper.dir = 'rtl';
    expect(transform(), 'right to left, mirrored').to.equal('matrix(-1, 0, 0, 1, 0, 0)');
  });
});
