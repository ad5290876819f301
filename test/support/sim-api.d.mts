// Types of test/support/sim-api.mjs, for the TypeScript that imports it (test/e2e/sim-pages.spec.ts).
/** Where the platform API is and whose account it is (a running simulator's `info` has all three). */
export interface SimAccount {
  baseUrl: string;
  email: string;
  secretKey: string;
  /** The streaming TTS provider; asked of GET /_sim/state when missing and a streaming voice is wanted. */
  streamingProvider?: string;
}
export interface CreatedHead {
  id: string;
  publicId: string;
  publicUrl: string;
  name: string;
  faceId: string;
}
export declare function api<T = unknown>(
  account: SimAccount,
  path: string,
  init?: { method?: string; token?: string; body?: unknown },
): Promise<T>;
export declare function login(account: SimAccount): Promise<string>;
export declare function createHead(
  account: SimAccount,
  payload?: Record<string, unknown> & { stream?: boolean; splitterOff?: boolean },
): Promise<CreatedHead>;
