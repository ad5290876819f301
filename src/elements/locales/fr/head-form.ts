import type { HeadFormMessages } from '../../head-form/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, list }: Formats) => {
  /** Why the platform refused the avatar, by error code (other codes: the shared texts). */
  const refusals: Record<string, string> = {
    invalid_request: 'La plateforme n’a pas accepté les informations saisies. Vérifiez les champs.',
    platform_bad_request: 'La plateforme a refusé la demande. Vérifiez les informations saisies.',
    voice_not_available:
      'Cette voix n’est pas disponible sur la plateforme. Choisissez-en une autre.',
    not_found:
      'La plateforme ne trouve pas un élément utilisé par l’avatar : vérifiez le visage et la voix.',
    platform_auth_failed:
      'La connexion de ce site à la plateforme d’avatars est mal configurée. Les détails figurent dans le journal du serveur.',
    platform_forbidden:
      'Le compte de ce site sur la plateforme d’avatars ne permet pas cette action pour le moment. Les détails figurent dans le journal du serveur.',
    platform_busy: 'La plateforme est très sollicitée. Réessayez dans une minute.',
    platform_timeout: 'La plateforme a mis trop de temps à répondre. Réessayez dans un instant.',
    platform_unavailable: 'La plateforme ne répond pas pour le moment. Réessayez dans un instant.',
    store_unavailable: 'Le serveur est momentanément occupé. Réessayez dans quelques secondes.',
  };

  return {
    name: 'Nom de l’avatar',
    alias: 'Alias',
    face: 'Visage',
    voice: 'Voix',
    language: 'Langue',
    recognition: 'Reconnaissance vocale',
    mode: 'Mode de fonctionnement',
    pluginName: 'Nom du plugin',
    pluginUrl: 'Adresse du service',
    pluginOptions: 'Options',
    flowKey: 'Clé API Voiceflow',
    greetings: 'Message d’accueil',
    prompt: 'Prompt système',
    suggestions: 'Suggestions',

    oc: 'Conversation libre',
    ttt: 'Texte en vidéo (répète le texte fourni)',
    doc_qa: 'Réponses à partir de documents',
    plugin: 'Plugin (votre propre service de conversation)',
    voiceflow: 'Voiceflow (une plateforme de conception de conversations)',

    namePlaceholder: 'Léa',
    streaming: 'Avatar en streaming',
    streamingHint:
      'Vidéo en temps réel. Conversation libre uniquement, voix du fournisseur de streaming uniquement (la liste des voix l’indique), ni message d’accueil, ni alias, ni suggestions ; le découpage en phrases est désactivé après la création.',
    aliasHint: 'Un autre nom auquel l’avatar répond (facultatif).',
    sameLanguage: 'Identique à la langue',
    modeHint: 'Les avatars en streaming utilisent la conversation libre.',
    docQa:
      'Les documents d’un avatar doc_qa se téléversent dans les outils de la plateforme : cette API ne les accepte pas. Créez l’avatar ici, puis ajoutez sa base de connaissances dans la plateforme.',
    flowKeyHint:
      'Dans les paramètres d’intégration de votre projet Voiceflow. Envoyée une seule fois à la plateforme, elle ne sera plus jamais affichée.',
    greetingsPlaceholder: 'Bonjour ! Comment puis-je vous aider ?',
    greetingsHint: 'Ce que l’avatar dit en premier (facultatif).',
    promptHint:
      'Le comportement de l’avatar, par ex. « Vous êtes un guide accueillant pour notre boutique. »',
    suggestionsHint: 'Questions proposées au visiteur, une par ligne (facultatif).',
    pluginGroup: 'Plugin',
    pluginUrlHint:
      'La plateforme envoie chaque message à cette adresse + /conversation/{user}/message.',
    ownPlugin: 'Plugin de ce site :',
    ownPluginPrivate: '(confidentiel : il contient le secret de callback).',
    pluginOptionsHint:
      'Envoyées à votre service avec chaque message : une paire clé=valeur par ligne (facultatif).',

    create: 'Créer l’avatar',
    creating: 'Création…',
    clear: 'Réinitialiser',
    finish: 'Désactiver le découpage en phrases',
    progress: 'Création de l’avatar…',
    progressStreaming: 'Création de l’avatar, puis désactivation du découpage en phrases…',

    nameMissing: 'Donnez un nom à l’avatar.',
    faceMissing: 'Choisissez un visage pour l’avatar.',
    voiceMissing: 'Choisissez une voix.',
    pluginNameMissing: 'Donnez un nom au plugin.',
    pluginUrlInvalid:
      'Indiquez l’adresse de votre service de conversation, par ex. https://bot.example.com/api (la plateforme y ajoute /conversation/…).',
    pluginOptionsLine: (line) =>
      `Écrivez une option par ligne, sous la forme clé=valeur (la ligne ${n(line)} ne l’est pas).`,
    flowKeyMissing: 'Collez la clé API Voiceflow de votre projet.',

    checkFields: (fields) => `L’avatar n’a pas été créé. Vérifiez : ${list(fields)}.`,
    notCreated: (why) => `L’avatar n’a pas été créé. ${why}`,
    unexpected: 'Impossible de créer l’avatar. Réessayez.',
    seeMarked: 'La plateforme n’a pas accepté l’avatar : vérifiez les champs signalés.',
    refused: (code) => refusals[code] ?? '',
    fieldRefused: (code) =>
      code === 'voice_not_available'
        ? refusals[code]!
        : 'La plateforme n’a pas accepté cette valeur.',
    splitterFailed: (name) =>
      `L’avatar ${name} a été créé, mais la plateforme n’a pas désactivé le découpage en phrases, ce qu’exige un avatar en streaming.`,
    splitterStillOn: (why) => `Le découpage en phrases est toujours activé. ${why ?? 'Réessayez.'}`,

    ready: (name) => `L’avatar ${name} est prêt`,
    headId: 'ID de l’avatar',
    publicId: 'ID public',
    modeTerm: 'Mode',
    streamingResult: (mode) => `${mode}, en streaming (découpage en phrases désactivé)`,
    another: 'Créer un autre avatar',

    embedTitle: 'Code d’intégration',
    embedHint: 'Collez-le dans n’importe quelle page ou dans un bloc HTML de votre CMS.',
    noBundle:
      'Ce serveur ne fournit pas le bundle dh-kit : chargez d’abord le kit sur cette page (via npm ou votre CDN).',
    layout: 'Affichage',
    inline: 'Dans la page',
    bubble: 'Bulle de chat',
    copy: 'Copier',
    copied: 'Copié.',
    selected: 'Sélectionné : appuyez sur Ctrl+C (⌘C) pour copier.',
    whereTitle: 'Où allez-vous le coller ?',
    whereHint: 'Une page d’un autre site n’affiche l’avatar qu’une fois ce site autorisé ici.',
    allowedNow: (list) => `Autorisés : ${list}.`,
    onlyThisSite: 'Autorisées : seulement les pages de ce site.',
    whereLabel: 'Adresse de la page ou du site',
    allow: 'Autoriser ce site',
    allowedDone: (origin) => `${origin} peut afficher l’avatar maintenant.`,
    notAnAddress: 'Indiquez l’adresse d’un site, par exemple https://shop.example.',
    allowFailed:
      'Le site n’a pas pu être autorisé. Réessayez, ou demandez à l’administrateur du serveur.',
  } satisfies HeadFormMessages;
};
