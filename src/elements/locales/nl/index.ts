/** Dutch (Nederlands): every element's messages (added by register.ts, or fetched by auto.ts when an element first shows Dutch).
 * Register: "je".
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
  network: 'De dienst is op dit moment niet bereikbaar. Probeer het zo opnieuw.',
  offline: 'Je bent offline. Controleer je internetverbinding en probeer het opnieuw.',
  rate_limited: 'Er zijn op dit moment te veel verzoeken. Probeer het zo opnieuw.',
  launch_expired: 'Deze gesprekslink is verlopen. Laad de pagina opnieuw.',
  launch_invalid: 'Deze gesprekslink is ongeldig. Laad de pagina opnieuw.',
  head_not_published: 'Deze digitale mens is niet beschikbaar op deze website.',
  not_found: 'Niet gevonden.',
  stream_unavailable: 'De videoweergave is niet beschikbaar op deze website.',
  unsafe_url: 'Deze gesprekslink is om veiligheidsredenen geweigerd.',
  admin_required: 'Hiervoor moet je inloggen als beheerder.',
  admin_closed: 'Het beheergedeelte is gesloten op deze server.',
  video_cap_reached: 'De daglimiet voor video’s is bereikt. Probeer het morgen opnieuw.',
  video_timeout:
    'De video is nog niet klaar. Als hij nog wordt gemaakt, verschijnt hij later bij de eerdere video’s.',
  video_unavailable: 'De video kon niet worden opgehaald. Probeer het zo opnieuw.',
  video_unplayable: 'Deze video kan niet worden afgespeeld.',
  platform_unavailable: 'Het avatarplatform reageert op dit moment niet. Probeer het zo opnieuw.',
  platform_timeout:
    'Het avatarplatform deed er te lang over om te antwoorden. Probeer het zo opnieuw.',
  platform_busy: 'Het avatarplatform is op dit moment overbelast. Probeer het zo opnieuw.',
  platform_auth_failed:
    'De verbinding van deze website met het avatarplatform is niet goed ingesteld. De beheerder van de website vindt de details in het serverlogboek.',
  platform_forbidden:
    'Het account van deze website bij het avatarplatform staat dit op dit moment niet toe. De beheerder van de website vindt de details in het serverlogboek.',
  head_busy:
    'Deze digitale mens praat nu met andere bezoekers. Probeer het over een minuut opnieuw.',
  head_budget_spent:
    'Deze digitale mens heeft vandaag geen tijd meer voor gesprekken. Kom morgen terug.',
  visitor_daily_limit: 'U hebt vandaag al uw gesprekken hier gehad. Kom morgen terug.',
};

/** The catalogue, given the formats of this locale (the kit passes them: this module imports nothing). */
export default (f: Formats): Catalogue => ({
  shared: {
    error: (code) => errors[code as VisitorCode] ?? 'Er is iets misgegaan. Probeer het opnieuw.',
    tryAgain: 'Opnieuw proberen',
  },
  avatar: avatar(f),
  ...pickers(f),
  headForm: headForm(f),
  videoStudio: videoStudio(f),
  insights: insights(f),
});
