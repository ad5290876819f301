// Rendered on the server (SSR), the elements upgraded in the browser (app/plugins/dh-kit.client.ts).
export default defineNuxtConfig({
  compatibilityDate: '2026-01-01',
  ssr: true,
  // The elements' boxes before their script defines them: linked in the server's HTML, so
  // nothing moves when they appear.
  css: ['dh-kit/boxes.css'],
  // The dh-* tags are custom elements, not Vue components (in the server's build and the browser's).
  vue: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('dh-') } },
  app: { head: { title: 'dh-kit in Nuxt', link: [{ rel: 'icon', href: 'data:,' }] } },
  telemetry: false,
});
