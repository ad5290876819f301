import type { AvatarMessages } from '../../avatar/messages.js';
import type { Formats } from '../../shared/formats.js';

export default (_: Formats) => {
  return {
    title: (name) => (name ? `${name}, cyfrowy człowiek` : 'Cyfrowy człowiek'),
    // A name cannot be declined ("z Adą"): it follows a colon, in the nominative.
    talkTo: (name) => (name ? `Porozmawiaj: ${name}` : 'Porozmawiaj z cyfrowym człowiekiem'),
    talkToUs: 'Porozmawiaj z nami',
    // "hiszpański" → "Mówi po hiszpańsku"; any other name ("europejski hiszpański", "hindi") → "Język: …".
    speaks: (language) => {
      const m = /^(\p{Ll}+k)i( \(.+\))?$/u.exec(language);
      return m ? `Mówi po ${m[1]}u${m[2] ?? ''}` : `Język: ${language}`;
    },
    connecting: (name) => (name ? `Łączenie (${name})…` : 'Łączenie z cyfrowym człowiekiem…'),
    micBlocked: 'Ta strona nie zezwala na użycie mikrofonu: możesz pisać, ale nie mówić.',
    unavailable: (name) =>
      name ? `Rozmowa (${name}) jest teraz niedostępna.` : 'Rozmowa jest teraz niedostępna.',
    close: 'Zamknij',
    closeLabel: (title) => `Zamknij: ${title}`,
    unread: 'nowa wiadomość',
    dismiss: 'Ukryj',
    consentNotice: 'Ta rozmowa przesyła Twój głos i to, co piszesz, do usługi cyfrowych ludzi.',
    consentLink: 'Polityka prywatności',
    acceptAndTalk: 'Zaakceptuj i porozmawiaj',
  } satisfies AvatarMessages;
};
