/** The English messages of `<dh-face-picker>` (the catalogue's `facePicker` section; see shared/localized.ts). */
export const facePickerMessages = {};
export type FacePickerMessages = typeof facePickerMessages;
