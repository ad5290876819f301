import type { HeadFormMessages } from '../../head-form/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, list }: Formats) => {
  /** Why the platform refused the avatar, by error code (other codes: the shared texts). */
  const refusals: Record<string, string> = {
    invalid_request: 'La piattaforma non ha accettato i dati inseriti. Controlla i campi.',
    platform_bad_request: 'La piattaforma ha rifiutato la richiesta. Controlla i dati inseriti.',
    voice_not_available: 'Questa voce non è disponibile sulla piattaforma. Scegline un’altra.',
    not_found: 'La piattaforma non trova qualcosa che l’avatar usa: controlla il volto e la voce.',
    platform_auth_failed:
      'Il collegamento di questo sito alla piattaforma degli avatar non è configurato correttamente. I dettagli sono nel log del server.',
    platform_forbidden:
      'L’account di questo sito sulla piattaforma degli avatar al momento non consente questa operazione. I dettagli sono nel log del server.',
    platform_busy: 'La piattaforma è sovraccarica. Riprova tra un minuto.',
    platform_timeout: 'La piattaforma ha impiegato troppo tempo a rispondere. Riprova tra poco.',
    platform_unavailable: 'Al momento la piattaforma non risponde. Riprova tra poco.',
    store_unavailable: 'Il server è momentaneamente occupato. Riprova tra qualche secondo.',
  };

  return {
    name: 'Nome dell’avatar',
    alias: 'Alias',
    face: 'Volto',
    voice: 'Voce',
    language: 'Lingua',
    recognition: 'Riconoscimento vocale',
    mode: 'Modalità operativa',
    pluginName: 'Nome del plugin',
    pluginUrl: 'Indirizzo del servizio',
    pluginOptions: 'Opzioni',
    flowKey: 'Chiave API di Voiceflow',
    greetings: 'Saluto',
    prompt: 'Prompt di sistema',
    suggestions: 'Suggerimenti',

    oc: 'Conversazione libera',
    ttt: 'Da testo a video (ripete il testo ricevuto)',
    doc_qa: 'Risposte dai documenti',
    plugin: 'Plugin (il tuo servizio di conversazione)',
    voiceflow: 'Voiceflow (una piattaforma per progettare conversazioni)',

    namePlaceholder: 'Giulia',
    streaming: 'Avatar in streaming',
    streamingHint:
      'Video in tempo reale. Solo conversazione libera, solo voci del provider di streaming (indicato nell’elenco delle voci), niente saluto, alias o suggerimenti; la suddivisione in frasi viene disattivata dopo la creazione.',
    aliasHint: 'Un altro nome a cui l’avatar risponde (facoltativo).',
    sameLanguage: 'Uguale alla lingua',
    modeHint: 'Gli avatar in streaming usano la conversazione libera.',
    docQa:
      'I documenti di un avatar doc_qa si caricano con gli strumenti della piattaforma: questa API non li accetta. Crea qui l’avatar, poi aggiungi la sua base di conoscenza sulla piattaforma.',
    flowKeyHint:
      'Si trova nelle impostazioni di integrazione del tuo progetto Voiceflow. Viene inviata una sola volta alla piattaforma e non verrà più mostrata.',
    greetingsPlaceholder: 'Ciao! Come posso aiutarti?',
    greetingsHint: 'Ciò che l’avatar dice per primo (facoltativo).',
    promptHint: 'Come si comporta l’avatar, ad es. «Sei una guida cordiale del nostro negozio.»',
    suggestionsHint: 'Domande proposte al visitatore, una per riga (facoltativo).',
    pluginGroup: 'Plugin',
    pluginUrlHint:
      'La piattaforma invia ogni messaggio a questo indirizzo + /conversation/{user}/message.',
    ownPlugin: 'Plugin di questo sito:',
    ownPluginPrivate: '(riservato: contiene il segreto di callback).',
    pluginOptionsHint:
      'Inviate al tuo servizio con ogni messaggio: una coppia chiave=valore per riga (facoltativo).',

    create: 'Crea avatar',
    creating: 'Creazione in corso…',
    clear: 'Reimposta',
    finish: 'Disattiva la suddivisione in frasi',
    progress: 'Creazione dell’avatar in corso…',
    progressStreaming:
      'Creazione dell’avatar in corso, poi verrà disattivata la suddivisione in frasi…',

    nameMissing: 'Dai un nome all’avatar.',
    faceMissing: 'Scegli un volto per l’avatar.',
    voiceMissing: 'Scegli una voce.',
    pluginNameMissing: 'Dai un nome al plugin.',
    pluginUrlInvalid:
      'Indica l’indirizzo del tuo servizio di conversazione, ad es. https://bot.example.com/api (la piattaforma aggiunge /conversation/…).',
    pluginOptionsLine: (line) =>
      `Scrivi un’opzione per riga nel formato chiave=valore (la riga ${n(line)} non lo rispetta).`,
    flowKeyMissing: 'Incolla la chiave API di Voiceflow del tuo progetto.',

    checkFields: (fields) => `L’avatar non è stato creato. Controlla: ${list(fields)}.`,
    notCreated: (why) => `L’avatar non è stato creato. ${why}`,
    unexpected: 'Impossibile creare l’avatar. Riprova.',
    seeMarked: 'La piattaforma non ha accettato l’avatar: controlla i campi evidenziati.',
    refused: (code) => refusals[code] ?? '',
    fieldRefused: (code) =>
      code === 'voice_not_available'
        ? refusals[code]!
        : 'La piattaforma non ha accettato questo valore.',
    splitterFailed: (name) =>
      `L’avatar ${name} è stato creato, ma la piattaforma non ha disattivato la suddivisione in frasi, come richiesto per un avatar in streaming.`,
    splitterStillOn: (why) => `La suddivisione in frasi è ancora attiva. ${why ?? 'Riprova.'}`,

    ready: (name) => `L’avatar ${name} è pronto`,
    headId: 'ID dell’avatar',
    publicId: 'ID pubblico',
    modeTerm: 'Modalità',
    streamingResult: (mode) => `${mode}, in streaming (suddivisione in frasi disattivata)`,
    another: 'Crea un altro avatar',

    embedTitle: 'Codice da incorporare',
    embedHint: 'Incollalo in qualsiasi pagina o in un blocco HTML del tuo CMS.',
    noBundle:
      'Questo server non fornisce il bundle di dh-kit: carica prima il kit in quella pagina (con npm o la tua CDN).',
    layout: 'Layout',
    inline: 'Nella pagina',
    bubble: 'Fumetto della chat',
    copy: 'Copia',
    copied: 'Copiato.',
    selected: 'Selezionato: premi Ctrl+C (⌘C) per copiare.',
    whereTitle: 'Dove lo incollerai?',
    whereHint:
      'Una pagina di un altro sito mostra l’avatar solo quando quel sito è consentito qui.',
    allowedNow: (list) => `Consentiti ora: ${list}.`,
    onlyThisSite: 'Consentite ora: solo le pagine di questo sito.',
    whereLabel: 'Indirizzo della pagina o del sito',
    allow: 'Consenti questo sito',
    allowedDone: (origin) => `${origin} ora può mostrare l’avatar.`,
    notAnAddress: 'Indica l’indirizzo di un sito, ad esempio https://shop.example.',
    allowFailed:
      'Non è stato possibile consentire il sito. Riprova o chiedi all’amministratore del server.',
  } satisfies HeadFormMessages;
};
