// The dh-kit proxy as a resource route: /dh/* answered by createProxy() (configuration from the
// environment: DH_EMAIL, DH_SECRET_KEY, DH_BASE_URL, DH_PUBLIC_HEADS, DH_SIGNING_SECRET, …). Each
// visitor is counted by the address server.mjs puts in the load context, passed on as the app's env.
import { createProxy, parseConfig } from 'dh-kit/server';
import type { Route } from './+types/dh.$';

let proxy: ReturnType<typeof createProxy> | undefined;
const handle = ({ request, context }: Route.LoaderArgs | Route.ActionArgs) => {
  // Made at the first request, not when the build loads the module (the environment is the server's).
  proxy ??= createProxy({
    config: parseConfig(process.env),
    clientKey: (c) => (c.env as { clientAddress?: string } | undefined)?.clientAddress,
  });
  return proxy.fetch(request, { clientAddress: context.clientAddress });
};

// GET and HEAD are the loader's; POST, PUT, PATCH and DELETE the action's.
export { handle as action, handle as loader };
