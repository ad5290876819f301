import type { HeadFormMessages } from '../../head-form/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, list }: Formats) => {
  /** Why the platform refused the avatar, by error code (other codes: the shared texts). */
  const refusals: Record<string, string> = {
    invalid_request: 'A plataforma não aceitou os dados informados. Verifique os campos.',
    platform_bad_request: 'A plataforma recusou a solicitação. Verifique os dados informados.',
    voice_not_available: 'Esta voz não está disponível na plataforma. Escolha outra.',
    not_found: 'A plataforma não encontrou algo que o avatar usa: verifique o rosto e a voz.',
    platform_auth_failed:
      'A conexão deste site com a plataforma de avatares não está configurada corretamente. Os detalhes estão no log do servidor.',
    platform_forbidden:
      'A conta deste site na plataforma de avatares não permite fazer isso agora. Os detalhes estão no log do servidor.',
    platform_busy: 'A plataforma está sobrecarregada. Tente novamente em um minuto.',
    platform_timeout: 'A plataforma demorou demais para responder. Tente novamente daqui a pouco.',
    platform_unavailable:
      'A plataforma não está respondendo no momento. Tente novamente daqui a pouco.',
    store_unavailable: 'O servidor está ocupado no momento. Tente novamente em alguns segundos.',
  };

  return {
    name: 'Nome do avatar',
    alias: 'Apelido',
    face: 'Rosto',
    voice: 'Voz',
    language: 'Idioma',
    recognition: 'Reconhecimento de fala',
    mode: 'Modo de operação',
    pluginName: 'Nome do plugin',
    pluginUrl: 'Endereço do serviço',
    pluginOptions: 'Opções',
    flowKey: 'Chave de API do Voiceflow',
    greetings: 'Saudação',
    prompt: 'Prompt do sistema',
    suggestions: 'Sugestões',

    oc: 'Conversa aberta',
    ttt: 'Texto para vídeo (repete o texto recebido)',
    doc_qa: 'Respostas a partir de documentos',
    plugin: 'Plugin (seu próprio serviço de conversa)',
    voiceflow: 'Voiceflow (uma plataforma de design de conversas)',

    namePlaceholder: 'Ana',
    streaming: 'Avatar em streaming',
    streamingHint:
      'Vídeo em tempo real. Somente conversa aberta, somente vozes do provedor de streaming (a lista de vozes indica qual), sem saudação, apelido ou sugestões; a divisão em frases é desativada após a criação.',
    aliasHint: 'Outro nome ao qual o avatar responde (opcional).',
    sameLanguage: 'Igual ao idioma',
    modeHint: 'Avatares em streaming usam a conversa aberta.',
    docQa:
      'Os documentos de um avatar doc_qa são enviados pelas ferramentas da própria plataforma: esta API não os aceita. Crie o avatar aqui e depois adicione a base de conhecimento dele na plataforma.',
    flowKeyHint:
      'Fica nas configurações de integração do seu projeto no Voiceflow. É enviada uma única vez à plataforma e nunca mais é exibida.',
    greetingsPlaceholder: 'Olá! Como posso ajudar?',
    greetingsHint: 'O que o avatar diz primeiro (opcional).',
    promptHint: 'Como o avatar se comporta, por exemplo: “Você é um guia simpático da nossa loja.”',
    suggestionsHint: 'Perguntas oferecidas ao visitante, uma por linha (opcional).',
    pluginGroup: 'Plugin',
    pluginUrlHint:
      'A plataforma envia cada mensagem para este endereço + /conversation/{user}/message.',
    ownPlugin: 'Plugin deste site:',
    ownPluginPrivate: '(privado: contém o segredo de callback).',
    pluginOptionsHint:
      'Enviadas ao seu serviço com cada mensagem: um par chave=valor por linha (opcional).',

    create: 'Criar avatar',
    creating: 'Criando…',
    clear: 'Limpar',
    finish: 'Desativar a divisão em frases',
    progress: 'Criando o avatar…',
    progressStreaming: 'Criando o avatar e, em seguida, desativando a divisão em frases…',

    nameMissing: 'Dê um nome ao avatar.',
    faceMissing: 'Escolha um rosto para o avatar.',
    voiceMissing: 'Escolha uma voz.',
    pluginNameMissing: 'Dê um nome ao plugin.',
    pluginUrlInvalid:
      'Informe o endereço do seu serviço de conversa, por exemplo https://bot.example.com/api (a plataforma acrescenta /conversation/…).',
    pluginOptionsLine: (line) =>
      `Escreva uma opção por linha no formato chave=valor (a linha ${n(line)} não está nesse formato).`,
    flowKeyMissing: 'Cole a chave de API do Voiceflow do seu projeto.',

    checkFields: (fields) => `O avatar não foi criado. Verifique: ${list(fields)}.`,
    notCreated: (why) => `O avatar não foi criado. ${why}`,
    unexpected: 'Não foi possível criar o avatar. Tente novamente.',
    seeMarked: 'A plataforma não aceitou o avatar: verifique os campos marcados.',
    refused: (code) => refusals[code] ?? '',
    fieldRefused: (code) =>
      code === 'voice_not_available' ? refusals[code]! : 'A plataforma não aceitou este valor.',
    splitterFailed: (name) =>
      `O avatar ${name} foi criado, mas a plataforma não desativou a divisão em frases, como exige um avatar em streaming.`,
    splitterStillOn: (why) => `A divisão em frases continua ativada. ${why ?? 'Tente novamente.'}`,

    ready: (name) => `O avatar ${name} está pronto`,
    headId: 'ID do avatar',
    publicId: 'ID público',
    modeTerm: 'Modo',
    streamingResult: (mode) => `${mode}, em streaming (divisão em frases desativada)`,
    another: 'Criar outro avatar',

    embedTitle: 'Código de incorporação',
    embedHint: 'Cole-o em qualquer página ou em um bloco HTML do seu CMS.',
    noBundle:
      'Este servidor não fornece o bundle do dh-kit: primeiro carregue o kit nessa página (via npm ou pela sua CDN).',
    layout: 'Layout',
    inline: 'Na página',
    bubble: 'Balão de chat',
    copy: 'Copiar',
    copied: 'Copiado.',
    selected: 'Selecionado: pressione Ctrl+C (⌘C) para copiar.',
    whereTitle: 'Onde vai colá-lo?',
    whereHint:
      'Uma página de outro site só mostra o avatar depois de esse site ser permitido aqui.',
    allowedNow: (list) => `Permitidos agora: ${list}.`,
    onlyThisSite: 'Permitidas agora: apenas as páginas deste site.',
    whereLabel: 'Endereço da página ou do site',
    allow: 'Permitir este site',
    allowedDone: (origin) => `${origin} já pode mostrar o avatar.`,
    notAnAddress: 'Indique o endereço de um site, por exemplo https://shop.example.',
    allowFailed:
      'Não foi possível permitir o site. Tente novamente ou fale com o administrador do servidor.',
  } satisfies HeadFormMessages;
};
