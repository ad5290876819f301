import type { HeadFormMessages } from '../../head-form/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, list }: Formats) => {
  /** Why the platform refused the avatar, by error code (other codes: the shared texts). */
  const refusals: Record<string, string> = {
    invalid_request: 'Die Plattform hat die Angaben nicht angenommen. Prüfen Sie die Felder.',
    platform_bad_request: 'Die Plattform hat die Anfrage abgelehnt. Prüfen Sie die Angaben.',
    voice_not_available:
      'Diese Stimme ist auf der Plattform nicht verfügbar. Wählen Sie eine andere.',
    not_found:
      'Die Plattform findet etwas nicht, das der Avatar verwendet: Prüfen Sie Gesicht und Stimme.',
    platform_auth_failed:
      'Die Verbindung dieser Website zur Avatar-Plattform ist nicht richtig eingerichtet. Details stehen im Serverprotokoll.',
    platform_forbidden:
      'Das Konto dieser Website bei der Avatar-Plattform lässt das gerade nicht zu. Details stehen im Serverprotokoll.',
    platform_busy: 'Die Plattform ist gerade ausgelastet. Versuchen Sie es in einer Minute erneut.',
    platform_timeout:
      'Die Plattform hat zu lange nicht geantwortet. Versuchen Sie es gleich noch einmal.',
    platform_unavailable:
      'Die Plattform antwortet gerade nicht. Versuchen Sie es gleich noch einmal.',
    store_unavailable:
      'Der Server ist kurz ausgelastet. Versuchen Sie es in ein paar Sekunden erneut.',
  };

  return {
    name: 'Name des Avatars',
    alias: 'Alias',
    face: 'Gesicht',
    voice: 'Stimme',
    language: 'Sprache',
    recognition: 'Spracherkennung',
    mode: 'Betriebsmodus',
    pluginName: 'Name des Plugins',
    pluginUrl: 'Adresse des Dienstes',
    pluginOptions: 'Optionen',
    flowKey: 'Voiceflow-API-Schlüssel',
    greetings: 'Begrüßung',
    prompt: 'Systemprompt',
    suggestions: 'Vorschläge',

    oc: 'Offenes Gespräch',
    ttt: 'Text zu Video (spricht den vorgegebenen Text)',
    doc_qa: 'Antworten aus Dokumenten',
    plugin: 'Plugin (Ihr eigener Gesprächsdienst)',
    voiceflow: 'Voiceflow (eine Plattform für Gesprächsdesign)',

    namePlaceholder: 'Lena',
    streaming: 'Streaming-Avatar',
    streamingHint:
      'Video in Echtzeit. Nur offenes Gespräch, nur Stimmen des Streaming-Anbieters (die Stimmenliste nennt ihn), keine Begrüßung, kein Alias und keine Vorschläge; die Satzaufteilung wird nach dem Erstellen ausgeschaltet.',
    aliasHint: 'Ein weiterer Name, auf den der Avatar hört (optional).',
    sameLanguage: 'Wie die Sprache',
    modeHint: 'Streaming-Avatare nutzen das offene Gespräch.',
    docQa:
      'Dokumente für einen doc_qa-Avatar laden Sie in den Werkzeugen der Plattform hoch, nicht über diese API. Erstellen Sie den Avatar hier und fügen Sie seine Wissensbasis dort hinzu.',
    flowKeyHint:
      'Aus den Integrationseinstellungen Ihres Voiceflow-Projekts. Wird einmal an die Plattform gesendet und danach nie wieder angezeigt.',
    greetingsPlaceholder: 'Hallo! Wie kann ich helfen?',
    greetingsHint: 'Was der Avatar als Erstes sagt (optional).',
    promptHint:
      'Wie sich der Avatar verhält, z. B. „Du bist ein freundlicher Berater für unseren Shop.“',
    suggestionsHint: 'Fragen, die Besuchern vorgeschlagen werden, eine pro Zeile (optional).',
    pluginGroup: 'Plugin',
    pluginUrlHint:
      'Die Plattform sendet jede Nachricht an diese Adresse + /conversation/{user}/message.',
    ownPlugin: 'Plugin dieser Website:',
    ownPluginPrivate: '(vertraulich: enthält das Callback-Secret).',
    pluginOptionsHint:
      'Wird mit jeder Nachricht an Ihren Dienst gesendet: eine Angabe Schlüssel=Wert pro Zeile (optional).',

    create: 'Avatar erstellen',
    creating: 'Wird erstellt …',
    clear: 'Zurücksetzen',
    finish: 'Satzaufteilung ausschalten',
    progress: 'Der Avatar wird erstellt …',
    progressStreaming: 'Der Avatar wird erstellt, danach wird seine Satzaufteilung ausgeschaltet …',

    nameMissing: 'Geben Sie dem Avatar einen Namen.',
    faceMissing: 'Wählen Sie ein Gesicht für den Avatar.',
    voiceMissing: 'Wählen Sie eine Stimme.',
    pluginNameMissing: 'Geben Sie dem Plugin einen Namen.',
    pluginUrlInvalid:
      'Geben Sie die Adresse Ihres Gesprächsdienstes an, z. B. https://bot.example.com/api (die Plattform hängt /conversation/… an).',
    pluginOptionsLine: (line) =>
      `Schreiben Sie eine Option pro Zeile als Schlüssel=Wert (Zeile ${n(line)} ist keine).`,
    flowKeyMissing: 'Fügen Sie den Voiceflow-API-Schlüssel Ihres Projekts ein.',

    checkFields: (fields) => `Der Avatar wurde nicht erstellt. Prüfen Sie: ${list(fields)}.`,
    notCreated: (why) => `Der Avatar wurde nicht erstellt. ${why}`,
    unexpected: 'Der Avatar konnte nicht erstellt werden. Versuchen Sie es erneut.',
    seeMarked: 'Die Plattform hat den Avatar nicht angenommen: Prüfen Sie die markierten Felder.',
    refused: (code) => refusals[code] ?? '',
    fieldRefused: (code) =>
      code === 'voice_not_available'
        ? refusals[code]!
        : 'Die Plattform hat diesen Wert nicht angenommen.',
    splitterFailed: (name) =>
      `${name} wurde erstellt, aber die Plattform hat die Satzaufteilung nicht ausgeschaltet. Bei einem Streaming-Avatar muss sie aus sein.`,
    splitterStillOn: (why) =>
      `Die Satzaufteilung ist noch eingeschaltet. ${why ?? 'Versuchen Sie es erneut.'}`,

    ready: (name) => `${name} ist bereit`,
    headId: 'Avatar-ID',
    publicId: 'Öffentliche ID',
    modeTerm: 'Modus',
    streamingResult: (mode) => `${mode}, Streaming (Satzaufteilung aus)`,
    another: 'Weiteren Avatar erstellen',

    embedTitle: 'Einbettungscode',
    embedHint: 'Fügen Sie ihn in eine beliebige Seite oder einen HTML-Block Ihres CMS ein.',
    noBundle:
      'Dieser Server stellt das dh-kit-Bundle nicht bereit: Laden Sie das Kit zuerst auf dieser Seite (über npm oder Ihr CDN).',
    layout: 'Darstellung',
    inline: 'In der Seite',
    bubble: 'Chat-Blase',
    copy: 'Kopieren',
    copied: 'Kopiert.',
    selected: 'Markiert: Drücken Sie Strg+C (⌘C) zum Kopieren.',
    whereTitle: 'Wo werden Sie ihn einfügen?',
    whereHint:
      'Eine Seite auf einer anderen Website zeigt den Avatar erst, wenn diese Website hier zugelassen ist.',
    allowedNow: (list) => `Jetzt zugelassen: ${list}.`,
    onlyThisSite: 'Jetzt zugelassen: nur die Seiten dieser Website.',
    whereLabel: 'Adresse der Seite oder Website',
    allow: 'Diese Website zulassen',
    allowedDone: (origin) => `${origin} kann den Avatar jetzt zeigen.`,
    notAnAddress: 'Geben Sie die Adresse einer Website an, etwa https://shop.example.',
    allowFailed:
      'Die Website konnte nicht zugelassen werden. Versuchen Sie es erneut oder fragen Sie die Administration des Servers.',
  } satisfies HeadFormMessages;
};
