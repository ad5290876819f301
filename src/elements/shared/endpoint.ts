import { request, requestJson, type RequestOptions } from '../../api/client.js';
import type { Schema } from '../../api/check.js';

/**
 * An element that talks to the site's proxy: where it is, and what its requests carry (its
 * reactive properties `endpoint`, and `headers` and `credentials` without an attribute).
 */
export interface EndpointHost {
  /** Base URL of the proxy routes: a path, or a URL on another origin that the page trusts. */
  endpoint: string;
  /** Extra request headers, for a proxy that needs the site's own auth (property only). */
  headers?: HeadersInit;
  /** Fetch credentials mode, for a proxy on another origin that uses cookies (property only). */
  credentials?: RequestCredentials;
}

/**
 * A stable key for the `headers` property, so an equal object in a new identity does not refetch.
 * (Headers lists its entries sorted by lower-case name: the order in the object does not matter.)
 */
export function headersKey(headers: HeadersInit | undefined): string {
  if (!headers) return '';
  return JSON.stringify([...new Headers(headers)]);
}

/** Where the proxy routes are when the page says nothing: the site's own `/dh`. */
export const DEFAULT_ENDPOINT = '/dh';

/**
 * A request's options other than what the element's properties give; `endpoint` asks another
 * endpoint than the host's current one (a list's later pages go where its first page went).
 */
export type EndpointRequestOptions = Omit<RequestOptions, 'headers' | 'credentials'> & {
  endpoint?: string;
};

/**
 * The element's requests to the site's proxy. Each goes to the host's current `endpoint`, with its
 * `headers` and `credentials`, and only once the endpoint is one the page trusts (api/client.ts:
 * the page's own, or one its scripts listed with `configure()`).
 */
export class ProxyEndpoint {
  readonly #host: EndpointHost;

  constructor(host: EndpointHost) {
    this.#host = host;
  }

  /** The endpoint the next request goes to. */
  get url(): string {
    return this.#host.endpoint;
  }

  /** What a nested element (the head form's pickers) is given so that it asks the same proxy alike. */
  get requestSettings(): Pick<EndpointHost, 'headers' | 'credentials'> {
    return { headers: this.#host.headers, credentials: this.#host.credentials };
  }

  request(path: string, options: EndpointRequestOptions = {}): Promise<Response> {
    const { endpoint = this.url, ...rest } = options;
    return request(endpoint, path, { ...rest, ...this.requestSettings });
  }

  requestJson<T>(
    path: string,
    schema: Schema<T>,
    options: EndpointRequestOptions = {},
  ): Promise<T> {
    const { endpoint = this.url, ...rest } = options;
    return requestJson(endpoint, path, schema, { ...rest, ...this.requestSettings });
  }
}
