// A Svelte 5 site's typings: the tags in svelteHTML.IntrinsicElements, which svelte-check and the
// Svelte language server read for the templates. Checked here through the props type they give.
/// <reference types="dh-kit/svelte" />

type Tag<T extends keyof svelteHTML.IntrinsicElements> = svelteHTML.IntrinsicElements[T];

export const avatar: Tag<'dh-avatar'> = {
  'head-id': 'h1',
  view: 'stream',
  class: 'guide',
  'ondh-load': (e) => void e.detail.view,
};
export const face: Tag<'dh-face-picker'> = {
  name: 'face',
  gender: 'FEMALE',
  required: true,
  oninput: (e) => void e.currentTarget,
  'ondh-select': (e) => void e.detail.item.id,
};
export const form: Tag<'dh-head-form'> = {
  mode: 'plugin',
  'no-preview': true,
  'aria-label': 'New head',
};

// @ts-expect-error a view the avatar does not have
export const wrongView: Tag<'dh-avatar'> = { view: 'video' };
// @ts-expect-error head-id is a string
export const wrongId: Tag<'dh-avatar'> = { 'head-id': 123 };
export const wrongDetail: Tag<'dh-avatar'> = {
  // @ts-expect-error dh-load's detail is the avatar's, not another shape
  'ondh-load': (e: CustomEvent<{ nope: number }>) => void e,
};
// @ts-expect-error validity is read-only: not something a template sets
export const readOnly: Tag<'dh-face-picker'> = { validity: {} as ValidityState };
