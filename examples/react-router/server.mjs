// The site's server: React Router's request handler under Express, with the client's address
// in the load context (react-router-serve and `react-router dev` pass none, and a Request carries
// no connection), so the proxy's resource route (app/routes/dh.$.ts) counts each visitor by it.
// The same server in development (NODE_ENV=development: Vite's middleware, the app built on
// demand) and in production (the build). Configuration from the environment (DH_EMAIL,
// DH_SECRET_KEY, DH_BASE_URL, DH_PUBLIC_HEADS, DH_SIGNING_SECRET, …).
import { createRequestHandler } from '@react-router/express';
import express from 'express';

const development = process.env.NODE_ENV === 'development';
const app = express();
app.disable('x-powered-by');

let build = () => import('./build/server/index.js');
if (development) {
  const vite = await import('vite').then((v) =>
    v.createServer({ server: { middlewareMode: true } }),
  );
  app.use(vite.middlewares);
  build = () => vite.ssrLoadModule('virtual:react-router/server-build');
} else {
  // The built assets, named by their hash: cached for a year.
  app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }));
  app.use(express.static('build/client', { maxAge: '1h' }));
}
app.use(
  createRequestHandler({
    build,
    getLoadContext: (req) => ({ clientAddress: req.socket.remoteAddress }),
  }),
);

const server = app.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address();
  console.log(JSON.stringify({ url: `http://${address}:${port}` }));
});
