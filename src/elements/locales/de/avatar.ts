import type { AvatarMessages } from '../../avatar/messages.js';
import type { Formats } from '../../shared/formats.js';

export default (_: Formats) => {
  return {
    title: (name) => (name ? `${name}, digitaler Mensch` : 'Digitaler Mensch'),
    talkTo: (name) => (name ? `Mit ${name} sprechen` : 'Mit dem digitalen Menschen sprechen'),
    talkToUs: 'Sprechen Sie mit uns',
    speaks: (language) => `Spricht ${language}`,
    connecting: (name) =>
      name ? `Verbindung mit ${name} wird hergestellt …` : 'Verbindung wird hergestellt …',
    micBlocked: 'Diese Seite erlaubt kein Mikrofon: Sie können schreiben, aber nicht sprechen.',
    unavailable: (name) =>
      name
        ? `${name} ist gerade nicht verfügbar.`
        : 'Der digitale Mensch ist gerade nicht verfügbar.',
    close: 'Schließen',
    closeLabel: (title) => `${title} schließen`,
    unread: 'neue Nachricht',
    dismiss: 'Ausblenden',
    consentNotice:
      'Dieses Gespräch überträgt Ihre Stimme und Ihre Eingaben an einen Dienst für digitale Menschen.',
    consentLink: 'Datenschutzhinweise',
    acceptAndTalk: 'Zustimmen und sprechen',
  } satisfies AvatarMessages;
};
