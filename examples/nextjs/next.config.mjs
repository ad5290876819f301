/** @type {import('next').NextConfig} */
export default {
  // The proxy's own dependencies run in Node as installed (not bundled). dh-kit itself is bundled:
  // its React entries must use the React that Next renders with.
  serverExternalPackages: ['hono', '@hono/node-server', 'ws', 'ioredis', 'unstorage'],
};
