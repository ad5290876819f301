/** German (Deutsch): every element's messages (added by register.ts, or fetched by auto.ts when an element first shows German).
 * Register: „Sie“.
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
  network: 'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
  offline: 'Sie sind offline. Prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
  rate_limited: 'Zurzeit gibt es zu viele Anfragen. Bitte versuchen Sie es gleich noch einmal.',
  launch_expired: 'Dieser Gesprächslink ist abgelaufen. Laden Sie die Seite neu.',
  launch_invalid: 'Dieser Gesprächslink ist ungültig. Laden Sie die Seite neu.',
  head_not_published: 'Dieser digitale Mensch ist auf dieser Website nicht verfügbar.',
  not_found: 'Nicht gefunden.',
  stream_unavailable: 'Die Videoansicht ist auf dieser Website nicht verfügbar.',
  unsafe_url: 'Dieser Gesprächslink wurde aus Sicherheitsgründen abgelehnt.',
  admin_required: 'Dafür ist eine Anmeldung als Administrator nötig.',
  admin_closed: 'Der Verwaltungsbereich ist auf diesem Server geschlossen.',
  video_cap_reached: 'Das Tageslimit für Videos ist erreicht. Versuchen Sie es morgen wieder.',
  video_timeout:
    'Das Video ist noch nicht fertig. Falls es noch erstellt wird, erscheint es später bei den bisherigen Videos.',
  video_unavailable:
    'Das Video konnte nicht abgerufen werden. Bitte versuchen Sie es gleich noch einmal.',
  video_unplayable: 'Dieses Video lässt sich nicht abspielen.',
  platform_unavailable:
    'Die Avatar-Plattform antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.',
  platform_timeout:
    'Die Avatar-Plattform hat zu lange nicht geantwortet. Bitte versuchen Sie es gleich noch einmal.',
  platform_busy:
    'Die Avatar-Plattform ist gerade ausgelastet. Bitte versuchen Sie es gleich noch einmal.',
  platform_auth_failed:
    'Die Verbindung dieser Website zur Avatar-Plattform ist nicht richtig eingerichtet. Der Betreiber der Website findet die Einzelheiten im Serverprotokoll.',
  platform_forbidden:
    'Das Konto dieser Website bei der Avatar-Plattform lässt das gerade nicht zu. Der Betreiber der Website findet die Einzelheiten im Serverprotokoll.',
  head_busy:
    'Dieser digitale Mensch spricht gerade mit anderen Besuchern. Bitte versuchen Sie es in einer Minute noch einmal.',
  head_budget_spent:
    'Dieser digitale Mensch hat heute keine Zeit mehr für Gespräche. Bitte kommen Sie morgen wieder.',
  visitor_daily_limit:
    'Sie haben heute alle Gespräche hier geführt. Bitte kommen Sie morgen wieder.',
};

/** The catalogue, given the formats of this locale (the kit passes them: this module imports nothing). */
export default (f: Formats): Catalogue => ({
  shared: {
    error: (code) =>
      errors[code as VisitorCode] ?? 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    tryAgain: 'Erneut versuchen',
  },
  avatar: avatar(f),
  ...pickers(f),
  headForm: headForm(f),
  videoStudio: videoStudio(f),
  insights: insights(f),
});
