/// <reference types="vite/client" />
// The dh-* tags in Vue's GlobalComponents: templates are type-checked (vue-tsc, Volar).
/// <reference types="dh-kit/vue" />
