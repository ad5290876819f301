/**
 * `import 'dh-kit/avatar/consent'`: `<dh-avatar consent="…">` asks the visitor first, with a notice
 * and "Accept and talk", and keeps the answer for the next pages (consent-notice.ts). A page whose
 * avatars ask for no consent does not carry it, in any bundler; both CDN files import this
 * (src/cdn/). Without it an avatar with `consent` loads nothing until the page's script calls
 * `grantConsent()`, and nothing is kept.
 */
import { addConsent } from './avatar.js';
import makeConsentNotice from './consent-notice.js';

addConsent(() => Promise.resolve({ default: makeConsentNotice }));
