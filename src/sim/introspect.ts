/**
 * `/api/_sim/…`: what tests may look at and change in the simulator. Never part of the real API,
 * and never used by the kit's own code (only by tests and the demo's tooling).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { describeZodError } from '../platform/readers.js';
import { platformError, type SimContext } from './context.js';
import { simOptionsProblem } from './options.js';

const faultSchema = z.object({
  method: z.string().optional(),
  path: z.string().startsWith('/', 'path is a path under /api, such as /head_visual/face/all'),
  status: z.number().int().min(100).max(599).optional(),
  delayMs: z.number().int().min(0).max(120_000).optional(),
  body: z.string().optional(),
  malformed: z.boolean().optional(),
  headers: z
    .record(
      z.string().regex(/^[A-Za-z0-9-]+$/, 'a header name is letters, digits and dashes'),
      z.string(),
    )
    .optional(),
  rate: z.number().min(0).max(1).optional(),
  times: z.number().int().min(0).default(1),
});

const optionsSchema = z.object({
  tokenShape: z.enum(['A', 'B']).optional(),
  tokenLifetimeMs: z.number().int().min(1).optional(),
  talkDelayMs: z.number().int().min(0).optional(),
  allowInsecureWebhooks: z.boolean().optional(),
  inactivityMs: z.number().int().min(1).optional(),
  timeoutMs: z.number().int().min(1).optional(),
  deliveryTimeoutMs: z.number().int().min(1).optional(),
  deliveryRetries: z.number().int().min(0).max(10).optional(),
  deliveryRetryBaseMs: z.number().int().min(0).optional(),
});

/**
 * Whether a Host header names this machine: localhost (and its subdomains, RFC 6761), an IPv4
 * loopback address (127.0.0.0/8) or [::1], with any port. A missing Host (HTTP/1.0, an in-process
 * call) is this machine too.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined || host === '') return true;
  const name = host.toLowerCase().replace(/:\d+$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(name)
  );
}

export function introspectionRoutes(sim: SimContext) {
  const { store } = sim;
  const app = new Hono();
  // Only for this machine: a page on another site that resolves its own name to 127.0.0.1 (DNS
  // rebinding) reaches the simulator with its own name in Host, and is refused before anything.
  app.use('*', async (c, next) => {
    if (!isLoopbackHost(c.req.header('host'))) {
      return platformError(
        c,
        403,
        'The simulator answers its /_sim routes only for this machine (Host: localhost, 127.x.x.x or [::1]).',
      );
    }
    await next();
  });
  // A JSON content type cannot be sent cross-site without a CORS preflight (which the simulator
  // never grants), so no web page can reset or fault a simulator running on this machine.
  app.use('*', async (c, next) => {
    if (
      (c.req.method === 'POST' || c.req.method === 'PATCH') &&
      !c.req.header('content-type')?.includes('application/json')
    ) {
      return platformError(c, 415, 'Send Content-Type: application/json');
    }
    await next();
  });

  const body = async <T extends z.ZodType>(
    req: Request,
    schema: T,
  ): Promise<{ data: z.infer<T> } | { error: string }> => {
    let json: unknown;
    try {
      json = await req.json();
    } catch {
      return { error: 'The request body is not valid JSON' };
    }
    const r = schema.safeParse(json);
    return r.success ? { data: r.data } : { error: describeZodError(r.error) };
  };

  const headView = (id: string) => {
    const h = store.heads.get(id)!;
    const org = store.orgs.get(h.orgId)!;
    return {
      id: h.id,
      publicId: h.publicId,
      orgId: h.orgId,
      orgPublicId: org.publicId,
      operationMode: h.request.operationMode,
      ttsProvider: h.request.ttsProvider,
      ttsVoice: h.request.ttsVoice,
      greetings: h.request.greetings,
      request: h.request,
      splitter: h.splitter,
      enableEvents: h.enableEvents,
      tools: h.tools,
    };
  };

  app.get('/state', (c) =>
    c.json({
      tokensIssued: store.tokensIssued,
      options: { ...store.options, secretKey: undefined },
      clockOffsetMs: store.clockOffsetMs,
      heads: [...store.heads.keys()].map(headView),
      talks: store.talks,
      // Without their shared keys: the state answers any local caller, and a key signs deliveries.
      // (The platform API gives them, with a token.)
      webhooks: [...store.webhooks.values()].map(({ sharedKey: _key, ...hook }) => ({
        ...hook,
        sharedKeySet: true,
      })),
      deliveries: store.deliveries,
      faults: store.faults,
    }),
  );
  app.get('/heads/:id', (c) => {
    const head = store.findHead(c.req.param('id'));
    return head
      ? c.json(headView(head.id))
      : platformError(c, 404, 'No such head in the simulator');
  });
  app.get('/requests', (c) => {
    const path = c.req.query('path');
    return c.json(path ? store.requests.filter((r) => r.path === path) : store.requests);
  });
  app.get('/deliveries', (c) => c.json(store.deliveries));
  app.get('/calls', (c) => c.json(store.calls));
  app.post('/faults', async (c) => {
    const r = await body(c.req.raw, faultSchema);
    if ('error' in r) return platformError(c, 400, r.error);
    return c.json(store.addFault(r.data), 201);
  });
  /** The next `times` deliveries reach the receiver but count as failed: the same delivery comes again. */
  app.post('/delivery-faults', async (c) => {
    const r = await body(c.req.raw, z.object({ times: z.number().int().min(0).max(100) }));
    if ('error' in r) return platformError(c, 400, r.error);
    store.lostDeliveryAnswers = r.data.times;
    return c.json({ lostDeliveryAnswers: store.lostDeliveryAnswers });
  });
  /** A provider withdraws a voice: it leaves the list, head creation refuses it, its heads' videos get 400 (ERR-1). */
  app.post('/withdrawn-voices', async (c) => {
    const r = await body(
      c.req.raw,
      z.object({ provider: z.string().min(1), voiceId: z.string().min(1) }),
    );
    if ('error' in r) return platformError(c, 400, r.error);
    store.withdrawnVoices.add(`${r.data.provider}/${r.data.voiceId}`);
    return c.json({ withdrawn: [...store.withdrawnVoices] }, 201);
  });
  app.delete('/faults', (c) => {
    store.faults = [];
    return c.body(null, 204);
  });
  app.patch('/options', async (c) => {
    const r = await body(c.req.raw, optionsSchema);
    if ('error' in r) return platformError(c, 400, r.error);
    const problem = simOptionsProblem({
      ...store.options,
      ...Object.fromEntries(Object.entries(r.data).filter(([, v]) => v !== undefined)),
    });
    if (problem) return platformError(c, 400, problem);
    Object.assign(
      store.options,
      Object.fromEntries(Object.entries(r.data).filter(([, v]) => v !== undefined)),
    );
    return c.json({ ...store.options, secretKey: undefined });
  });
  app.post('/clock', async (c) => {
    const r = await body(c.req.raw, z.object({ advanceMs: z.number().int().min(0) }));
    if ('error' in r) return platformError(c, 400, r.error);
    store.clockOffsetMs += r.data.advanceMs;
    return c.json({ now: new Date(store.now()).toISOString(), clockOffsetMs: store.clockOffsetMs });
  });
  app.post('/reset', (c) => {
    store.reset();
    return c.body(null, 204);
  });
  return app;
}
