/** Italian (italiano): every element's messages (added by register.ts, or fetched by auto.ts when an element first shows Italian).
 * Register: «tu».
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
  network: 'Il servizio non è raggiungibile in questo momento. Riprova tra poco.',
  offline: 'Sei offline. Controlla la connessione a Internet e riprova.',
  rate_limited: 'Troppe richieste in questo momento. Riprova tra poco.',
  launch_expired: 'Questo link di conversazione è scaduto. Ricarica la pagina.',
  launch_invalid: 'Questo link di conversazione non è valido. Ricarica la pagina.',
  head_not_published: 'Questo umano digitale non è disponibile su questo sito.',
  not_found: 'Non trovato.',
  stream_unavailable: 'La visualizzazione video non è disponibile su questo sito.',
  unsafe_url: 'Questo link di conversazione è stato rifiutato per motivi di sicurezza.',
  admin_required: 'Per questa operazione devi accedere come amministratore.',
  admin_closed: 'L’area di amministrazione è chiusa su questo server.',
  video_cap_reached: 'È stato raggiunto il limite giornaliero di video. Riprova domani.',
  video_timeout:
    'Il video non è ancora pronto. Se è ancora in preparazione, comparirà più tardi tra i video precedenti.',
  video_unavailable: 'Impossibile recuperare il video. Riprova tra poco.',
  video_unplayable: 'Impossibile riprodurre questo video.',
  platform_unavailable: 'Al momento la piattaforma degli avatar non risponde. Riprova tra poco.',
  platform_timeout:
    'La piattaforma degli avatar ha impiegato troppo tempo a rispondere. Riprova tra poco.',
  platform_busy: 'La piattaforma degli avatar è sovraccarica in questo momento. Riprova tra poco.',
  platform_auth_failed:
    'Il collegamento di questo sito alla piattaforma degli avatar non è configurato correttamente. Il gestore del sito trova i dettagli nel log del server.',
  platform_forbidden:
    'L’account di questo sito sulla piattaforma degli avatar al momento non consente questa operazione. Il gestore del sito trova i dettagli nel log del server.',
  head_busy:
    'Questo essere umano digitale sta parlando con altri visitatori in questo momento. Riprova tra un minuto.',
  head_budget_spent:
    'Questo essere umano digitale non ha più tempo per conversazioni oggi. Torna domani.',
  visitor_daily_limit: 'Hai già avuto le tue conversazioni di oggi qui. Torna domani.',
};

/** The catalogue, given the formats of this locale (the kit passes them: this module imports nothing). */
export default (f: Formats): Catalogue => ({
  shared: {
    error: (code) => errors[code as VisitorCode] ?? 'Si è verificato un errore. Riprova.',
    tryAgain: 'Riprova',
  },
  avatar: avatar(f),
  ...pickers(f),
  headForm: headForm(f),
  videoStudio: videoStudio(f),
  insights: insights(f),
});
