/**
 * The admin routes' guard: `requireAdmin` asks the site's `authorize` hook (or the reference one,
 * `adminTokenAuthorize`) before a route runs, and keeps its answer out of shared caches.
 */
import type { MiddlewareHandler } from 'hono';
import type { ProxyConfig } from '../config.js';
import type { AdminAction, Authorize, Deps } from '../deps.js';
import { fail } from '../http.js';
import { sameSecret } from './same-secret.js';

/**
 * The reference authorisation: `Authorization: Bearer <DH_ADMIN_TOKEN>`. With no admin token
 * configured every admin route is refused (a site plugs in its own `authorize` instead).
 */
export function adminTokenAuthorize(config: Pick<ProxyConfig, 'adminToken'>): Authorize {
  return async (request) => {
    if (!config.adminToken) return false;
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '');
    return match ? sameSecret(match[1]!.trim(), config.adminToken) : false;
  };
}

export function requireAdmin(deps: Deps, action: AdminAction): MiddlewareHandler {
  return async (c, next) => {
    if (!(await deps.authorize(c.req.raw, action))) {
      if (deps.defaultAuthorize && !deps.config.adminToken) {
        fail(
          403,
          'admin_closed',
          'Admin routes are closed: set DH_ADMIN_TOKEN on the proxy (or plug in your own authorize hook).',
        );
      }
      fail(
        401,
        'admin_required',
        'This route needs an admin: send Authorization: Bearer <DH_ADMIN_TOKEN>.',
      );
    }
    await next();
    // An admin answer is for this admin only: no shared cache may keep it.
    c.header('cache-control', 'no-store');
  };
}
