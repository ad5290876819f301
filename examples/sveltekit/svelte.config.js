import adapter from '@sveltejs/adapter-node';

/** @type {import('@sveltejs/kit').Config} */
export default {
  // A Node server (`node build`): the proxy at /dh is one of its routes.
  kit: { adapter: adapter() },
};
