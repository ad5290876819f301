/** French (français): every element's messages (added by register.ts, or fetched by auto.ts when an element first shows French).
 * Register: « vous ».
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
  network: 'Le service est injoignable pour le moment. Réessayez dans quelques instants.',
  offline: 'Vous êtes hors ligne. Vérifiez votre connexion Internet et réessayez.',
  rate_limited: 'Trop de demandes en ce moment. Réessayez dans quelques instants.',
  launch_expired: 'Ce lien de conversation a expiré. Rechargez la page.',
  launch_invalid: 'Ce lien de conversation n’est pas valide. Rechargez la page.',
  head_not_published: 'Cet humain numérique n’est pas disponible sur ce site.',
  not_found: 'Introuvable.',
  stream_unavailable: 'La vue vidéo n’est pas disponible sur ce site.',
  unsafe_url: 'Ce lien de conversation a été refusé pour des raisons de sécurité.',
  admin_required: 'Cette action nécessite une connexion administrateur.',
  admin_closed: 'L’espace d’administration est fermé sur ce serveur.',
  video_cap_reached: 'La limite quotidienne de vidéos est atteinte. Réessayez demain.',
  video_timeout:
    'La vidéo n’est pas encore prête. Si sa création est toujours en cours, elle apparaîtra plus tard parmi les vidéos précédentes.',
  video_unavailable: 'Impossible de récupérer la vidéo. Réessayez dans quelques instants.',
  video_unplayable: 'Impossible de lire cette vidéo.',
  platform_unavailable:
    'La plateforme d’avatars ne répond pas pour le moment. Réessayez dans quelques instants.',
  platform_timeout:
    'La plateforme d’avatars a mis trop de temps à répondre. Réessayez dans quelques instants.',
  platform_busy:
    'La plateforme d’avatars est saturée en ce moment. Réessayez dans quelques instants.',
  platform_auth_failed:
    'La connexion de ce site à la plateforme d’avatars n’est pas correctement configurée. Le responsable du site trouvera les détails dans le journal du serveur.',
  platform_forbidden:
    'Le compte de ce site sur la plateforme d’avatars ne permet pas cette action pour le moment. Le responsable du site trouvera les détails dans le journal du serveur.',
  head_busy:
    'Cet humain numérique parle avec d’autres visiteurs en ce moment. Réessayez dans une minute.',
  head_budget_spent:
    'Cet humain numérique n’a plus de temps pour des conversations aujourd’hui. Revenez demain.',
  visitor_daily_limit: 'Vous avez eu toutes vos conversations d’aujourd’hui ici. Revenez demain.',
};

/** The catalogue, given the formats of this locale (the kit passes them: this module imports nothing). */
export default (f: Formats): Catalogue => ({
  shared: {
    error: (code) =>
      errors[code as VisitorCode] ?? 'Une erreur s’est produite. Veuillez réessayer.',
    tryAgain: 'Réessayer',
  },
  avatar: avatar(f),
  ...pickers(f),
  headForm: headForm(f),
  videoStudio: videoStudio(f),
  insights: insights(f),
});
