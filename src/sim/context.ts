import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ResolvedSimOptions } from './options.js';
import type { SimStore } from './store.js';

/** The simulator's addresses: `{base_url}`, `{chat_url}`, `{stream_url}` of the spec, and its media. */
export interface SimUrls {
  origin: string;
  baseUrl: string;
  chatUrl: string;
  streamUrl: string;
  mediaUrl: string;
}

export function simUrls(origin: string): SimUrls {
  return {
    origin,
    baseUrl: `${origin}/api`,
    chatUrl: `${origin}/chat`,
    streamUrl: `${origin}/stream`,
    mediaUrl: `${origin}/media`,
  };
}

export interface SimContext {
  store: SimStore;
  options: ResolvedSimOptions;
  urls: SimUrls;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/**
 * The spec does not show the platform's error body. The simulator answers the common
 * `{statusCode, message, error}` shape, and clients must read it tolerantly.
 */
export function platformError(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json({ statusCode: status, message, error: STATUS_TEXT[status] ?? 'Error' }, status);
}
