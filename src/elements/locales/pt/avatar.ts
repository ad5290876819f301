import type { AvatarMessages } from '../../avatar/messages.js';
import type { Formats } from '../../shared/formats.js';

export default (_: Formats) => {
  return {
    title: (name) => (name ? `${name}, humano digital` : 'Humano digital'),
    talkTo: (name) => (name ? `Falar com ${name}` : 'Falar com o humano digital'),
    talkToUs: 'Fale conosco',
    speaks: (language) => `Fala ${language}`,
    // "com": no "a"/"à" to agree with a name of unknown gender.
    connecting: (name) =>
      name ? `Iniciando conversa com ${name}…` : 'Iniciando conversa com o humano digital…',
    micBlocked: 'Esta página não permite o uso do microfone: você pode digitar, mas não falar.',
    unavailable: (name) => `${name ?? 'O humano digital'} não está disponível no momento.`,
    close: 'Fechar',
    closeLabel: (title) => `Fechar ${title}`,
    unread: 'nova mensagem',
    dismiss: 'Dispensar',
    consentNotice:
      'Esta conversa envia sua voz e o que você digita a um serviço de humanos digitais.',
    consentLink: 'Aviso de privacidade',
    acceptAndTalk: 'Aceitar e falar',
  } satisfies AvatarMessages;
};
