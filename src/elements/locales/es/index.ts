/** Spanish (español): every element's messages (added by register.ts, or fetched by auto.ts when an element first shows Spanish).
 * Register: «tú»; neutral Spanish for Spain and Latin America ("video", not "vídeo").
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
  network: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos instantes.',
  offline: 'No tienes conexión. Comprueba tu conexión a Internet e inténtalo de nuevo.',
  rate_limited: 'Hay demasiadas solicitudes en este momento. Inténtalo de nuevo en unos instantes.',
  launch_expired: 'Este enlace de conversación expiró. Vuelve a cargar la página.',
  launch_invalid: 'Este enlace de conversación no es válido. Vuelve a cargar la página.',
  head_not_published: 'Este humano digital no está disponible en este sitio web.',
  not_found: 'No se encontró.',
  stream_unavailable: 'La vista de video no está disponible en este sitio web.',
  unsafe_url: 'Se rechazó este enlace de conversación por motivos de seguridad.',
  admin_required: 'Para esto, debes iniciar sesión como administrador.',
  admin_closed: 'El área de administración está cerrada en este servidor.',
  video_cap_reached: 'Se alcanzó el límite diario de videos. Inténtalo de nuevo mañana.',
  video_timeout:
    'El video aún no está listo. Si todavía se está creando, aparecerá más tarde entre los videos anteriores.',
  video_unavailable: 'No se pudo obtener el video. Inténtalo de nuevo en unos instantes.',
  video_unplayable: 'No se puede reproducir este video.',
  platform_unavailable:
    'La plataforma de avatares no responde en este momento. Inténtalo de nuevo en unos instantes.',
  platform_timeout:
    'La plataforma de avatares tardó demasiado en responder. Inténtalo de nuevo en unos instantes.',
  platform_busy:
    'La plataforma de avatares está saturada en este momento. Inténtalo de nuevo en unos instantes.',
  platform_auth_failed:
    'La conexión de este sitio con la plataforma de avatares no está bien configurada. El responsable del sitio encontrará los detalles en el registro del servidor.',
  platform_forbidden:
    'La cuenta de este sitio en la plataforma de avatares no permite hacer esto ahora. El responsable del sitio encontrará los detalles en el registro del servidor.',
  head_busy:
    'Este humano digital está hablando con otros visitantes ahora mismo. Inténtalo de nuevo dentro de un minuto.',
  head_budget_spent:
    'Este humano digital no tiene más tiempo para conversaciones hoy. Vuelve mañana.',
  visitor_daily_limit: 'Ya has tenido tus conversaciones de hoy aquí. Vuelve mañana.',
};

/** The catalogue, given the formats of this locale (the kit passes them: this module imports nothing). */
export default (f: Formats): Catalogue => ({
  shared: {
    error: (code) => errors[code as VisitorCode] ?? 'Algo salió mal. Inténtalo de nuevo.',
    tryAgain: 'Reintentar',
  },
  avatar: avatar(f),
  ...pickers(f),
  headForm: headForm(f),
  videoStudio: videoStudio(f),
  insights: insights(f),
});
