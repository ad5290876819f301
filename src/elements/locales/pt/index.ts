/** Portuguese (português): every element's messages (added by register.ts, or fetched by auto.ts when an element first shows Portuguese).
 * Register: "você" (Brazilian Portuguese, the one `pt` usually means on the web).
 */
import type { VisitorCode } from '../../../api/errors.js';
import type { Catalogue } from '../../localized.js';
import type { Formats } from '../../shared/formats.js';
import avatar from './avatar.js';
import headForm from './head-form.js';
import insights from './insights.js';
import pickers from './pickers.js';
import videoStudio from './video-studio.js';

/** What a visitor reads for each error code (see shared/messages.ts); others get the last line. */
const errors: Record<VisitorCode, string> = {
  network: 'O serviço não está acessível no momento. Tente novamente em instantes.',
  offline: 'Você está offline. Verifique sua conexão com a internet e tente novamente.',
  rate_limited: 'Há muitas solicitações no momento. Tente novamente em instantes.',
  launch_expired: 'Este link de conversa expirou. Recarregue a página.',
  launch_invalid: 'Este link de conversa é inválido. Recarregue a página.',
  head_not_published: 'Este humano digital não está disponível neste site.',
  not_found: 'Não encontrado.',
  stream_unavailable: 'A visualização em vídeo não está disponível neste site.',
  unsafe_url: 'Este link de conversa foi recusado por motivos de segurança.',
  admin_required: 'Para isso, é preciso entrar como administrador.',
  admin_closed: 'A área administrativa está fechada neste servidor.',
  video_cap_reached: 'O limite diário de vídeos foi atingido. Tente novamente amanhã.',
  video_timeout:
    'O vídeo ainda não está pronto. Se ainda estiver sendo criado, ele aparecerá mais tarde entre os vídeos anteriores.',
  video_unavailable: 'Não foi possível obter o vídeo. Tente novamente em instantes.',
  video_unplayable: 'Não é possível reproduzir este vídeo.',
  platform_unavailable:
    'A plataforma de avatares não está respondendo no momento. Tente novamente em instantes.',
  platform_timeout:
    'A plataforma de avatares demorou demais para responder. Tente novamente em instantes.',
  platform_busy:
    'A plataforma de avatares está sobrecarregada no momento. Tente novamente em instantes.',
  platform_auth_failed:
    'A conexão deste site com a plataforma de avatares não está configurada corretamente. O responsável pelo site encontra os detalhes no log do servidor.',
  platform_forbidden:
    'A conta deste site na plataforma de avatares não permite fazer isso no momento. O responsável pelo site encontra os detalhes no log do servidor.',
  head_busy:
    'Este humano digital está falando com outros visitantes agora. Tente novamente em um minuto.',
  head_budget_spent: 'Este humano digital não tem mais tempo para conversas hoje. Volte amanhã.',
  visitor_daily_limit: 'Você já teve suas conversas de hoje aqui. Volte amanhã.',
};

/** The catalogue, given the formats of this locale (the kit passes them: this module imports nothing). */
export default (f: Formats): Catalogue => ({
  shared: {
    error: (code) => errors[code as VisitorCode] ?? 'Algo deu errado. Tente novamente.',
    tryAgain: 'Tentar novamente',
  },
  avatar: avatar(f),
  ...pickers(f),
  headForm: headForm(f),
  videoStudio: videoStudio(f),
  insights: insights(f),
});
