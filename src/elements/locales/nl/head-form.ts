import type { HeadFormMessages } from '../../head-form/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, list }: Formats) => {
  /** Why the platform refused the avatar, by error code (other codes: the shared texts). */
  const refusals: Record<string, string> = {
    invalid_request: 'Het platform heeft de gegevens niet geaccepteerd. Controleer de velden.',
    platform_bad_request: 'Het platform heeft het verzoek geweigerd. Controleer de gegevens.',
    voice_not_available: 'Deze stem is niet beschikbaar op het platform. Kies een andere.',
    not_found:
      'Het platform kan iets wat de avatar gebruikt niet vinden: controleer het gezicht en de stem.',
    platform_auth_failed:
      'De verbinding van deze site met het avatarplatform is niet goed ingesteld. De details staan in het serverlogboek.',
    platform_forbidden:
      'Het account van deze site bij het avatarplatform staat dit op dit moment niet toe. De details staan in het serverlogboek.',
    platform_busy: 'Het platform is overbelast. Probeer het over een minuut opnieuw.',
    platform_timeout: 'Het platform deed er te lang over om te antwoorden. Probeer het zo opnieuw.',
    platform_unavailable: 'Het platform reageert op dit moment niet. Probeer het zo opnieuw.',
    store_unavailable: 'De server is even bezet. Probeer het over een paar seconden opnieuw.',
  };

  return {
    name: 'Naam van de avatar',
    alias: 'Alias',
    face: 'Gezicht',
    voice: 'Stem',
    language: 'Taal',
    recognition: 'Spraakherkenning',
    mode: 'Werkingsmodus',
    pluginName: 'Naam van de plug-in',
    pluginUrl: 'Adres van de dienst',
    pluginOptions: 'Opties',
    flowKey: 'Voiceflow-API-sleutel',
    greetings: 'Begroeting',
    prompt: 'Systeemprompt',
    suggestions: 'Suggesties',

    oc: 'Open gesprek',
    ttt: 'Tekst naar video (herhaalt de opgegeven tekst)',
    doc_qa: 'Antwoorden uit documenten',
    plugin: 'Plug-in (je eigen gespreksdienst)',
    voiceflow: 'Voiceflow (een platform voor gespreksontwerp)',

    namePlaceholder: 'Emma',
    streaming: 'Streamingavatar',
    streamingHint:
      'Realtime video. Alleen open gesprek, alleen stemmen van de streamingaanbieder (de stemmenlijst noemt die), geen begroeting, alias of suggesties; de zinsopsplitsing wordt na het aanmaken uitgeschakeld.',
    aliasHint: 'Een andere naam waarop de avatar reageert (optioneel).',
    sameLanguage: 'Zelfde als de taal',
    modeHint: 'Streamingavatars gebruiken open gesprek.',
    docQa:
      'Documenten voor een doc_qa-avatar upload je met de tools van het platform zelf: deze API neemt ze niet aan. Maak de avatar hier aan en voeg de kennisbank daarna toe op het platform.',
    flowKeyHint:
      'Te vinden in de integratie-instellingen van je Voiceflow-project. Wordt één keer naar het platform gestuurd en daarna nooit meer getoond.',
    greetingsPlaceholder: 'Hoi! Waarmee kan ik je helpen?',
    greetingsHint: 'Wat de avatar als eerste zegt (optioneel).',
    promptHint:
      'Hoe de avatar zich gedraagt, bijv. “Je bent een vriendelijke gids voor onze webshop.”',
    suggestionsHint: 'Vragen die de bezoeker aangeboden krijgt, één per regel (optioneel).',
    pluginGroup: 'Plug-in',
    pluginUrlHint: 'Het platform stuurt elk bericht naar dit adres + /conversation/{user}/message.',
    ownPlugin: 'Plug-in van deze site:',
    ownPluginPrivate: '(privé: bevat het callbackgeheim).',
    pluginOptionsHint:
      'Worden bij elk bericht naar je dienst gestuurd: één sleutel=waarde per regel (optioneel).',

    create: 'Avatar aanmaken',
    creating: 'Bezig met aanmaken…',
    clear: 'Wissen',
    finish: 'Zinsopsplitsing uitschakelen',
    progress: 'De avatar wordt aangemaakt…',
    progressStreaming: 'De avatar wordt aangemaakt, daarna wordt de zinsopsplitsing uitgeschakeld…',

    nameMissing: 'Geef de avatar een naam.',
    faceMissing: 'Kies een gezicht voor de avatar.',
    voiceMissing: 'Kies een stem.',
    pluginNameMissing: 'Geef de plug-in een naam.',
    pluginUrlInvalid:
      'Geef het adres van je gespreksdienst op, zoals https://bot.example.com/api (het platform voegt /conversation/… toe).',
    pluginOptionsLine: (line) =>
      `Schrijf één optie per regel als sleutel=waarde (regel ${n(line)} voldoet daar niet aan).`,
    flowKeyMissing: 'Plak de Voiceflow-API-sleutel van je project.',

    checkFields: (fields) => `De avatar is niet aangemaakt. Controleer: ${list(fields)}.`,
    notCreated: (why) => `De avatar is niet aangemaakt. ${why}`,
    unexpected: 'De avatar kon niet worden aangemaakt. Probeer het opnieuw.',
    seeMarked: 'Het platform heeft de avatar niet geaccepteerd: bekijk de gemarkeerde velden.',
    refused: (code) => refusals[code] ?? '',
    fieldRefused: (code) =>
      code === 'voice_not_available'
        ? refusals[code]!
        : 'Het platform heeft deze waarde niet geaccepteerd.',
    splitterFailed: (name) =>
      `${name} is aangemaakt, maar het platform heeft de zinsopsplitsing niet uitgeschakeld, en dat is nodig voor een streamingavatar.`,
    splitterStillOn: (why) => `De zinsopsplitsing staat nog aan. ${why ?? 'Probeer het opnieuw.'}`,

    ready: (name) => `${name} is klaar`,
    headId: 'Avatar-ID',
    publicId: 'Openbare ID',
    modeTerm: 'Modus',
    streamingResult: (mode) => `${mode}, streaming (zinsopsplitsing uit)`,
    another: 'Nog een avatar aanmaken',

    embedTitle: 'Insluitcode',
    embedHint: 'Plak deze code in een willekeurige pagina of in een HTML-blok van je CMS.',
    noBundle:
      'Deze server levert de dh-kit-bundel niet: laad de kit eerst op die pagina (via npm of je CDN).',
    layout: 'Weergave',
    inline: 'In de pagina',
    bubble: 'Chatballon',
    copy: 'Kopiëren',
    copied: 'Gekopieerd.',
    selected: 'Geselecteerd: druk op Ctrl+C (⌘C) om te kopiëren.',
    whereTitle: 'Waar plakt u deze code?',
    whereHint: 'Een pagina op een andere site toont de avatar pas als die site hier is toegestaan.',
    allowedNow: (list) => `Nu toegestaan: ${list}.`,
    onlyThisSite: 'Nu toegestaan: alleen de pagina’s van deze site.',
    whereLabel: 'Adres van de pagina of site',
    allow: 'Deze site toestaan',
    allowedDone: (origin) => `${origin} kan de avatar nu tonen.`,
    notAnAddress: 'Geef het adres van een site op, zoals https://shop.example.',
    allowFailed:
      'De site kon niet worden toegestaan. Probeer het opnieuw of vraag de beheerder van de server.',
  } satisfies HeadFormMessages;
};
