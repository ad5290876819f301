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
 * The failures where trying again can help: the network, the proxy or the platform is down or busy
 * for a moment. Anything else (a head that does not exist or is not published here, a refused
 * origin, a misconfiguration) fails again the same way, and gets no Try again.
 */
export const canRetry = (code: string): boolean => /^(network|rate_limited|timeout|store_unavailable|platform_(busy|unavailable|timeout))$/.test(code);
