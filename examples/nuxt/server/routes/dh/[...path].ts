// The dh-kit proxy as a Nitro route: /dh/* answered by createProxy() (configuration from the
// environment: DH_EMAIL, DH_SECRET_KEY, DH_BASE_URL, DH_PUBLIC_HEADS, DH_SIGNING_SECRET, …). Each
// visitor is counted by the address h3 reads from the connection, passed on as the app's env.
// `nuxt dev` gives h3 no socket address: there it reads X-Forwarded-For, which the dev server sets.
import { createProxy, parseConfig } from 'dh-kit/server';

let proxy: ReturnType<typeof createProxy> | undefined;
export default defineEventHandler((event) => {
  // Made at the first request, not when `nuxt build` loads the module (the environment is the server's).
  proxy ??= createProxy({
    config: parseConfig(process.env),
    clientKey: (c) => (c.env as { clientAddress?: string } | undefined)?.clientAddress,
  });
  const clientAddress = getRequestIP(event, { xForwardedFor: import.meta.dev });
  return proxy.fetch(toWebRequest(event), { clientAddress });
});
