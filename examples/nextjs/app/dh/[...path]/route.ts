// The dh-kit proxy as a route handler: /dh/* answered by createProxy() (configuration from the
// environment: DH_EMAIL, DH_SECRET_KEY, DH_BASE_URL, DH_PUBLIC_HEADS, DH_SIGNING_SECRET, …). Next
// gives the handler no connection: behind your reverse proxy or Vercel's edge, set DH_TRUST_PROXY=true.
import { createProxy, parseConfig } from 'dh-kit/server';

export const dynamic = 'force-dynamic';

let proxy: ReturnType<typeof createProxy> | undefined;
// Made at the first request, not when `next build` loads the module (the environment is the server's).
// Next compresses what it sends itself: compressed here too, the browser would read gzip inside gzip.
const handle = (request: Request) =>
  (proxy ??= createProxy({ config: parseConfig(process.env), compress: false })).fetch(request);

export {
  handle as DELETE,
  handle as GET,
  handle as HEAD,
  handle as PATCH,
  handle as POST,
  handle as PUT,
};
