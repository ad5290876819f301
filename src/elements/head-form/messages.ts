/** The English messages of `<dh-head-form>` (the catalogue's `headForm` section; see elements/localized.ts). */
export const headFormMessages = {
  // The fields' labels (also how the form-level message names them).
  /** A "head" is the platform's word for a digital human, a conversational video avatar. */
  name: 'Head name',
  /** Another name the head answers to. */
  alias: 'Alias',
  face: 'Face',
  voice: 'Voice',
  language: 'Language',
  recognition: 'Speech recognition',
  mode: 'Operation mode',
  pluginName: 'Plugin name',
  pluginUrl: 'Service address',
  pluginOptions: 'Options',
  flowKey: 'Voiceflow API key',
  greetings: 'Greeting',
  prompt: 'System prompt',
  suggestions: 'Suggestions',

  // The operation modes (options of "Operation mode").
  oc: 'Open conversation',
  ttt: 'Text to video (repeats the text it is given)',
  doc_qa: 'Answers from documents',
  plugin: 'Plugin (your own conversation service)',
  voiceflow: 'Voiceflow (a conversation-design platform)',

  /** An example head name, in the empty name field. */
  namePlaceholder: 'Ava',
  /** The switch: a head that streams real-time video. */
  streaming: 'Streaming avatar',
  streamingHint:
    'Real-time video. Open conversation only, the streaming provider’s voices only (the voice list names it), no greeting, alias or suggestions; the sentence splitter is turned off after creation.',
  aliasHint: 'Another name the head answers to (optional).',
  /** The first option of "Speech recognition". */
  sameLanguage: 'Same as the language',
  modeHint: 'Streaming avatars use open conversation.',
  docQa:
    'Documents for a doc_qa head are uploaded in the platform’s own tools: this API does not take them. Create the head here, then add its knowledge base there.',
  flowKeyHint:
    'From your Voiceflow project’s integration settings. Sent to the platform once; never shown again.',
  /** An example greeting, in the empty field. */
  greetingsPlaceholder: 'Hi! How can I help?',
  greetingsHint: 'What the head says first (optional).',
  promptHint: 'How the head behaves, e.g. “You are a friendly guide for our shop.”',
  suggestionsHint: 'Questions offered to the visitor, one per line (optional).',
  /** The legend of the plugin mode's fields. */
  pluginGroup: 'Plugin',
  pluginUrlHint: 'The platform posts each message to this address + /conversation/{user}/message.',
  /** Before the address of the site's own plugin (then `ownPluginPrivate`). */
  ownPlugin: 'This site’s plugin:',
  ownPluginPrivate: '(private: it holds the callback secret).',
  pluginOptionsHint: 'Sent with every message to your service: one key=value per line (optional).',

  create: 'Create head',
  creating: 'Creating…',
  clear: 'Clear',
  /** Finishes a streaming head whose sentence splitter the platform left on. */
  finish: 'Turn the splitter off',
  progress: 'Creating the head…',
  progressStreaming: 'Creating the head, then turning its sentence splitter off…',

  // The checks before anything is sent, next to each field.
  nameMissing: 'Give the head a name.',
  faceMissing: 'Choose a face for the head.',
  voiceMissing: 'Choose a voice.',
  pluginNameMissing: 'Give the plugin a name.',
  pluginUrlInvalid:
    'Give the address of your conversation service, such as https://bot.example.com/api (the platform appends /conversation/…).',
  pluginOptionsLine: (line: number): string =>
    `Write one option per line as key=value (line ${line} is not).`,
  flowKeyMissing: 'Paste the Voiceflow API key of your project.',

  /** The form-level alert after the checks: `fields` are the labels of the fields to check. */
  checkFields: (fields: string[]): string =>
    `The head was not created. Check ${new Intl.ListFormat('en-GB').format(fields)}.`,
  /** The form-level alert after a refusal; `why` is `refused`, else the shared error text. */
  notCreated: (why: string): string => `The head was not created. ${why}`,
  unexpected: 'The head could not be created. Try again.',
  seeMarked: 'The platform did not accept the head: see the marked fields.',
  /**
   * Why the proxy or the platform refused the head, by error code: English shows their words; a
   * locale gives its own text for the codes it knows, else '' (then the shared error text shows).
   */
  refused: (_code: string, message: string): string => message,
  /** Next to a field the platform refused (`invalid_request`, `voice_not_available`): English shows the proxy's words. */
  fieldRefused: (_code: string, message: string): string => message,
  splitterFailed: (name: string): string =>
    `${name} was created, but the platform did not turn its sentence splitter off, which a streaming avatar needs.`,
  /** `why`: the refusal's text; none when the request failed for another reason. */
  splitterStillOn: (why?: string): string => `The splitter is still on. ${why ?? 'Try again.'}`,

  // The new head.
  ready: (name: string): string => `${name} is ready`,
  headId: 'Head id',
  publicId: 'Public id',
  /** The term before the head's operation mode. */
  modeTerm: 'Mode',
  streamingResult: (mode: string): string => `${mode}, streaming (sentence splitter off)`,
  another: 'Create another head',

  // The embed code of the new head.
  embedTitle: 'Embed code',
  embedHint: 'Paste it into any page or a CMS HTML block.',
  noBundle:
    'This server does not serve the dh-kit bundle: load the kit on that page first (npm or your CDN).',
  /** The name of the choice between `inline` and `bubble`. */
  layout: 'Layout',
  inline: 'In the page',
  bubble: 'Chat bubble',
  copy: 'Copy',
  copied: 'Copied.',
  selected: 'Selected: press Ctrl+C (⌘C) to copy.',

  // Where the code may be pasted: the sites allowed to use this server.
  whereTitle: 'Where will you paste this?',
  whereHint: 'A page on another site shows the avatar only once that site is allowed here.',
  /** `list`: the allowed site addresses, comma-separated. */
  allowedNow: (list: string): string => `Allowed now: ${list}.`,
  onlyThisSite: 'Allowed now: only the pages of this site.',
  whereLabel: 'Address of the page or site',
  allow: 'Allow this site',
  allowedDone: (origin: string): string => `${origin} can show the avatar now.`,
  notAnAddress: 'Give the address of a site, such as https://shop.example.',
  allowFailed: 'The site could not be allowed. Try again, or ask the server’s administrator.',
};
export type HeadFormMessages = typeof headFormMessages;
