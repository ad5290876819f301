/**
 * The CSRF guard of the browser routes: a state-changing request must carry the kit's own header,
 * which a cross-site form cannot send (and a cross-site fetch cannot without a CORS preflight).
 */
import type { MiddlewareHandler } from 'hono';
import { CSRF_HEADER, CSRF_VALUE } from '../../api/client.js';
import { fail } from '../http.js';

/** State-changing requests carry `X-DH-Kit: 1`: a cross-site form cannot, and a CORS preflight guards fetch. */
export function csrfHeader(): MiddlewareHandler {
  return async (c, next) => {
    const safe = c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS';
    if (!safe && c.req.header(CSRF_HEADER) !== CSRF_VALUE) {
      fail(
        403,
        'csrf_header_missing',
        `State-changing requests need the header ${CSRF_HEADER}: ${CSRF_VALUE}.`,
      );
    }
    await next();
  };
}
