/**
 * `GET` and `PUT /heads/:id/budget` (mounted by heads.ts, which checks the id): a head's session
 * budget (session-budget.ts) for the back office and `dh-kit heads budget`, and today's use of it.
 *
 * A limit of sessions or minutes counts the head's session events, so it is set only when they
 * reach this proxy: one of the head's webhooks points at this proxy's receiver (`…/hooks/events`
 * on the host the request came to, or any host when this proxy had a verified event of the head
 * in the last day) with start and end on. Otherwise the PUT is refused (409
 * `budget_needs_events`, naming the fix), unless it asks `"registerWebhook": true`: then the proxy
 * creates that webhook (or turns its flags on) and turns the head's event delivery on.
 */
import { Hono, type Context } from 'hono';
import type { WebhookConfig } from '../../platform/schemas.js';
import type { Deps } from '../deps.js';
import { fail } from '../http.js';
import { routeBase } from '../public-heads.js';
import { requireAdmin } from '../security/admin-guard.js';
import {
  budgetBodySchema,
  EVENTS_SEEN_MS,
  needsEvents,
  type Budget,
  type BudgetUsage,
} from '../session-budget.js';
import { valid } from '../validate.js';
import { rememberSharedKey } from '../webhook-keys.js';

/** What GET and PUT answer. */
export interface BudgetAnswer {
  headId: string;
  budget: Budget;
  today: BudgetUsage;
  /** PUT: where the head's session events go, when the budget needs them. */
  webhook?: { url: string; registered: boolean };
}

/**
 * This proxy's receiver as the request reached it: its host, and with DH_TRUST_PROXY the scheme
 * and host the site's reverse proxy says it was asked for.
 */
function receiverAddress(deps: Deps, c: Context): URL {
  const url = new URL(c.req.url);
  if (deps.config.trustProxy) {
    const first = (name: string) => c.req.header(name)?.split(',')[0]?.trim();
    const proto = first('x-forwarded-proto');
    if (proto === 'https' || proto === 'http') url.protocol = `${proto}:`;
    const host = first('x-forwarded-host');
    if (host && URL.canParse(`https://${host}`)) url.host = host;
  }
  return new URL(`${routeBase(deps)}/hooks/events`, url.origin);
}

const samePath = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** Makes sure the head's session events reach this proxy (see the top of this file). */
async function eventsHere(
  deps: Deps,
  c: Context,
  head: string,
  register: boolean,
): Promise<NonNullable<BudgetAnswer['webhook']>> {
  const here = receiverAddress(deps, c);
  const hooks = await deps.platform.listWebhooks(head);
  const seen = await deps.budgets.eventsSeen(head);
  const anyHost = seen !== undefined && deps.now() - seen < EVENTS_SEEN_MS;
  const ours = hooks.filter((h: WebhookConfig) => {
    if (!URL.canParse(h.webhookUrl)) return false;
    const url = new URL(h.webhookUrl);
    return samePath(url.pathname, here.pathname) && (anyHost || url.host === here.host);
  });
  const complete = ours.find((h) => h.startConversation && h.endConversation);
  if (!register) {
    if (complete) return { url: complete.webhookUrl, registered: false };
    const why =
      hooks.length === 0
        ? 'it has no webhook'
        : ours.length === 0
          ? `its webhooks point elsewhere, not at ${here.href}`
          : `its webhook ${ours[0]!.webhookUrl} does not send start_conversation and end_conversation`;
    return fail(
      409,
      'budget_needs_events',
      `A limit of sessions or minutes counts the head's session events, and head ${head}'s do not reach this proxy: ${why}. Send the budget again with "registerWebhook": true (dh-kit heads budget ${head} … --register-webhook), or point a webhook here yourself: dh-kit webhooks create ${head} ${here.href} --start --end --timeout, then dh-kit events enable ${head}.`,
    );
  }
  const flags = { startConversation: true, endConversation: true, timeoutConversation: true };
  let url = complete?.webhookUrl ?? here.href;
  if (!complete && ours[0]) {
    await deps.platform.updateWebhook(ours[0].id, flags);
    url = ours[0].webhookUrl;
  } else if (!complete) {
    const { sharedKey } = await deps.platform.createWebhook({
      headId: head,
      webhookUrl: url,
      ...flags,
    });
    await rememberSharedKey(deps.store, head, sharedKey);
  }
  // Delivery on (spec, enable-events): the platform does not tell whether it is, so it is asked for.
  await deps.platform.setEventsEnabled(head, true);
  return { url, registered: !complete };
}

export function budgetRoutes(deps: Deps) {
  const app = new Hono();
  const answer = async (head: string): Promise<BudgetAnswer> => ({
    headId: head,
    budget: await deps.budgets.read(head),
    today: await deps.budgets.usage(head),
  });

  app.get('/', requireAdmin(deps, 'budgets:read'), async (c) =>
    c.json(await answer(c.req.param('id')!)),
  );

  app.put('/', requireAdmin(deps, 'budgets:write'), valid('json', budgetBodySchema), async (c) => {
    const head = c.req.param('id')!;
    const { registerWebhook = false, ...budget } = c.req.valid('json');
    // A head the platform does not know is a 404 here, not a budget kept for nothing.
    await deps.head(head);
    const webhook =
      needsEvents(budget) || registerWebhook
        ? await eventsHere(deps, c, head, registerWebhook)
        : undefined;
    await deps.budgets.write(head, budget);
    return c.json({ ...(await answer(head)), ...(webhook ? { webhook } : {}) });
  });

  return app;
}
