import type { VideoStudioMessages } from '../../video-studio/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural }: Formats) => {
  return {
    label: 'Texte que dira l’humain numérique',
    noHead: (attribute) =>
      `Aucun humain numérique sélectionné\u00a0: définissez ${attribute} pour créer et afficher ses vidéos.`,
    count: (length, max) => `${n(length)} / ${n(max)}`,
    characters: (max) => plural(max, { one: 'caractère', other: 'caractères' }),
    textEmpty: 'Saisissez le texte que dira l’humain numérique.',
    textTooLong: (max) => `Le texte ne doit pas dépasser ${n(max)}\u00a0caractères.`,
    generate: 'Générer la vidéo',
    shortcut: 'Ctrl+Entrée (⌘+Entrée) pour envoyer.',
    sending: 'Envoi du texte…',
    producing: 'Création de la vidéo…',
    producingStarted: 'Création de la vidéo en cours. Cela peut prendre quelques minutes.',
    stillProducing: (time) => `Création de la vidéo toujours en cours, depuis ${time}.`,
    elapsed: (time) => `Temps écoulé\u00a0: ${time}`,
    stop: 'Arrêter d’attendre',
    stoppedAnnouncement: 'Vous n’attendez plus la vidéo.',
    stopped:
      'Attente arrêtée. La plateforme peut tout de même créer cette vidéo\u00a0: elle apparaîtra alors parmi les vidéos précédentes.',
    waitingAgain: 'L’attente de la vidéo reprend.',
    ready: 'La vidéo est prête.',
    timedOut: (time) =>
      `Toujours pas de vidéo après ${time}. La plateforme est peut-être encore en train de la créer\u00a0: elle apparaîtra alors parmi les vidéos précédentes.`,
    keepWaiting: 'Continuer d’attendre',
    capReached: (hours, minutes) =>
      `La limite quotidienne de vidéos est atteinte\u00a0: vous ne pouvez plus en créer aujourd’hui. Elle sera réinitialisée à minuit UTC, dans environ ${hours ? `${n(hours)}\u00a0h\u00a0` : ''}${n(minutes)}\u00a0min.`,
    requestFailed: 'Impossible de demander la vidéo.',
    checkFailed: 'Impossible de vérifier l’état de la vidéo.',
    listFailed: 'Impossible de charger les vidéos.',
    refused: () => '',
    downloadFailed: 'Impossible de télécharger la vidéo.',
    unplayable:
      'Impossible de lire la vidéo\u00a0: le fichier est introuvable ou dans un format que ce navigateur ne prend pas en charge.',
    download: 'Télécharger la vidéo (MP4)',
    earlier: 'Vidéos précédentes',
    loading: 'Chargement des vidéos…',
    empty:
      'Aucune vidéo pour l’instant. Saisissez un texte ci-dessus et cliquez sur «\u00a0Générer la vidéo\u00a0».',
    pages: 'Pages des vidéos précédentes',
    previous: 'Précédent',
    next: 'Suivant',
    page: (page, count) => `Page ${n(page)} sur ${n(count)}`,
  } satisfies VideoStudioMessages;
};
