'use client';
/** `dh-kit/react/head-form`: `<dh-head-form>` as a React component (the pickers and the avatar come with it). */
import {
  DhHeadForm as DhHeadFormElement,
  type HeadCreatedDetail,
} from '../elements/head-form/head-form.js';
import type { DhErrorDetail } from '../elements/shared/events.js';
import { wrap, type Detail } from './wrap.js';

/** `<dh-head-form>`: creates a head in any mode (admin routes: pass `headers` or `credentials`). */
export const DhHeadForm = wrap('dh-head-form', DhHeadFormElement, 'DhHeadForm', {
  onDhHeadCreated: 'dh-head-created' as Detail<HeadCreatedDetail>,
  onDhError: 'dh-error' as Detail<DhErrorDetail>,
});
