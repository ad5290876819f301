// A site's own Node server in TypeScript (module nodenext): the proxy mounted in its app.
import { createProxy, parseConfig, signLaunchUrl, type ProxyConfig } from 'dh-kit/server';

const config: ProxyConfig = parseConfig(process.env);
const proxy = createProxy({
  config,
  onEvent: (event) => console.log(event.event_type, event.session_id),
  tools: { weather: ({ city }) => `It is sunny in ${String(city)}.` },
});
const { url } = await signLaunchUrl({ secret: 'a'.repeat(32), headId: 'h1', view: 'chat' });
export const handler: (request: Request) => Response | Promise<Response> = (request) =>
  proxy.fetch(request);
console.log(url);
