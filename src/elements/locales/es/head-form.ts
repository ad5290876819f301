import type { HeadFormMessages } from '../../head-form/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, list }: Formats) => {
  /** Why the platform refused the avatar, by error code (other codes: the shared texts). */
  const refusals: Record<string, string> = {
    invalid_request: 'La plataforma no ha aceptado los datos. Revisa los campos.',
    platform_bad_request: 'La plataforma ha rechazado la solicitud. Revisa los datos.',
    voice_not_available: 'Esta voz no está disponible en la plataforma. Elige otra.',
    not_found: 'La plataforma no encuentra algo que usa el avatar: revisa el rostro y la voz.',
    platform_auth_failed:
      'La conexión de este sitio con la plataforma de avatares no está bien configurada. Encontrarás los detalles en el registro del servidor.',
    platform_forbidden:
      'La cuenta de este sitio en la plataforma de avatares no permite hacer esto ahora. Encontrarás los detalles en el registro del servidor.',
    platform_busy: 'La plataforma está saturada. Inténtalo de nuevo dentro de un minuto.',
    platform_timeout:
      'La plataforma ha tardado demasiado en responder. Inténtalo de nuevo en un momento.',
    platform_unavailable:
      'La plataforma no responde en este momento. Inténtalo de nuevo en un momento.',
    store_unavailable: 'El servidor está ocupado. Inténtalo de nuevo en unos segundos.',
  };

  return {
    name: 'Nombre del avatar',
    alias: 'Alias',
    face: 'Rostro',
    voice: 'Voz',
    language: 'Idioma',
    recognition: 'Reconocimiento de voz',
    mode: 'Modo de funcionamiento',
    pluginName: 'Nombre del plugin',
    pluginUrl: 'Dirección del servicio',
    pluginOptions: 'Opciones',
    flowKey: 'Clave de API de Voiceflow',
    greetings: 'Saludo',
    prompt: 'Prompt del sistema',
    suggestions: 'Sugerencias',

    oc: 'Conversación abierta',
    ttt: 'Texto a video (repite el texto que recibe)',
    doc_qa: 'Respuestas a partir de documentos',
    plugin: 'Plugin (tu propio servicio de conversación)',
    voiceflow: 'Voiceflow (una plataforma de diseño conversacional)',

    namePlaceholder: 'Lucía',
    streaming: 'Avatar en streaming',
    streamingHint:
      'Video en tiempo real. Solo conversación abierta, solo voces del proveedor de streaming (la lista de voces lo indica), sin saludo, alias ni sugerencias; la división en frases se desactiva después de crearlo.',
    aliasHint: 'Otro nombre al que responde el avatar (opcional).',
    sameLanguage: 'Igual que el idioma',
    modeHint: 'Los avatares en streaming usan la conversación abierta.',
    docQa:
      'Los documentos de un avatar doc_qa se suben con las herramientas de la propia plataforma: esta API no los admite. Crea el avatar aquí y añade después su base de conocimiento en la plataforma.',
    flowKeyHint:
      'Está en los ajustes de integración de tu proyecto de Voiceflow. Se envía una sola vez a la plataforma y no se vuelve a mostrar.',
    greetingsPlaceholder: '¡Hola! ¿En qué puedo ayudarte?',
    greetingsHint: 'Lo primero que dice el avatar (opcional).',
    promptHint: 'Cómo se comporta el avatar, p. ej., «Eres un guía amable de nuestra tienda».',
    suggestionsHint: 'Preguntas que se ofrecen al visitante, una por línea (opcional).',
    pluginGroup: 'Plugin',
    pluginUrlHint:
      'La plataforma envía cada mensaje a esta dirección + /conversation/{user}/message.',
    ownPlugin: 'Plugin de este sitio:',
    ownPluginPrivate: '(privado: contiene el secreto de callback).',
    pluginOptionsHint:
      'Se envían a tu servicio con cada mensaje: un par clave=valor por línea (opcional).',

    create: 'Crear avatar',
    creating: 'Creando…',
    clear: 'Restablecer',
    finish: 'Desactivar la división en frases',
    progress: 'Creando el avatar…',
    progressStreaming: 'Creando el avatar y desactivando después su división en frases…',

    nameMissing: 'Ponle un nombre al avatar.',
    faceMissing: 'Elige un rostro para el avatar.',
    voiceMissing: 'Elige una voz.',
    pluginNameMissing: 'Ponle un nombre al plugin.',
    pluginUrlInvalid:
      'Indica la dirección de tu servicio de conversación, p. ej., https://bot.example.com/api (la plataforma añade /conversation/…).',
    pluginOptionsLine: (line) =>
      `Escribe una opción por línea con el formato clave=valor (la línea ${n(line)} no lo cumple).`,
    flowKeyMissing: 'Pega la clave de API de Voiceflow de tu proyecto.',

    checkFields: (fields) => `No se ha creado el avatar. Revisa: ${list(fields)}.`,
    notCreated: (why) => `No se ha creado el avatar. ${why}`,
    unexpected: 'No se ha podido crear el avatar. Inténtalo de nuevo.',
    seeMarked: 'La plataforma no ha aceptado el avatar: revisa los campos marcados.',
    refused: (code) => refusals[code] ?? '',
    fieldRefused: (code) =>
      code === 'voice_not_available' ? refusals[code]! : 'La plataforma no ha aceptado este valor.',
    splitterFailed: (name) =>
      `Se ha creado el avatar ${name}, pero la plataforma no ha desactivado su división en frases, como requiere un avatar en streaming.`,
    splitterStillOn: (why) =>
      `La división en frases sigue activada. ${why ?? 'Inténtalo de nuevo.'}`,

    ready: (name) => `El avatar ${name} está listo`,
    headId: 'ID del avatar',
    publicId: 'ID público',
    modeTerm: 'Modo',
    streamingResult: (mode) => `${mode}, en streaming (división en frases desactivada)`,
    another: 'Crear otro avatar',

    embedTitle: 'Código para insertar',
    embedHint: 'Pégalo en cualquier página o en un bloque HTML de tu CMS.',
    noBundle:
      'Este servidor no ofrece el bundle de dh-kit: carga primero el kit en esa página (con npm o tu CDN).',
    layout: 'Presentación',
    inline: 'En la página',
    bubble: 'Burbuja de chat',
    copy: 'Copiar',
    copied: 'Copiado.',
    selected: 'Seleccionado: pulsa Ctrl+C (⌘C) para copiar.',
    whereTitle: '¿Dónde lo va a pegar?',
    whereHint:
      'Una página de otro sitio solo muestra el avatar cuando ese sitio está permitido aquí.',
    allowedNow: (list) => `Permitidos ahora: ${list}.`,
    onlyThisSite: 'Permitidas ahora: solo las páginas de este sitio.',
    whereLabel: 'Dirección de la página o del sitio',
    allow: 'Permitir este sitio',
    allowedDone: (origin) => `${origin} ya puede mostrar el avatar.`,
    notAnAddress: 'Indique la dirección de un sitio, por ejemplo https://shop.example.',
    allowFailed:
      'No se pudo permitir el sitio. Inténtelo de nuevo o consulte al administrador del servidor.',
  } satisfies HeadFormMessages;
};
