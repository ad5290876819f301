// The dh-kit proxy as an Astro endpoint: /dh/* answered by createProxy() (configuration from the
// environment: DH_EMAIL, DH_SECRET_KEY, DH_BASE_URL, DH_PUBLIC_HEADS, DH_SIGNING_SECRET, …). Each
// visitor is counted by the address Astro gives (clientAddress), passed on as the app's env.
import type { APIRoute } from 'astro';
import { createProxy, parseConfig } from 'dh-kit/server';

export const prerender = false;

let proxy: ReturnType<typeof createProxy> | undefined;
export const ALL: APIRoute = ({ request, clientAddress }) => {
  proxy ??= createProxy({
    config: parseConfig(process.env),
    clientKey: (c) => (c.env as { clientAddress?: string } | undefined)?.clientAddress,
  });
  return proxy.fetch(request, { clientAddress });
};
