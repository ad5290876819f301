'use client';
/** `dh-kit/react/avatar`: `<dh-avatar>` as a React component, and nothing of the other elements. */
import {
  DhAvatar as DhAvatarElement,
  type AvatarActivateDetail,
  type AvatarConsentDetail,
  type AvatarLoadDetail,
} from '../elements/avatar/avatar.js';
import type { DhErrorDetail } from '../elements/shared/events.js';
import { wrap, type Detail } from './wrap.js';

/** `<dh-avatar>`: a head's chat or stream page behind a facade. */
export const DhAvatar = wrap('dh-avatar', DhAvatarElement, 'DhAvatar', {
  onDhActivate: 'dh-activate' as Detail<AvatarActivateDetail>,
  onDhLoad: 'dh-load' as Detail<AvatarLoadDetail>,
  onDhError: 'dh-error' as Detail<DhErrorDetail>,
  onDhOpen: 'dh-open' as Detail<Record<string, never>>,
  onDhClose: 'dh-close' as Detail<Record<string, never>>,
  onDhTeaserShow: 'dh-teaser-show' as Detail<Record<string, never>>,
  onDhConsent: 'dh-consent' as Detail<AvatarConsentDetail>,
});
