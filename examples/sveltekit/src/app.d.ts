// The dh-* tags in Svelte's templates, with their attributes' and events' types.
/// <reference types="dh-kit/svelte" />
