import type { AvatarMessages } from '../../avatar/messages.js';
import type { Formats } from '../../shared/formats.js';

export default (_: Formats) => {
  return {
    title: (name) => (name ? `${name}, humain numérique` : 'Humain numérique'),
    talkTo: (name) => (name ? `Parler à ${name}` : 'Parler à l’humain numérique'),
    talkToUs: 'Discuter avec nous',
    speaks: (language) => `Parle ${language}`,
    connecting: (name) => (name ? `Connexion à ${name}…` : 'Connexion à l’humain numérique…'),
    micBlocked: 'Cette page n’autorise pas le micro. Vous pouvez écrire, mais pas parler.',
    unavailable: (name) => `${name ?? 'L’humain numérique'} n’est pas disponible pour le moment.`,
    close: 'Fermer',
    closeLabel: (title) => `Fermer ${title}`,
    unread: 'nouveau message',
    dismiss: 'Masquer',
    consentNotice:
      'Cette conversation transmet votre voix et ce que vous écrivez à un service d’humains numériques.',
    consentLink: 'Politique de confidentialité',
    acceptAndTalk: 'Accepter et parler',
  } satisfies AvatarMessages;
};
