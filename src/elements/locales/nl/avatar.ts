import type { AvatarMessages } from '../../avatar/messages.js';
import type { Formats } from '../../shared/formats.js';

export default (_: Formats) => {
  return {
    title: (name) => (name ? `${name}, digitale mens` : 'Digitale mens'),
    talkTo: (name) => (name ? `Praat met ${name}` : 'Praat met de digitale mens'),
    talkToUs: 'Praat met ons',
    speaks: (language) => `Spreekt ${language}`,
    connecting: (name) =>
      name ? `Verbinding maken met ${name}…` : 'Verbinding maken met de digitale mens…',
    micBlocked: 'Deze pagina staat de microfoon niet toe: je kunt typen, maar niet praten.',
    unavailable: (name) => `${name ?? 'De digitale mens'} is nu niet beschikbaar.`,
    close: 'Sluiten',
    closeLabel: (title) => `${title} sluiten`,
    unread: 'nieuw bericht',
    dismiss: 'Verbergen',
    consentNotice:
      'Dit gesprek stuurt je stem en wat je typt naar een dienst voor digitale mensen.',
    consentLink: 'Privacyverklaring',
    acceptAndTalk: 'Accepteren en praten',
  } satisfies AvatarMessages;
};
