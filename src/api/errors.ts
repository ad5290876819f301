/** The one error type of browser code: a code a program can test and a message a person can read. */
export class ApiRequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 0,
    /** A head that exists although the request failed (`splitter_failed`): finish it, don't make another. */
    readonly headId?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * The failures where trying again can help: the network, or a proxy or platform busy or down for
 * a moment (429, 5xx: rate_limited, platform_busy, platform_unavailable, platform_timeout,
 * store_unavailable). Anything else (a head that does not exist or is not published here, a
 * refused origin or link, a misconfiguration: 4xx, or the page's own checks) fails again the same
 * way, and gets no Try again.
 */
export const canRetry = ({ code, status }: ApiRequestError): boolean =>
  code === 'network' || status === 429 || status > 499;
