// The site's server: the dh-kit proxy at /dh (the platform's credentials stay here), the built
// page, and the form's target. Configuration from the environment (DH_EMAIL, DH_SECRET_KEY,
// DH_BASE_URL, DH_PUBLIC_HEADS, DH_SIGNING_SECRET, …); DH_HEAD is the head the page shows.
import { readFile } from 'node:fs/promises';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createProxy, parseConfig } from 'dh-kit/server';

const app = new Hono();
app.route('/', createProxy({ config: parseConfig(process.env) }));
// What the form sends: both pickers' values, as the server receives them.
app.post('/submit', async (c) => c.json(await c.req.parseBody()));
app.get('/', async (c) =>
  c.html(
    (await readFile('dist/index.html', 'utf8')).replace('__HEAD__', process.env.DH_HEAD ?? ''),
  ),
);
app.use('/*', serveStatic({ root: './dist' }));

serve(
  { fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1' },
  (info) => {
    console.log(JSON.stringify({ url: `http://127.0.0.1:${info.port}` }));
  },
);
