/**
 * `/origins`, the run-time list of page origins allowed to call the proxy (page-origins.ts), for
 * the back office and `dh-kit origins`: a site owner adds the origin of the page where they paste
 * the embed code, and it works there at once, on every instance, with no restart.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { OriginsAnswer } from '../../api/answers.js';
import type { Deps } from '../deps.js';
import { fail } from '../http.js';
import { MAX_ADDED_ORIGINS, originProblem } from '../page-origins.js';
import { requireAdmin } from '../security/admin-guard.js';
import { valid } from '../validate.js';

const origin = z
  .string()
  .trim()
  .max(300, 'an origin is at most 300 characters')
  .superRefine((value, ctx) => {
    const problem = originProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export function originRoutes(deps: Deps) {
  const app = new Hono();
  const answer = async (): Promise<OriginsAnswer> => ({
    static: [...deps.origins.fixed],
    added: await deps.origins.added(),
  });

  app.get('/', requireAdmin(deps, 'origins:read'), async (c) => c.json(await answer()));

  app.post(
    '/',
    requireAdmin(deps, 'origins:write'),
    valid('json', z.object({ origin }), 'invalid_origin'),
    async (c) => {
      const { origin: value } = c.req.valid('json');
      if (
        (await deps.origins.added()).length >= MAX_ADDED_ORIGINS &&
        !deps.origins.fixed.includes(value)
      )
        fail(
          409,
          'origins_full',
          `At most ${MAX_ADDED_ORIGINS} origins can be added: remove one first.`,
        );
      const added = await deps.origins.add(value);
      return c.json(await answer(), added ? 201 : 200);
    },
  );

  app.delete(
    '/',
    requireAdmin(deps, 'origins:write'),
    valid('query', z.object({ origin }), 'invalid_origin'),
    async (c) => {
      const { origin: value } = c.req.valid('query');
      if (deps.origins.fixed.includes(value) && !(await deps.origins.added()).includes(value))
        fail(
          409,
          'origin_fixed',
          `${value} is in DH_ALLOWED_ORIGINS: remove it there (and restart) to refuse it.`,
        );
      if (!(await deps.origins.remove(value)))
        fail(404, 'origin_not_added', `${value} is not among the added origins.`);
      return c.body(null, 204);
    },
  );

  return app;
}
