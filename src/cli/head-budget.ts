/**
 * `dh-kit heads budget <id> [--concurrent N] [--minutes-per-day N] [--per-visitor N]
 * [--time-zone Z] [--clear] [--register-webhook]`: a head's session budget, read and set through
 * the running proxy's admin routes (GET and PUT /heads/:id/budget), which keeps it in its store:
 * every instance sharing the store enforces it at once, with no restart.
 */
import type { Budget, BudgetUsage } from '../proxy/session-budget.js';
import { PROXY_OPTION_HELP, runningProxy } from './running-proxy.js';
import { args, intOption, UsageError, type Io } from './shared.js';
import { details } from './table.js';

const HELP = `Usage: dh-kit heads budget <id> [--concurrent N] [--minutes-per-day N] [--per-visitor N]
                         [--time-zone Z] [--clear] [--register-webhook] [--proxy URL] [--json]

A head's session budget, kept and enforced by the running proxy (every instance sharing its
store): launches over a limit are refused with 429 and the visitor is told why in their language.
Without options: the budget and today's use. Each option sets its own limit and keeps the others;
"off" removes one, --clear removes them all. Through the running proxy's admin routes
(DH_ADMIN_TOKEN, or none on loopback in simulator mode).

Options:
  --concurrent N         Conversations at once: those running, and launches of the last two
                         minutes not started yet (429 head_busy)
  --minutes-per-day N    Minutes of conversation a day, from the head's session events; one
                         whose end never comes counts DH_MAX_SESSION_MINUTES (429 head_budget_spent)
  --per-visitor N        Launches a day for each visitor (429 visitor_daily_limit)
  --time-zone Z          Where the day starts and ends: an IANA zone such as Europe/Paris (UTC)
  --clear                No limits
  --register-webhook     Point the head's session events at this proxy and turn them on (the
                         session and minute limits need them; without, such a budget is refused
                         when they go elsewhere)
${PROXY_OPTION_HELP}
  --json       Print {headId, budget, today} as JSON`;

const OPTIONS = {
  concurrent: { type: 'string' },
  'minutes-per-day': { type: 'string' },
  'per-visitor': { type: 'string' },
  'time-zone': { type: 'string' },
  clear: { type: 'boolean' },
  'register-webhook': { type: 'boolean' },
  proxy: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The limits, by the flag that sets each, and their upper bounds (the proxy checks them too). */
const FLAGS = [
  ['concurrent', 'concurrentSessions', 10_000],
  ['minutes-per-day', 'minutesPerDay', 1_000_000],
  ['per-visitor', 'launchesPerVisitorPerDay', 10_000],
] as const;

/** What `GET/PUT /dh/heads/:id/budget` answers (routes/budget.ts). */
interface BudgetAnswer {
  headId: string;
  budget: Budget;
  today: BudgetUsage;
  webhook?: { url: string; registered: boolean };
}

export async function headBudgetCommand(
  argv: string[],
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const { values, positionals } = args(argv, OPTIONS, { help: HELP });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const [action, id] = positionals;
  if (action !== 'budget' || !id || positionals.length !== 2) throw new UsageError(HELP);
  const changes: Budget = {};
  const removed = new Set<string>();
  for (const [flag, field, max] of FLAGS) {
    const value = values[flag];
    if (value === 'off') removed.add(field);
    else if (value !== undefined) changes[field] = intOption(flag, value, 1, max);
  }
  const zone = values['time-zone'];
  if (zone !== undefined) changes.timeZone = zone;
  const changing =
    values.clear || values['register-webhook'] || removed.size > 0 || Object.keys(changes).length;
  if (values.clear && (removed.size > 0 || Object.keys(changes).length > 0))
    throw new UsageError('--clear removes every limit: give it alone, then set the ones you want');

  const { call } = runningProxy(values.proxy, env);
  const path = `/heads/${encodeURIComponent(id)}/budget`;
  let answer = (await call(path)) as BudgetAnswer;
  if (changing) {
    const budget: Record<string, unknown> = values.clear ? {} : { ...answer.budget, ...changes };
    for (const field of removed) delete budget[field];
    answer = (await call(path, {
      method: 'PUT',
      body: { ...budget, ...(values['register-webhook'] ? { registerWebhook: true } : {}) },
    })) as BudgetAnswer;
  }
  if (values.json) {
    io.out(JSON.stringify(answer));
    return 0;
  }
  const { budget, today, webhook } = answer;
  const limit = (n: number | undefined) => (n === undefined ? 'no limit' : String(n));
  if (webhook?.registered)
    io.out(`The head's session events now go to ${webhook.url} (delivery on).`);
  io.out(`Session budget of head ${id} (the day ${today.day}, ${today.timeZone}):`);
  for (const line of details([
    [
      'conversations at once',
      `${limit(budget.concurrentSessions)}  (now ${today.sessionsRunning} running, ${today.launchesPending} launched not started)`,
    ],
    ['minutes a day', `${limit(budget.minutesPerDay)}  (used ${today.minutesUsed})`],
    ['launches per visitor a day', limit(budget.launchesPerVisitorPerDay)],
    ['the day resets', today.resetsAt],
  ]))
    io.out(`  ${line}`);
  return 0;
}
