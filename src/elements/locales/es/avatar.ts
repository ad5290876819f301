import type { AvatarMessages } from '../../avatar/messages.js';
import type { Formats } from '../../shared/formats.js';

export default (_: Formats) => {
  return {
    title: (name) => (name ? `${name}, humano digital` : 'Humano digital'),
    talkTo: (name) => (name ? `Hablar con ${name}` : 'Hablar con el humano digital'),
    talkToUs: 'Habla con nosotros',
    speaks: (language) => `Habla ${language}`,
    connecting: (name) => (name ? `Conectando con ${name}…` : 'Conectando con el humano digital…'),
    micBlocked: 'Esta página no permite usar el micrófono: puedes escribir, pero no hablar.',
    unavailable: (name) => `${name ?? 'El humano digital'} no está disponible en este momento.`,
    close: 'Cerrar',
    closeLabel: (title) => `Cerrar ${title}`,
    unread: 'mensaje nuevo',
    dismiss: 'Cerrar aviso',
    consentNotice:
      'Esta conversación envía tu voz y lo que escribes a un servicio de humanos digitales.',
    consentLink: 'Aviso de privacidad',
    acceptAndTalk: 'Aceptar y hablar',
  } satisfies AvatarMessages;
};
