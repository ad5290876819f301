import type { AvatarMessages } from '../../avatar/messages.js';
import type { Formats } from '../../shared/formats.js';

export default (_: Formats) => {
  return {
    title: (name) => (name ? `${name}, umano digitale` : 'Umano digitale'),
    talkTo: (name) => (name ? `Parla con ${name}` : 'Parla con l’umano digitale'),
    talkToUs: 'Parla con noi',
    speaks: (language) => `Parla ${language}`,
    // "con … in corso": no "a"/"ad" before a name that may start with a vowel.
    connecting: (name) => (name ? `Connessione con ${name} in corso…` : 'Connessione in corso…'),
    micBlocked: 'Questa pagina non consente l’uso del microfono: puoi scrivere, ma non parlare.',
    unavailable: (name) => `${name ?? 'L’umano digitale'} non è disponibile in questo momento.`,
    close: 'Chiudi',
    closeLabel: (title) => `Chiudi ${title}`,
    unread: 'nuovo messaggio',
    dismiss: 'Nascondi',
    consentNotice:
      'Questa conversazione invia la tua voce e ciò che scrivi a un servizio di umani digitali.',
    consentLink: 'Informativa sulla privacy',
    acceptAndTalk: 'Accetta e parla',
  } satisfies AvatarMessages;
};
