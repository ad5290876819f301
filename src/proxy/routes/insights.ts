/**
 * `GET /insights?head=&from=&to=` (admin): the conversation insights (conversation-insights.ts)
 * of a head, or of all heads without `head`, over a range of UTC days, both ends included: by
 * default the last 30 days to today. The query is checked by its contract (api/requests.ts): a
 * day that is not one, `from` after `to`, or more than MAX_INSIGHTS_DAYS days is a 400 naming
 * what to fix, after the defaults are filled in too.
 */
import { Hono } from 'hono';
import { insightsQuerySchema, MAX_INSIGHTS_DAYS } from '../../api/requests.js';
import { utcDay } from '../conversation-insights.js';
import type { Deps } from '../deps.js';
import { fail } from '../http.js';
import { requireAdmin } from '../security/admin-guard.js';
import { valid } from '../validate.js';

/** The default range: this many days, today the last. */
const DEFAULT_DAYS = 30;
const DAY = 24 * 3600e3;

export function insightRoutes(deps: Deps) {
  const app = new Hono();

  app.get(
    '/',
    requireAdmin(deps, 'insights:read'),
    valid('query', insightsQuerySchema),
    async (c) => {
      const { head, from: given, to: until } = c.req.valid('query');
      const to = until ?? utcDay(deps.now());
      const from = given ?? utcDay(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY);
      // Checked by the schema when both are given; again here with today as `to`.
      if (from > to)
        fail(
          400,
          'invalid_request',
          `from is after to (${to}): the range goes from its first day to its last`,
        );
      if ((Date.parse(to) - Date.parse(from)) / DAY + 1 > MAX_INSIGHTS_DAYS)
        fail(400, 'invalid_request', `a range is at most ${MAX_INSIGHTS_DAYS} days (to is ${to})`);
      return c.json(await deps.insights.read(head, from, to));
    },
  );

  return app;
}
