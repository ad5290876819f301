import type { HeadFormMessages } from '../../head-form/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, list }: Formats) => {
  /** Why the platform refused the avatar, by error code (other codes: the shared texts). */
  const refusals: Record<string, string> = {
    invalid_request: 'Platforma nie przyjęła podanych danych. Sprawdź pola.',
    platform_bad_request: 'Platforma odrzuciła żądanie. Sprawdź podane dane.',
    voice_not_available: 'Ten głos nie jest dostępny na platformie. Wybierz inny.',
    not_found: 'Platforma nie może znaleźć czegoś, czego używa awatar: sprawdź twarz i głos.',
    platform_auth_failed:
      'Połączenie tej witryny z platformą awatarów jest źle skonfigurowane. Szczegóły znajdziesz w logu serwera.',
    platform_forbidden:
      'Konto tej witryny na platformie awatarów nie pozwala teraz na tę operację. Szczegóły znajdziesz w logu serwera.',
    platform_busy: 'Platforma jest przeciążona. Spróbuj ponownie za minutę.',
    platform_timeout: 'Platforma zbyt długo nie odpowiadała. Spróbuj ponownie za chwilę.',
    platform_unavailable: 'Platforma w tej chwili nie odpowiada. Spróbuj ponownie za chwilę.',
    store_unavailable: 'Serwer jest chwilowo zajęty. Spróbuj ponownie za kilka sekund.',
  };

  return {
    name: 'Nazwa awatara',
    alias: 'Alias',
    face: 'Twarz',
    voice: 'Głos',
    language: 'Język',
    recognition: 'Rozpoznawanie mowy',
    mode: 'Tryb działania',
    pluginName: 'Nazwa wtyczki',
    pluginUrl: 'Adres usługi',
    pluginOptions: 'Opcje',
    flowKey: 'Klucz API Voiceflow',
    greetings: 'Powitanie',
    prompt: 'Prompt systemowy',
    suggestions: 'Sugestie',

    oc: 'Swobodna rozmowa',
    ttt: 'Tekst na wideo (powtarza otrzymany tekst)',
    doc_qa: 'Odpowiedzi na podstawie dokumentów',
    plugin: 'Wtyczka (własna usługa rozmów)',
    voiceflow: 'Voiceflow (platforma do projektowania rozmów)',

    namePlaceholder: 'Zofia',
    streaming: 'Awatar strumieniowy',
    streamingHint:
      'Wideo w czasie rzeczywistym. Tylko swobodna rozmowa, tylko głosy dostawcy streamingu (podaje go lista głosów), bez powitania, aliasu i sugestii; dzielenie na zdania zostaje wyłączone po utworzeniu.',
    aliasHint: 'Inna nazwa, na którą awatar reaguje (opcjonalnie).',
    sameLanguage: 'Taki sam jak język',
    modeHint: 'Awatary strumieniowe korzystają ze swobodnej rozmowy.',
    docQa:
      'Dokumenty awatara doc_qa przesyła się w narzędziach samej platformy: to API ich nie przyjmuje. Utwórz awatara tutaj, a potem dodaj jego bazę wiedzy na platformie.',
    flowKeyHint:
      'Znajdziesz go w ustawieniach integracji projektu Voiceflow. Zostanie wysłany do platformy tylko raz i nie będzie już wyświetlany.',
    greetingsPlaceholder: 'Cześć! W czym mogę pomóc?',
    greetingsHint: 'Co awatar mówi na początku (opcjonalnie).',
    promptHint: 'Jak zachowuje się awatar, np. „Jesteś życzliwym przewodnikiem po naszym sklepie”.',
    suggestionsHint: 'Pytania proponowane odwiedzającym, jedno w wierszu (opcjonalnie).',
    pluginGroup: 'Wtyczka',
    pluginUrlHint: 'Platforma wysyła każdą wiadomość na ten adres + /conversation/{user}/message.',
    ownPlugin: 'Wtyczka tej witryny:',
    ownPluginPrivate: '(poufne: zawiera sekret callbacku).',
    pluginOptionsHint:
      'Wysyłane do usługi z każdą wiadomością: jedna para klucz=wartość w wierszu (opcjonalnie).',

    create: 'Utwórz awatara',
    creating: 'Tworzenie…',
    clear: 'Wyczyść',
    finish: 'Wyłącz dzielenie na zdania',
    progress: 'Tworzenie awatara…',
    progressStreaming: 'Tworzenie awatara, a potem wyłączanie dzielenia na zdania…',

    nameMissing: 'Nadaj awatarowi nazwę.',
    faceMissing: 'Wybierz twarz awatara.',
    voiceMissing: 'Wybierz głos.',
    pluginNameMissing: 'Nadaj wtyczce nazwę.',
    pluginUrlInvalid:
      'Podaj adres swojej usługi rozmów, np. https://bot.example.com/api (platforma dopisuje /conversation/…).',
    pluginOptionsLine: (line) =>
      `Wpisz jedną opcję w wierszu w postaci klucz=wartość (wiersz ${n(line)} ma inną postać).`,
    flowKeyMissing: 'Wklej klucz API Voiceflow swojego projektu.',

    checkFields: (fields) => `Awatar nie został utworzony. Sprawdź: ${list(fields)}.`,
    notCreated: (why) => `Awatar nie został utworzony. ${why}`,
    unexpected: 'Nie udało się utworzyć awatara. Spróbuj ponownie.',
    seeMarked: 'Platforma nie przyjęła awatara: sprawdź zaznaczone pola.',
    refused: (code) => refusals[code] ?? '',
    fieldRefused: (code) =>
      code === 'voice_not_available' ? refusals[code]! : 'Platforma nie przyjęła tej wartości.',
    splitterFailed: (name) =>
      `Awatar ${name} został utworzony, ale platforma nie wyłączyła dzielenia na zdania, a awatar strumieniowy tego wymaga.`,
    splitterStillOn: (why) =>
      `Dzielenie na zdania jest nadal włączone. ${why ?? 'Spróbuj ponownie.'}`,

    ready: (name) => `Awatar ${name} jest gotowy`,
    headId: 'ID awatara',
    publicId: 'Publiczny identyfikator',
    modeTerm: 'Tryb',
    streamingResult: (mode) => `${mode}, strumieniowy (dzielenie na zdania wyłączone)`,
    another: 'Utwórz kolejnego awatara',

    embedTitle: 'Kod do osadzenia',
    embedHint: 'Wklej go na dowolnej stronie lub w bloku HTML swojego CMS-a.',
    noBundle:
      'Ten serwer nie udostępnia pakietu dh-kit: najpierw załaduj kit na tej stronie (przez npm lub swój CDN).',
    layout: 'Układ',
    inline: 'Na stronie',
    bubble: 'Dymek czatu',
    copy: 'Kopiuj',
    copied: 'Skopiowano.',
    selected: 'Zaznaczono: naciśnij Ctrl+C (⌘C), aby skopiować.',
    whereTitle: 'Gdzie go wkleisz?',
    whereHint:
      'Strona w innej witrynie pokaże awatara dopiero wtedy, gdy ta witryna zostanie tu dopuszczona.',
    allowedNow: (list) => `Dopuszczone teraz: ${list}.`,
    onlyThisSite: 'Dopuszczone teraz: tylko strony tej witryny.',
    whereLabel: 'Adres strony lub witryny',
    allow: 'Dopuść tę witrynę',
    allowedDone: (origin) => `${origin} może teraz pokazywać awatara.`,
    notAnAddress: 'Podaj adres witryny, na przykład https://shop.example.',
    allowFailed:
      'Nie udało się dopuścić witryny. Spróbuj ponownie lub zapytaj administratora serwera.',
  } satisfies HeadFormMessages;
};
