/**
 * Drives the simulator's `/api/_sim/…` introspection over HTTP, so tests need nothing but its
 * address (the simulator may run in-process or as `dh-kit sim`).
 */
export interface SimFaultSpec {
  method?: string;
  path: string;
  status?: number;
  delayMs?: number;
  body?: string;
  malformed?: boolean;
  /** Response headers of the fault's answer (a 302 with a Location). */
  headers?: Record<string, string>;
  times?: number;
}

export interface SimHeadView {
  id: string;
  publicId: string;
  orgId: string;
  orgPublicId: string;
  operationMode: string;
  ttsProvider: string;
  ttsVoice: string;
  greetings?: string;
  request: Record<string, unknown>;
  splitter: boolean;
  enableEvents: boolean;
  tools: unknown[];
}

export interface SimRequestView {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  authorization: boolean;
  accept: string | null;
  contentType: string | null;
  body?: unknown;
}

/** The simulator's fixed accounts beside the primary one, one per 403 cause of the spec. */
export const SIM_ACCOUNTS = {
  otherOrganisation: 'other-org@dh-kit.local',
  noPermission: 'no-permission@dh-kit.local',
  inactive: 'inactive@dh-kit.local',
  noSubscription: 'no-subscription@dh-kit.local',
} as const;

export class SimControl {
  constructor(readonly baseUrl: string) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}/_sim${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`simulator ${method} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  state() {
    return this.call<{ tokensIssued: number; heads: SimHeadView[]; clockOffsetMs: number }>(
      'GET',
      '/state',
    );
  }
  head(id: string) {
    return this.call<SimHeadView>('GET', `/heads/${encodeURIComponent(id)}`);
  }
  requests(path?: string) {
    return this.call<SimRequestView[]>(
      'GET',
      `/requests${path ? `?path=${encodeURIComponent(path)}` : ''}`,
    );
  }
  fault(spec: SimFaultSpec) {
    return this.call<unknown>('POST', '/faults', spec);
  }
  /** The provider withdraws a voice: unlisted, refused at create, its heads' videos get 400 (ERR-1). */
  withdrawVoice(provider: string, voiceId: string) {
    return this.call<unknown>('POST', '/withdrawn-voices', { provider, voiceId });
  }
  clearFaults() {
    return this.call<void>('DELETE', '/faults');
  }
  options(patch: {
    tokenShape?: 'A' | 'B';
    tokenLifetimeMs?: number;
    talkDelayMs?: number;
    allowInsecureWebhooks?: boolean;
  }) {
    return this.call<unknown>('PATCH', '/options', patch);
  }
  advanceClock(ms: number) {
    return this.call<{ clockOffsetMs: number }>('POST', '/clock', { advanceMs: ms });
  }
  reset() {
    return this.call<void>('POST', '/reset');
  }
}
