/**
 * `dh-kit insights [--head ID] [--days N] [--json | --csv]`: the conversation insights of a head,
 * or of all heads, through the running proxy's admin route (GET /insights), which keeps them in
 * its store from the session events, the launches and the plugin's messages.
 */
import { insightsSchema, type Insights } from '../api/answers.js';
import { addDays, dayOf } from '../api/days.js';
import { insightsCsvLines } from '../api/insights-csv.js';
import { MAX_INSIGHTS_DAYS } from '../api/requests.js';
import { PROXY_OPTION_HELP, runningProxy } from './running-proxy.js';
import { args, intOption, UsageError, type Io } from './shared.js';
import { details, table, truncate } from './table.js';

const HELP = `Usage: dh-kit insights [--head ID] [--days N] [--json | --csv] [--proxy URL]

What the heads' conversations were like, day by day (UTC), as the running proxy counted them:
launches, sessions started, ended and timed out, inactivity warnings, minutes (median and 90th
percentile of a session), the most at once, the busiest hours and, for heads in plugin mode, the
questions asked most. Through the running proxy's admin route (DH_ADMIN_TOKEN, or none on
loopback in simulator mode).

Options:
  --head ID    One head (default: all heads)
  --days N     The last N days, today included (default 30, at most ${MAX_INSIGHTS_DAYS})
${PROXY_OPTION_HELP}
  --json       Print the proxy's answer as JSON
  --csv        Print one row per day (day, launches, sessions started, ended, timed out,
               inactivity warnings, minutes, peak)`;

const OPTIONS = {
  head: { type: 'string' },
  days: { type: 'string' },
  proxy: { type: 'string' },
  json: { type: 'boolean' },
  csv: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)} %`);
const orDash = (n: number | null) => (n === null ? '–' : String(n));

export async function insightsCommand(
  argv: string[],
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
  now: () => number = Date.now,
): Promise<number> {
  const { values } = args(argv, OPTIONS, { help: HELP, positionals: false });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (values.json && values.csv) throw new UsageError('--json or --csv: one of them');
  const days = intOption('days', values.days, 1, MAX_INSIGHTS_DAYS) ?? 30;
  // Both ends from this machine's clock: `to` left to the proxy's would be a day before `from`
  // (a 400) while the two clocks stand either side of midnight.
  const today = dayOf(now());
  const query = new URLSearchParams({
    from: addDays(today, 1 - days),
    to: today,
    ...(values.head ? { head: values.head } : {}),
  });
  const { call } = runningProxy(values.proxy, env);
  const answer = await call(`/insights?${query}`);
  if (!insightsSchema.is(answer))
    throw new Error(
      'the proxy answered GET /insights with something else (is it a dh-kit proxy of this version?)',
    );
  if (values.json) io.out(JSON.stringify(answer));
  else if (values.csv) {
    for (const line of insightsCsvLines(answer)) io.out(line);
  } else for (const line of readable(answer)) io.out(line);
  return 0;
}

/** The answer as a person reads it: the totals, a table of the days, the hours and the questions. */
function readable(answer: Insights): string[] {
  const { totals } = answer;
  const lines = [
    `Conversation insights of ${answer.head === null ? 'all heads' : `head ${answer.head}`}, ${answer.from} to ${answer.to} (UTC; kept ${answer.keptDays} days):`,
    ...details([
      [
        'sessions started',
        `${totals.sessionsStarted} (launches ${totals.launches}, sessions per launch ${percent(answer.launchToSession)})`,
      ],
      [
        'sessions ended',
        `${totals.sessionsEnded} (timed out ${totals.sessionsTimedOut}, ${percent(answer.timeoutShare)})`,
      ],
      ['inactivity warnings', totals.inactivityWarnings],
      [
        'minutes',
        `${totals.minutes} (a session: median ${orDash(answer.medianMinutes)}, 90th percentile ${orDash(answer.p90Minutes)})`,
      ],
      ['most at once', totals.peakConcurrent],
    ]).map((line) => `  ${line}`),
    '',
    ...table(
      ['day', 'launches', 'started', 'ended', 'timed out', 'warnings', 'minutes', 'peak'],
      answer.days.map((d) => [
        d.day,
        d.launches,
        d.sessionsStarted,
        d.sessionsEnded,
        d.sessionsTimedOut,
        d.inactivityWarnings,
        d.minutes,
        d.peakConcurrent,
      ]),
    ),
  ];
  const busiest = Math.max(0, ...answer.hours);
  if (busiest > 0)
    lines.push(
      '',
      'Sessions started by hour (UTC):',
      ...table(
        ['hour', 'sessions', ''],
        answer.hours.flatMap((n, hour) =>
          n ? [[String(hour).padStart(2, '0'), n, '█'.repeat(Math.ceil((n / busiest) * 30))]] : [],
        ),
      ),
    );
  lines.push('');
  if (!answer.questionsKept)
    lines.push("Visitors' questions are not kept (DH_INSIGHTS_QUESTIONS=off).");
  else if (answer.questions.length === 0)
    lines.push('No questions asked (they are counted for heads in plugin mode).');
  else
    lines.push(
      'Asked most:',
      ...table(
        ['count', 'question'],
        answer.questions.map((q) => [q.count, truncate(q.text, 100)]),
      ),
    );
  return lines;
}
