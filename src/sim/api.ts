/**
 * The simulator's `{base_url}`: every endpoint of the spec, with the spec's shapes and rules.
 * Where the spec says "not shown", the choice made here is written next to the route and in
 * src/sim/README.md.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  conversationSettings,
  gender,
  headCreate,
  order,
  textToVideo,
  tokenRequest,
  webhookBody,
} from './rules.js';
import { inputValidator } from '../proxy/validate.js';
import { platformError, type SimContext } from './context.js';
import type { SimHead, SimToken, SimWebhook } from './store.js';

type Env = { Variables: { auth: SimToken } };

/** A 4xx the simulator answers in the platform's error shape. */
export class SimHttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** Defaults the spec does not show: page 1, take 10; take above 100 is clamped, not refused. */
export const MAX_TAKE = 100;
const pageNumber = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be 1 or more`);
const pagingQuery = z.object({
  order: order.optional(),
  page: pageNumber('page').default(1),
  take: pageNumber('take')
    .default(10)
    .transform((t) => Math.min(t, MAX_TAKE)),
});
const booleanParam = (name: string) =>
  z.enum(['true', 'false'], `${name} must be true or false`).transform((v) => v === 'true');

/**
 * Input checked the proxy's way (Hono's validator), refused in the platform's shape. The content
 * type is not checked: a body is read as JSON whatever it says (the spec does not show what the
 * platform requires).
 */
const checked = inputValidator({
  invalid: (_code, message) => {
    throw new SimHttpError(400, message);
  },
  malformed: () => {
    throw new SimHttpError(400, 'The request body is not valid JSON');
  },
  unsupported: () => {
    throw new SimHttpError(400, 'The request body is not valid JSON');
  },
});
const body = <S extends z.ZodType>(schema: S) =>
  checked('json', schema, undefined, { anyContentType: true });
const query = <S extends z.ZodType>(schema: S) => checked('query', schema);

function paginate<T>(items: T[], q: { page: number; take: number }) {
  const itemCount = items.length;
  const pageCount = Math.ceil(itemCount / q.take);
  const data = items.slice((q.page - 1) * q.take, q.page * q.take);
  return {
    data,
    meta: {
      page: q.page,
      take: q.take,
      itemCount,
      pageCount,
      hasPreviousPage: q.page > 1,
      hasNextPage: q.page < pageCount,
    },
  };
}

const sortBy = <T>(items: T[], key: (t: T) => string | number, order: 'ASC' | 'DESC') =>
  [...items].sort(
    (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (order === 'ASC' ? 1 : -1),
  );

export function apiRoutes(sim: SimContext) {
  const { store } = sim;
  const app = new Hono<Env>();

  const publicUrl = (head: SimHead) => {
    const org = store.orgs.get(head.orgId)!;
    const q = new URLSearchParams({ api_key: org.apiKey });
    return `${sim.urls.chatUrl}/${encodeURIComponent(org.publicId)}/${encodeURIComponent(head.publicId)}?${q}`;
  };
  /** A head of the caller's organisations, or a 404. */
  const ownHead = (c: Context<Env>, id: string, status: 400 | 404 = 404): SimHead => {
    // The API takes the head id only; public ids are for the pages (a client that mixes them up
    // must fail here as it would on the platform).
    const head = store.heads.get(id);
    const account = store.accounts.get(c.get('auth').email)!;
    if (!head || !account.orgIds.includes(head.orgId)) {
      throw new SimHttpError(
        status,
        status === 400 ? `Invalid head id: ${id}` : `Head not found: ${id}`,
      );
    }
    return head;
  };

  // ── Authentication (spec, Authentication 1–3) ────────────────────────────────────────────────
  app.post('/auth/token', body(tokenRequest), async (c) => {
    const body = c.req.valid('json');
    const account = store.accounts.get(body.email);
    if (!account || account.secretKey !== body.secretKey) {
      return platformError(c, 401, 'Invalid e-mail or secret key');
    }
    const token = store.issueToken(account);
    return c.json(sim.options.tokenShape === 'A' ? { token } : { data: { bearer: token } });
  });

  app.use('*', async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    const token = match ? store.tokens.get(match[1]!.trim()) : undefined;
    if (!token) return platformError(c, 401, 'Unauthorized: missing or invalid bearer token');
    if (token.expiresAt <= store.now())
      return platformError(c, 401, 'Unauthorized: the bearer token has expired');
    c.set('auth', token);
    await next();
  });

  /** Spec, Authentication 4 and Errors 403: the catalogues refuse four kinds of organisation. */
  const catalogueAccess = async (c: Context<Env>, next: () => Promise<void>) => {
    const org = store.orgs.get(c.get('auth').orgId)!;
    const refusal = {
      ok: undefined,
      other_organisation: 'Forbidden: this token belongs to another organisation',
      no_permission: 'Forbidden: missing permissions to list head visuals and voices',
      inactive: 'Forbidden: the organisation is inactive',
      no_subscription: 'Forbidden: the organisation has no active subscription',
    }[org.access];
    if (refusal) return platformError(c, 403, refusal);
    await next();
  };

  // ── Catalogues ───────────────────────────────────────────────────────────────────────────────
  app.get(
    '/head_visual/face/all',
    catalogueAccess,
    query(pagingQuery.extend({ gender: gender.optional() })),
    (c) => {
      const q = c.req.valid('query');
      const faces = store.faces.filter((f) => !q.gender || f.gender === q.gender);
      const page = paginate(
        sortBy(faces, (f) => f.createdAt, q.order ?? 'ASC'),
        q,
      );
      // Spec, Page metadata: hasPreviousPage is shown in the talks list only, so the face list leaves it out.
      const { hasPreviousPage: _hasPreviousPage, ...meta } = page.meta;
      // The platform's faces have no createdAt field in the spec: it is the simulator's sort key only.
      return c.json({ meta, data: page.data.map(({ createdAt: _createdAt, ...face }) => face) });
    },
  );

  /** Exists on the platform but is not the paged listing (spec, Authentication and catalogues). */
  app.get('/head_visual/all', catalogueAccess, (c) =>
    c.json({ data: store.faces.map(({ createdAt: _createdAt, ...face }) => face) }),
  );

  app.get('/voice/all', catalogueAccess, (c) => {
    const provider = c.req.query('provider');
    const voices = store.voices.filter(
      (v) => (!provider || v.provider === provider) && store.voice(v.provider, v.voiceId),
    );
    return c.json({ data: { voices } });
  });

  // ── Heads ────────────────────────────────────────────────────────────────────────────────────
  app.post('/head/create', body(headCreate), async (c) => {
    const request = c.req.valid('json');
    const account = store.accounts.get(c.get('auth').email)!;
    const orgId = request.orgId ?? c.get('auth').orgId;
    if (!account.orgIds.includes(orgId)) {
      throw new SimHttpError(
        403,
        `Forbidden: the account does not belong to organisation ${orgId}`,
      );
    }
    if (!store.faces.some((f) => f.id === request.headVisualId)) {
      throw new SimHttpError(400, `Invalid headVisualId: no head visual ${request.headVisualId}`);
    }
    // Spec, Errors 404: a voice name instead of a voiceId gives "voice not available".
    if (!store.voice(request.ttsProvider, request.ttsVoice))
      throw new SimHttpError(
        404,
        `Voice not available: ${request.ttsVoice} (provider ${request.ttsProvider})`,
      );
    const head = store.createHead(orgId, request);
    const url = publicUrl(head);
    // Spec, Heads: the ttt create response spells the field publicURL.
    const body =
      request.operationMode === 'ttt'
        ? { id: head.id, publicId: head.publicId, publicURL: url }
        : { id: head.id, publicId: head.publicId, publicUrl: url };
    return c.json(body, 201);
  });

  app.get('/head/talks/:id', query(pagingQuery), (c) => {
    const head = ownHead(c, c.req.param('id'), 400);
    const q = c.req.valid('query');
    const ready = store.talks.filter((t) => t.headId === head.id && t.readyAt <= store.now());
    // Defaults not shown in the spec: newest first.
    const page = paginate(
      sortBy(ready, (t) => t.createdAt, q.order ?? 'DESC'),
      q,
    );
    return c.json({
      data: page.data.map((t) => ({
        id: t.id,
        createdAt: new Date(t.createdAt).toISOString(),
        updatedAt: new Date(t.readyAt).toISOString(),
        voice: t.voice,
        url: `${sim.urls.mediaUrl}/talks/${t.id}.mp4`,
        text: t.text,
      })),
      // Spec, Page metadata: the talks list sends page and take as strings.
      meta: { ...page.meta, page: String(page.meta.page), take: String(page.meta.take) },
    });
  });

  app.get('/head/:id', (c) => {
    const head = ownHead(c, c.req.param('id'));
    const { request } = head;
    // Other fields of the head record are not shown in the spec; these are what a back office needs.
    return c.json({
      id: head.id,
      publicId: head.publicId,
      publicUrl: publicUrl(head),
      name: request.name,
      alias: request.alias,
      headVisualId: request.headVisualId,
      operationMode: request.operationMode,
      language: request.language ?? request.langCode,
      languageSpeechRecognition: request.languageSpeechRecognition,
      ttsProvider: request.ttsProvider,
      ttsVoice: request.ttsVoice,
      greetings: request.greetings,
      createdAt: head.createdAt,
    });
  });

  app.put('/head/:id/splitter', query(z.object({ splitter: booleanParam('splitter') })), (c) => {
    const head = ownHead(c, c.req.param('id'));
    head.splitter = c.req.valid('query').splitter;
    return c.json({ id: head.id, splitter: head.splitter });
  });

  app.put('/head/:headId/conversation-settings', body(conversationSettings), async (c) => {
    const head = ownHead(c, c.req.param('headId'));
    const body = c.req.valid('json');
    head.tools = body.conversationSettings.tools;
    return c.json({ id: head.id, conversationSettings: { tools: head.tools } });
  });

  app.put(
    '/head/:headId/enable-events',
    query(z.object({ enableEvents: booleanParam('enableEvents') })),
    (c) => {
      const head = ownHead(c, c.req.param('headId'));
      head.enableEvents = c.req.valid('query').enableEvents;
      return c.json({ id: head.id, enableEvents: head.enableEvents });
    },
  );

  // ── Text to video ────────────────────────────────────────────────────────────────────────────
  app.post('/head/text-to-video', body(textToVideo), async (c) => {
    const body = c.req.valid('json');
    const head = ownHead(c, body.id, 400);
    // Spec, Errors 400: "an invalid head id or voice name (text-to-video)". The simulator's case of
    // the second: the head's voice is no longer in the catalogue (a provider withdrew it).
    const { ttsProvider, ttsVoice } = head.request;
    if (!store.voice(ttsProvider, ttsVoice))
      throw new SimHttpError(400, `Invalid voice name: ${ttsVoice} (provider ${ttsProvider})`);
    const talk = store.addTalk(head, body.text);
    // Response body not shown in the spec: the job's id and that it is being produced.
    return c.json({ id: talk.id, status: 'processing' }, 201);
  });

  // ── Webhook configuration ────────────────────────────────────────────────────────────────────
  /** Spec, Delivery 1: HTTPS only; the simulator may allow http on loopback for local receivers. */
  const hookSchemas = () => webhookBody(sim.options.allowInsecureWebhooks);
  const webhookView = (h: SimWebhook) => ({ ...h });
  const webhookParam = checked('param', z.object({ webhookId: pageNumber('webhookId') }));
  const ownWebhook = (id: number, c: Context<Env>) => {
    const hook = store.webhooks.get(id);
    const account = store.accounts.get(c.get('auth').email)!;
    if (!hook || !account.orgIds.includes(hook.orgId))
      throw new SimHttpError(404, `Webhook not found: ${id}`);
    return hook;
  };

  app.post('/head-events', body(hookSchemas().create), async (c) => {
    const body = c.req.valid('json');
    const head = ownHead(c, body.headId);
    const hook = store.addWebhook({
      orgId: head.orgId,
      headId: head.id,
      webhookUrl: body.webhookUrl,
      // Spec, Webhook rules: an event is enabled only when sent as true.
      startConversation: body.startConversation === true,
      endConversation: body.endConversation === true,
      timeoutConversation: body.timeoutConversation === true,
      inactivityWarning: body.inactivityWarning === true,
    });
    return c.json({ sharedKey: hook.sharedKey }, 201);
  });

  app.get(
    '/head-events',
    query(z.object({ headId: z.string('is required').min(1, 'is required') })),
    (c) => {
      const { headId } = c.req.valid('query');
      const head = ownHead(c, headId);
      return c.json(
        [...store.webhooks.values()].filter((h) => h.headId === head.id).map(webhookView),
      );
    },
  );

  app.get('/head-events/:webhookId', webhookParam, (c) =>
    c.json(webhookView(ownWebhook(c.req.valid('param').webhookId, c))),
  );

  app.patch('/head-events/:webhookId', webhookParam, body(hookSchemas().update), async (c) => {
    const hook = ownWebhook(c.req.valid('param').webhookId, c);
    const body = c.req.valid('json');
    if (body.headId !== undefined) hook.headId = ownHead(c, body.headId).id;
    if (body.webhookUrl !== undefined) hook.webhookUrl = body.webhookUrl;
    // Spec, Webhook rules: "an event is enabled only when sent as true", and PATCH takes the
    // POST body's fields: the simulator reads that strictly, so a flag left out is turned off.
    for (const flag of [
      'startConversation',
      'endConversation',
      'timeoutConversation',
      'inactivityWarning',
    ] as const) {
      hook[flag] = body[flag] === true;
    }
    hook.updatedAt = new Date(store.now()).toISOString();
    return c.json(webhookView(hook));
  });

  app.delete('/head-events/:webhookId', webhookParam, (c) => {
    const hook = ownWebhook(c.req.valid('param').webhookId, c);
    store.webhooks.delete(hook.id);
    return c.json({ id: hook.id, deleted: true });
  });

  return app;
}
