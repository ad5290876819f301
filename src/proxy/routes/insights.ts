/**
 * `GET /insights?head=&from=&to=` (admin): the conversation insights (conversation-insights.ts)
 * of a head, or of all heads without `head`, over a range of UTC days, both ends included: by
 * default the last 30 days to today. The query is checked by its contract (api/requests.ts): a
 * day that is not one, `from` after `to`, or more than MAX_INSIGHTS_DAYS days is a 400 naming
 * what to fix, after the defaults are filled in too.
 */
import { Hono } from 'hono';
import { addDays, dayOf, rangeProblem } from '../../api/days.js';
import { insightsQuerySchema, RANGE_REFUSED } from '../../api/requests.js';
import type { Deps } from '../deps.js';
import { fail } from '../http.js';
import { requireAdmin } from '../security/admin-guard.js';
import { valid } from '../validate.js';

/** The default range: this many days, today the last. */
const DEFAULT_DAYS = 30;

export function insightRoutes(deps: Deps) {
  const app = new Hono();

  app.get(
    '/',
    requireAdmin(deps, 'insights:read'),
    valid('query', insightsQuerySchema),
    async (c) => {
      const { head, from: given, to: until } = c.req.valid('query');
      const to = until ?? dayOf(deps.now());
      const from = given ?? addDays(to, 1 - DEFAULT_DAYS);
      // Checked by the schema when both are given; again here with the defaults filled in.
      const problem = rangeProblem(from, to);
      if (problem === 'rangeReversed' || problem === 'rangeTooLong')
        fail(400, 'invalid_request', `${RANGE_REFUSED[problem]} (to is ${to})`);
      return c.json(await deps.insights.read(head, from, to));
    },
  );

  return app;
}
