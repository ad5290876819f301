/** The English messages of `<dh-head-form>` (the catalogue's `headForm` section; see shared/localized.ts). */
export const headFormMessages = {};
export type HeadFormMessages = typeof headFormMessages;
