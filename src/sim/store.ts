/**
 * The simulator's in-memory state: organisations, accounts, tokens, heads, talks, webhooks, and
 * what tests may inspect (token count, request log, deliveries). Nothing here speaks HTTP.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SimHeadRequest, SimTool } from './rules.js';
import type { EventType } from '../platform/modes.js';
import { seedFaces, seedVoices, type SimFace, type SimVoice } from './catalogue.js';
import type { ResolvedSimOptions } from './options.js';

/**
 * Why an organisation's token is refused on the catalogues (spec, Authentication 4 and Errors 403).
 * The platform gives four causes; each has an account in the simulator so every 403 can be produced.
 */
export type CatalogueAccess =
  | 'ok'
  | 'other_organisation'
  | 'no_permission'
  | 'inactive'
  | 'no_subscription';

export interface SimOrg {
  id: string;
  publicId: string;
  name: string;
  apiKey: string;
  access: CatalogueAccess;
}

export interface SimAccount {
  email: string;
  secretKey: string;
  /** The first is the organisation a token is issued for. */
  orgIds: string[];
}

export interface SimToken {
  email: string;
  orgId: string;
  issuedAt: number;
  expiresAt: number;
}

export interface SimHead {
  id: string;
  publicId: string;
  orgId: string;
  createdAt: string;
  request: SimHeadRequest;
  splitter: boolean;
  enableEvents: boolean;
  tools: SimTool[];
}

export interface SimTalk {
  id: string;
  headId: string;
  text: string;
  voice: string;
  createdAt: number;
  readyAt: number;
}

export interface SimWebhook {
  id: number;
  createdAt: string;
  updatedAt: string;
  orgId: string;
  headId: string;
  webhookUrl: string;
  sharedKey: string;
  startConversation: boolean;
  endConversation: boolean;
  timeoutConversation: boolean;
  inactivityWarning: boolean;
}

/** One attempt to deliver an event to a webhook (recorded for introspection). */
export interface SimDelivery {
  webhookId: number;
  eventType: EventType;
  sessionId: string;
  attempt: number;
  status?: number;
  error?: string;
  at: string;
}

export interface SimRequestRecord {
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  /** Whether an Authorization header came, never its value. */
  authorization: boolean;
  accept: string | null;
  contentType: string | null;
  body?: unknown;
}

export interface SimFault {
  id: number;
  method?: string;
  /** Path under /api, exact (`/head_visual/face/all`) or a pattern with `*` for one segment and a final `**` for the rest (`/**`: every path). */
  path: string;
  /** The share of matching requests it applies to (0–1, drawn for each request); unset: every one. */
  rate?: number;
  status?: number;
  delayMs?: number;
  /** Raw response body: with `status` it is the error body; alone it replaces a 200 answer. */
  body?: string;
  /** Answer 200 with a body that breaks the spec's schema (a face whose id is missing). */
  malformed?: boolean;
  /** Response headers of the fault's answer, e.g. `{location}` with a 302 (a redirect the client must refuse). */
  headers?: Record<string, string>;
  /** How many more requests it applies to; 0 means every request. */
  times: number;
}

const uuidFrom = (seed: string) => {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const shortId = (prefix: string) => `${prefix}${randomBytes(6).toString('base64url')}`;

export class SimStore {
  readonly orgs = new Map<string, SimOrg>();
  readonly accounts = new Map<string, SimAccount>();
  readonly tokens = new Map<string, SimToken>();
  readonly heads = new Map<string, SimHead>();
  readonly talks: SimTalk[] = [];
  readonly webhooks = new Map<number, SimWebhook>();
  readonly deliveries: SimDelivery[] = [];
  readonly requests: SimRequestRecord[] = [];
  /** Calls the simulator made to plugins and tools (what it sent, and the status it got). */
  readonly calls: { at: string; kind: string; url: string; body: unknown; status: number }[] = [];
  faults: SimFault[] = [];
  /** The next this many delivery attempts reach the receiver, but their answer is "lost" (a retry follows). */
  lostDeliveryAnswers = 0;
  faces: SimFace[] = [];
  readonly voices: SimVoice[];
  /** Voices a provider withdrew (`provider/voiceId`): not listed, refused at create, and their heads' videos fail (ERR-1). */
  readonly withdrawnVoices = new Set<string>();
  tokensIssued = 0;
  private nextWebhookId = 1;
  private nextFaultId = 1;
  /** Added to the wall clock, so tests can move time forward (token expiry, talk readiness). */
  clockOffsetMs = 0;
  /** The heads `dh-kit start` made for its demo pages, kept with the state (data-file.ts) so a restart reuses them. */
  demoHeads?: { chat: string; stream: string };

  constructor(readonly options: ResolvedSimOptions) {
    this.voices = seedVoices(options.streamingProvider);
    this.seedAccounts();
  }

  /** The catalogue's voice with this provider and voiceId, unless it was withdrawn. */
  voice(provider: string, voiceId: string): SimVoice | undefined {
    if (this.withdrawnVoices.has(`${provider}/${voiceId}`)) return undefined;
    return this.voices.find((v) => v.provider === provider && v.voiceId === voiceId);
  }

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  /** The catalogue's media URLs are absolute, so they follow the address the simulator listens on. */
  setMediaBase(mediaUrl: string): void {
    this.faces = seedFaces(mediaUrl);
  }

  private seedAccounts(): void {
    const org = (key: string, name: string, access: CatalogueAccess): SimOrg => {
      const o: SimOrg = {
        id: uuidFrom(`org:${key}`),
        publicId: `org-${key}`,
        name,
        apiKey: `sim_ak_${createHash('sha256').update(`apikey:${key}`).digest('hex').slice(0, 24)}`,
        access,
      };
      this.orgs.set(o.id, o);
      return o;
    };
    const main = org('demo', 'Demo Organisation', 'ok');
    const second = org('second', 'Second Organisation', 'ok');
    const foreign = org('foreign', 'Foreign Organisation', 'other_organisation');
    const inactive = org('inactive', 'Inactive Organisation', 'inactive');
    const unsubscribed = org('unsubscribed', 'Unsubscribed Organisation', 'no_subscription');
    const restricted = org('restricted', 'Restricted Organisation', 'no_permission');
    const account = (email: string, orgs: SimOrg[]) =>
      this.accounts.set(email, {
        email,
        secretKey: this.options.secretKey,
        orgIds: orgs.map((o) => o.id),
      });
    // The primary account belongs to two organisations, so orgId at head creation matters (AUTH-7).
    account(this.options.email, [main, second]);
    account('other-org@dh-kit.local', [foreign]);
    account('inactive@dh-kit.local', [inactive]);
    account('no-subscription@dh-kit.local', [unsubscribed]);
    account('no-permission@dh-kit.local', [restricted]);
  }

  /** The primary organisation (the first of the primary account). */
  get mainOrg(): SimOrg {
    const account = this.accounts.get(this.options.email)!;
    return this.orgs.get(account.orgIds[0]!)!;
  }

  issueToken(account: SimAccount): string {
    const issuedAt = this.now();
    const expiresAt = issuedAt + this.options.tokenLifetimeMs;
    const orgId = account.orgIds[0]!;
    // JWT-shaped like the platform's, with an exp claim; the simulator looks tokens up, it never trusts them.
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const token = [
      b64({ alg: 'HS256', typ: 'JWT' }),
      b64({
        sub: account.email,
        org: orgId,
        iat: Math.floor(issuedAt / 1000),
        exp: Math.floor(expiresAt / 1000),
      }),
      randomBytes(24).toString('base64url'),
    ].join('.');
    this.tokens.set(token, { email: account.email, orgId, issuedAt, expiresAt });
    this.tokensIssued += 1;
    return token;
  }

  createHead(orgId: string, request: SimHead['request']): SimHead {
    const head: SimHead = {
      id: randomUUID(),
      publicId: shortId('h-'),
      orgId,
      createdAt: new Date(this.now()).toISOString(),
      request,
      splitter: true,
      enableEvents: false,
      tools: [],
    };
    this.heads.set(head.id, head);
    return head;
  }

  /** Heads are addressed by id; the public id is accepted too, as pages and events use it. */
  findHead(idOrPublicId: string): SimHead | undefined {
    return (
      this.heads.get(idOrPublicId) ??
      [...this.heads.values()].find((h) => h.publicId === idOrPublicId)
    );
  }

  addTalk(head: SimHead, text: string): SimTalk {
    const createdAt = this.now();
    const talk: SimTalk = {
      id: randomUUID(),
      headId: head.id,
      text,
      voice: head.request.ttsVoice,
      createdAt,
      readyAt: createdAt + this.options.talkDelayMs,
    };
    this.talks.push(talk);
    return talk;
  }

  addWebhook(fields: Omit<SimWebhook, 'id' | 'createdAt' | 'updatedAt' | 'sharedKey'>): SimWebhook {
    const at = new Date(this.now()).toISOString();
    const hook: SimWebhook = {
      ...fields,
      id: this.nextWebhookId++,
      createdAt: at,
      updatedAt: at,
      sharedKey: randomBytes(32).toString('hex'),
    };
    this.webhooks.set(hook.id, hook);
    return hook;
  }

  /** After webhooks were read back from a file: new ids continue after theirs. */
  continueWebhookIds(): void {
    this.nextWebhookId = Math.max(
      this.nextWebhookId,
      ...[...this.webhooks.keys()].map((id) => id + 1),
    );
  }

  addFault(fault: Omit<SimFault, 'id'>): SimFault {
    const f = { ...fault, id: this.nextFaultId++ };
    this.faults.push(f);
    return f;
  }

  /** Forget everything made since start (heads, talks, webhooks, tokens, logs, faults); the catalogue stays. */
  reset(): void {
    this.tokens.clear();
    this.heads.clear();
    this.talks.length = 0;
    this.webhooks.clear();
    this.withdrawnVoices.clear();
    this.deliveries.length = 0;
    this.requests.length = 0;
    this.calls.length = 0;
    this.faults = [];
    this.lostDeliveryAnswers = 0;
    this.tokensIssued = 0;
    this.clockOffsetMs = 0;
    this.demoHeads = undefined;
  }
}
