import node from '@astrojs/node';
import { defineConfig } from 'astro/config';

export default defineConfig({
  // Rendered on the server by Node (the proxy at /dh is one of its routes).
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  // The host names the site answers to (yours in production): Astro reads a request's URL, and
  // so checks a form's origin, only for these.
  security: { allowedDomains: [{ hostname: 'localhost' }, { hostname: '127.0.0.1' }] },
});
