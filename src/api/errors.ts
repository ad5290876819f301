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
