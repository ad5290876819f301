/**
 * `dh-kit/server`'s platform part: the schemas of every resource, the names the spec leaves open,
 * the typed client, its errors, and the page addresses of a head.
 */
export * from './schemas.js';
export * from './modes.js';
export * from './errors.js';
export * from './client.js';
export * from './urls.js';
export * from './head-rules.js';
export * from './tools.js';
