// A Vue site's typings: the tags in Vue's GlobalComponents, so templates are checked (vue-tsc
// and Volar read GlobalComponents). Checked here through the props type they give.
/// <reference types="dh-kit/vue" />
import type { GlobalComponents } from 'vue';
import 'dh-kit/avatar';
import 'dh-kit/face-picker';

type Props<Tag extends keyof GlobalComponents> = InstanceType<GlobalComponents[Tag]>['$props'];

export const avatar: Props<'dh-avatar'> = {
  headId: 'h1',
  view: 'stream',
  layout: 'bubble',
  loading: 'lazy',
};
export const face: Props<'dh-face-picker'> = { name: 'face', gender: 'FEMALE', required: true };
export const form: Props<'dh-head-form'> = { mode: 'plugin', noPreview: true };

// @ts-expect-error a view the avatar does not have
export const wrongView: Props<'dh-avatar'> = { view: 'video' };
// @ts-expect-error head-id (headId: Vue looks a template's attributes up camelized) is a string
export const wrongId: Props<'dh-avatar'> = { headId: 123 };
// @ts-expect-error a layout that does not exist
export const wrongLayout: Props<'dh-avatar'> = { layout: 'sidebar' };
// @ts-expect-error validity is read-only: not something a template sets
export const readOnly: Props<'dh-face-picker'> = { validity: {} as ValidityState };
// @ts-expect-error a mode the platform does not have
export const wrongMode: Props<'dh-head-form'> = { mode: 'chat' };
