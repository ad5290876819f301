import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // Resource routes (no component): the proxy under /dh, and the form's target.
  route('dh/*', 'routes/dh.$.ts'),
  route('submit', 'routes/submit.ts'),
] satisfies RouteConfig;
