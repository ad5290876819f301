'use client';
/** `dh-kit/react/face-picker`: `<dh-face-picker>` as a React component. */
import { DhFacePicker as DhFacePickerElement } from '../elements/face-picker/face-picker.js';
import type { DhErrorDetail, FaceSelectDetail } from '../elements/shared/events.js';
import { wrap, type Detail } from './wrap.js';

/** `<dh-face-picker>`: a form control whose value is a face id. */
export const DhFacePicker = wrap('dh-face-picker', DhFacePickerElement, 'DhFacePicker', {
  onDhSelect: 'dh-select' as Detail<FaceSelectDetail>,
  onDhError: 'dh-error' as Detail<DhErrorDetail>,
});
