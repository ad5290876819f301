import { html, noChange, nothing, type PropertyDeclarations } from 'lit';
import { live } from 'lit/directives/live.js';
import { Task, TaskStatus, initialState } from '@lit/task';
import { insightsSchema, madeHeadsSchema, type Insights } from '../../api/answers.js';
import { ApiRequestError } from '../../api/client.js';
import { MAX_INSIGHTS_DAYS } from '../../api/rules.js';
import { mediaUrl } from '../../api/urls.js';
import { define } from '../shared/define.js';
import { DEFAULT_ENDPOINT, ProxyEndpoint, headersKey } from '../shared/endpoint.js';
import { fail, type DhErrorDetail } from '../shared/events.js';
import { sharedMessages } from '../shared/messages.js';
import { srOnly } from '../shared/sr-only.styles.js';
import { renderError, renderStatus } from '../shared/states.js';
import { LocalizeController, LocalizedElement } from '../localized.js';
import { renderChart } from './charts.js';
import { csvFileName, insightsCsv } from '../../api/insights-csv.js';
import { addDays, dayOf, daysIn, rangeProblem } from '../../api/days.js';
import { styles } from './insights.styles.js';
import { insightsMessages } from './messages.js';

/** A head the choice offers: its id (the query's `head`) and the name people know it by. */
export interface InsightsHead {
  id: string;
  name: string;
}

/** The range when the page sets none: the last 30 days, today (UTC) included. */
/** How long typing in a date field pauses before the day typed is taken (ms). */
const TYPING_PAUSE_MS = 800;
const DEFAULT_DAYS = 30;
/** What a key number without a value shows (no ended session, no launch in the range). */
const NO_VALUE = '—';
/** Where a command shows the head when the choice is "All heads". */
const ANY_HEAD = '<head-id>';

/**
 * Conversation insights for a site's back office: a head (or all of them) and a range of days,
 * then a few key numbers (sessions, minutes, median minutes, the share that timed out, launches
 * that became sessions), the sessions of each day and of each hour of the day as bar charts drawn
 * in SVG (each with its numbers as a table behind "Show as table"), the visitors' top questions,
 * and the range's days as a CSV file. With no session event in the range it says how to turn
 * them on.
 *
 * It talks to the proxy's admin routes (`GET {endpoint}/insights?head=&from=&to=` and
 * `GET {endpoint}/heads` for the choice): give it the site's own auth through the `headers` and
 * `credentials` properties. Days are UTC days, as the proxy counts them; a range is at most 366
 * days (a longer one is refused here, before any request).
 *
 * @element dh-insights
 *
 * @fires {Event} change - The user chose another head or another day (`headId`, `from`, `to` hold the choice).
 * @fires {DhErrorDetail} dh-error - The insights or the list of heads could not be loaded; the element shows the message for the insights.
 *
 * @csspart controls - The head and day choices.
 * @csspart head - The head `<select>`.
 * @csspart from - The first day's date input.
 * @csspart to - The last day's date input.
 * @csspart numbers - The key numbers (a `<dl>`).
 * @csspart csv - The CSV download link.
 * @csspart chart - A chart with its heading and its table (per day, by hour).
 * @csspart table - A chart's "Show as table" disclosure.
 * @csspart questions - The top questions.
 * @csspart status - Loading, empty (how to turn on session events) and range notes.
 * @csspart error - The error message with its Try again button.
 *
 * @cssprop [--dh-insights-accent=var(--dh-picker-accent, #2563eb)] - Bars, links and focus colour.
 * @cssprop [--dh-insights-radius=var(--dh-picker-radius, 10px)] - Corner radius.
 * @cssprop [--dh-insights-border=var(--dh-picker-border, 1px solid …)] - Borders.
 * @cssprop [--dh-insights-font=var(--dh-picker-font, system-ui, sans-serif)] - Font.
 * @cssprop [--dh-insights-error-color=var(--dh-picker-error-color, #b91c1c)] - Error text.
 * @cssprop [--dh-insights-chart-height=160px] - Height of each chart's drawing.
 */
export class DhInsights extends LocalizedElement<'insights'> {
  static override styles = [srOnly, styles];
  protected readonly localize = new LocalizeController(this, {
    section: 'insights',
    english: insightsMessages,
    sharedEnglish: sharedMessages,
  });

  static override properties: PropertyDeclarations = {
    headId: { attribute: 'head-id' },
    from: {},
    to: {},
    endpoint: {},
    headers: { attribute: false },
    credentials: { attribute: false },
    heads: { attribute: false },
    helpHref: { attribute: 'help-href' },
  };

  readonly #proxy = new ProxyEndpoint(this);
  /** Bumped by Try again: the same range, asked again. */
  #attempt = 0;

  /** The heads the proxy made (`GET /heads`), for the choice. */
  readonly #madeHeads = new Task(this, {
    task: async ([endpoint], { signal }) =>
      (await this.#proxy.requestJson('/heads', madeHeadsSchema, { endpoint, signal })).items,
    args: () => [this.endpoint, headersKey(this.headers), this.credentials] as const,
    onError: (err) => this.#failed(err),
  });

  /** The range's insights; a newer choice aborts an older request, and its answer is dropped. */
  readonly #insights = new Task(this, {
    task: async ([endpoint, head, from, to], { signal }) => {
      if (rangeProblem(from, to)) return initialState;
      return this.#proxy.requestJson('/insights', insightsSchema, {
        endpoint,
        query: { head, from, to },
        signal,
      });
    },
    args: () =>
      [
        this.endpoint,
        this.headId,
        this.from,
        this.to,
        this.#attempt,
        headersKey(this.headers),
        this.credentials,
      ] as const,
    onError: (err) => this.#failed(err),
  });

  /** The head whose conversations are shown; empty: every head's. */
  headId = '';
  /** The range's first day, `YYYY-MM-DD` (UTC); default 29 days before `to`. */
  from: string = addDays(dayOf(Date.now()), 1 - DEFAULT_DAYS);
  /** The range's last day, `YYYY-MM-DD` (UTC), included; default today. */
  to: string = dayOf(Date.now());
  /** Base URL of the proxy routes. */
  endpoint = DEFAULT_ENDPOINT;
  /** Extra request headers for the admin routes, e.g. `{authorization: 'Bearer …'}` (property only). */
  headers?: HeadersInit;
  /** Fetch credentials mode, for a proxy on another origin that uses cookies (property only). */
  credentials?: RequestCredentials;
  /** Heads to offer beside those the proxy lists (`GET /heads` knows only the heads made through it), as `{id, name}` (property only). */
  heads: InsightsHead[] = [];
  /** A page that explains session events (an http(s) URL), linked from the empty state. */
  helpHref?: string;

  /** Loads the insights of the chosen head and days again. */
  refresh(): void {
    this.#attempt++;
    this.requestUpdate();
  }

  /** A failure: the page's `dh-error` and the console (an aborted request is no failure). */
  #failed(err: unknown): void {
    if (err instanceof DOMException && err.name === 'AbortError') return;
    fail(this, this.#detail(err));
  }

  #detail(err: unknown): DhErrorDetail {
    return err instanceof ApiRequestError
      ? { code: err.code, message: err.message }
      : { code: 'unexpected', message: String(err) };
  }

  #onHead(e: Event): void {
    this.headId = (e.target as HTMLSelectElement).value;
    this.#changed();
  }

  /**
   * A date typed by keyboard changes the field at each part (Chromium fires `change` after the
   * month's first digit), so a day is taken once the typing pauses, or when the field is left or
   * Enter is pressed; a date chosen without the keyboard is taken at once. Until then the field is
   * never written to (render), or a re-render would undo what is half typed.
   */
  #onDay(e: Event): void {
    const input = e.target as HTMLInputElement;
    clearTimeout(this.#dayTimer);
    if (this.#typingIn(input))
      this.#dayTimer = setTimeout(() => this.#takeDay(input), TYPING_PAUSE_MS);
    else this.#takeDay(input);
  }

  #takeDay(input: HTMLInputElement): void {
    clearTimeout(this.#dayTimer);
    const day = input.value;
    if (day === (input.name === 'from' ? this.from : this.to)) return;
    if (input.name === 'from') this.from = day;
    else this.to = day;
    this.#changed();
  }

  #dayTimer?: ReturnType<typeof setTimeout>;

  /** Whether a date field has the focus (its value may be half typed). */
  #typingIn(input: HTMLInputElement): boolean {
    return this.shadowRoot?.activeElement === input;
  }

  /** Enter in a date field submits the form: the day typed is taken, the page stays. */
  #onSubmit(e: SubmitEvent): void {
    e.preventDefault();
    for (const input of this.shadowRoot!.querySelectorAll('input')) this.#takeDay(input);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#dayTimer);
  }

  /** The user's choice changed: `change` for the page, as a form control tells it. */
  #changed(): void {
    this.dispatchEvent(new Event('change', { bubbles: true }));
  }

  /** The heads to choose from: the page's, then the proxy's, then the chosen one if neither has it. */
  get #choices(): InsightsHead[] {
    const choices = new Map<string, InsightsHead>();
    for (const head of [...(this.heads ?? []), ...(this.#madeHeads.value ?? [])])
      if (!choices.has(head.id)) choices.set(head.id, head);
    if (this.headId && !choices.has(this.headId))
      choices.set(this.headId, { id: this.headId, name: this.headId });
    return [...choices.values()];
  }

  protected override render() {
    const { m } = this;
    const problem = rangeProblem(this.from, this.to);
    const busy = this.#insights.status === TaskStatus.PENDING;
    return html`
      <form class="controls" part="controls" @submit=${this.#onSubmit}>
        <label>${m.head}
          <select part="head" @change=${this.#onHead}>
            <option value="" ?selected=${!this.headId}>${m.allHeads}</option>
            ${this.#choices.map((head) => html`<option value=${head.id} ?selected=${head.id === this.headId}>${head.name}</option>`)}
          </select>
        </label>
        ${this.#renderDay('from', m.from, this.from, !!problem)}
        ${this.#renderDay('to', m.to, this.to, !!problem)}
        <button type="button" part="refresh" @click=${() => this.refresh()}>${m.refresh}</button>
      </form>
      ${
        problem
          ? html`<p id="problem" class="state error" part="status" role="alert">${problem === 'rangeTooLong' ? m.rangeTooLong(MAX_INSIGHTS_DAYS) : m[problem]}</p>`
          : nothing
      }
      <p class="sr-only" role="status">${busy ? m.loading : ''}</p>
      <div class="results" aria-busy=${busy}>${problem ? nothing : this.#renderResults()}</div>
    `;
  }

  #renderDay(name: 'from' | 'to', label: string, value: string, invalid: boolean) {
    const field = this.shadowRoot?.querySelector<HTMLInputElement>(`input[name=${name}]`);
    // Left alone while it has the focus (see #onDay); else the day chosen, whatever it shows now.
    const shown = field && this.#typingIn(field) ? noChange : live(value);
    return html`<label>${label}
      <input type="date" name=${name} part=${name} .value=${shown} required
        aria-invalid=${invalid} aria-describedby=${invalid ? 'problem' : nothing}
        @change=${this.#onDay} @blur=${(e: FocusEvent) => this.#takeDay(e.target as HTMLInputElement)}>
    </label>`;
  }

  #renderResults() {
    const { m, shared } = this;
    const task = this.#insights;
    if (task.status === TaskStatus.ERROR) {
      const { code } = this.#detail(task.error);
      return renderError(`${m.loadFailed} ${shared.error(code)}`, shared.tryAgain, () =>
        this.refresh(),
      );
    }
    const insights = task.value;
    if (!insights) return renderStatus(m.loading);
    const { totals } = insights;
    const kept =
      daysIn(insights.from, dayOf(Date.now())) > insights.keptDays
        ? html`<p class="note" part="status">${m.keptDays(insights.keptDays)}</p>`
        : nothing;
    if (!totals.sessionsStarted && !totals.sessionsEnded && !totals.sessionsTimedOut)
      return html`${this.#renderEmpty()}${kept}`;
    return html`${this.#renderNumbers(insights)}${kept}${this.#renderCharts(insights)}${this.#renderQuestions(insights)}`;
  }

  /** No session event in the range: how to turn them on, with the commands for the chosen head. */
  #renderEmpty() {
    const { m } = this;
    const head = this.headId || ANY_HEAD;
    const receiver = new URL(`${this.endpoint.replace(/\/+$/, '')}/hooks/events`, document.baseURI)
      .href;
    const commands = [
      `npx dh-kit webhooks create ${head} ${receiver} --start --end --inactivity --timeout`,
      `npx dh-kit events enable ${head}`,
    ];
    const help = mediaUrl(this.helpHref);
    return html`<div class="state" part="status" role="status">
      <p class="empty-title">${m.empty}</p>
      <p>${m.emptyHow}</p>
      <pre>${commands.map((command) => html`<code>${command}</code> `)}</pre>
      ${help ? html`<a href=${help}>${m.emptyHelp}</a>` : nothing}
    </div>`;
  }

  #renderNumbers(insights: Insights) {
    const { m } = this;
    const locale = this.currentLocale;
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    const or = (value: number | null, format: Intl.NumberFormat) =>
      value === null ? NO_VALUE : format.format(value);
    const numbers: [string, string][] = [
      [m.sessions, number.format(insights.totals.sessionsStarted)],
      [m.minutes, number.format(insights.totals.minutes)],
      [m.medianMinutes, or(insights.medianMinutes, number)],
      [m.timeoutShare, or(insights.timeoutShare, percent)],
      [m.launchToSession, or(insights.launchToSession, percent)],
    ];
    // A data: URL, not a blob's: nothing to revoke, and the file is a few kilobytes at most.
    const csv = `data:text/csv;charset=utf-8,${encodeURIComponent(insightsCsv(insights))}`;
    return html`<dl class="numbers" part="numbers">
        ${numbers.map(([label, value]) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`)}
      </dl>
      <p class="download"><a part="csv" href=${csv} download=${csvFileName(insights)}>${m.csv}</a></p>`;
  }

  #renderCharts(insights: Insights) {
    const { m } = this;
    const locale = this.currentLocale;
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const hourFormat = new Intl.DateTimeFormat(locale, { hour: 'numeric', timeZone: 'UTC' });
    const dayName = (day: string) => dayFormat.format(Date.parse(day));
    const hourName = (hour: number) => hourFormat.format(Date.UTC(2000, 0, 1, hour));
    const busiestOf = <T>(items: T[], value: (item: T) => number) =>
      items.reduce((best, item) => (value(item) > value(best) ? item : best));
    const days = insights.days;
    const busiestDay = days.length ? busiestOf(days, (day) => day.sessionsStarted) : undefined;
    const hours = insights.hours;
    const busiestHour = hours.length ? busiestOf([...hours.keys()], (hour) => hours[hour]!) : 0;
    const top = (values: number[]) => number.format(Math.max(0, ...values));
    return html`${renderChart({
      id: 'per-day',
      heading: m.perDay,
      summary: m.perDaySummary(
        dayName(insights.from),
        dayName(insights.to),
        insights.totals.sessionsStarted,
        busiestDay ? dayName(busiestDay.day) : '',
        busiestDay?.sessionsStarted ?? 0,
      ),
      bars: days.map((day) => ({
        value: day.sessionsStarted,
        title: m.dayBar(dayName(day.day), day.sessionsStarted),
        cells: [dayName(day.day), number.format(day.sessionsStarted), number.format(day.minutes)],
      })),
      axis: [dayName(insights.from), dayName(insights.to)],
      columns: [m.day, m.sessions, m.minutes],
      showTable: m.showTable,
      top: top(days.map((day) => day.sessionsStarted)),
    })}${renderChart({
      id: 'by-hour',
      heading: m.byHour,
      summary: m.byHourSummary(hourName(busiestHour), hours[busiestHour] ?? 0),
      bars: hours.map((sessions, hour) => ({
        value: sessions,
        title: m.hourBar(hourName(hour), sessions),
        cells: [hourName(hour), number.format(sessions)],
      })),
      axis: [hourName(0), hourName(23)],
      columns: [m.hour, m.sessions],
      showTable: m.showTable,
      top: top(hours),
    })}`;
  }

  #renderQuestions(insights: Insights) {
    const { m } = this;
    const { questions } = insights;
    return html`<div class="questions" part="questions">
      <h3>${m.questions}</h3>
      ${
        !insights.questionsKept
          ? html`<p class="note">${m.questionsOff}</p>`
          : questions.length
            ? html`<ol>${questions.map((question) => html`<li><bdi>${question.text}</bdi> <span class="asked">(${m.asked(question.count)})</span></li>`)}</ol>`
            : html`<p class="note">${m.noQuestions}</p>`
      }
    </div>`;
  }
}

// Until the next major version: configure, setMessages and LOCALES, from their one place.
export * from '../kit-functions.js';

define('dh-insights', DhInsights);

declare global {
  interface HTMLElementTagNameMap {
    'dh-insights': DhInsights;
  }
  interface GlobalEventHandlersEventMap {
    'dh-error': CustomEvent<DhErrorDetail>;
  }
}
