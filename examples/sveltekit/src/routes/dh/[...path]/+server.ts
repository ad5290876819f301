// The dh-kit proxy as a SvelteKit endpoint: /dh/* answered by createProxy() (configuration from
// the environment: DH_EMAIL, DH_SECRET_KEY, DH_BASE_URL, DH_PUBLIC_HEADS, DH_SIGNING_SECRET, …).
// Each visitor is counted by the address SvelteKit gives (getClientAddress), passed on as the
// app's env.
import { env } from '$env/dynamic/private';
import { createProxy, parseConfig } from 'dh-kit/server';
import type { RequestHandler } from './$types';

let proxy: ReturnType<typeof createProxy> | undefined;
const handle: RequestHandler = ({ request, getClientAddress }) => {
  // Made at the first request, not when `vite build` analyses the module (the environment is the server's).
  proxy ??= createProxy({
    config: parseConfig(env),
    clientKey: (c) => (c.env as { clientAddress?: string } | undefined)?.clientAddress,
  });
  return proxy.fetch(request, { clientAddress: getClientAddress() });
};

export {
  handle as DELETE,
  handle as GET,
  handle as OPTIONS,
  handle as PATCH,
  handle as POST,
  handle as PUT,
};
