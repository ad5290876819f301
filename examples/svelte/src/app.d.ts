/// <reference types="svelte" />
/// <reference types="vite/client" />
// The dh-* tags in svelteHTML: templates are type-checked (svelte-check, the language server).
/// <reference types="dh-kit/svelte" />
