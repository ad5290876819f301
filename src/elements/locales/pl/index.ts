/** Polish (polski): every element's messages (added by register.ts, or fetched by auto.ts when an element first shows Polish).
 * Register: informal "ty" ("Spróbuj ponownie"); a name is never declined, so it stands where the nominative is right.
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
  network: 'Usługa jest w tej chwili niedostępna. Spróbuj ponownie za chwilę.',
  offline: 'Jesteś offline. Sprawdź połączenie z internetem i spróbuj ponownie.',
  rate_limited: 'W tej chwili jest zbyt wiele żądań. Spróbuj ponownie za chwilę.',
  launch_expired: 'Ten link do rozmowy wygasł. Odśwież stronę.',
  launch_invalid: 'Ten link do rozmowy jest nieprawidłowy. Odśwież stronę.',
  head_not_published: 'Ten cyfrowy człowiek nie jest dostępny w tej witrynie.',
  not_found: 'Nie znaleziono.',
  stream_unavailable: 'Widok wideo nie jest dostępny w tej witrynie.',
  unsafe_url: 'Ten link do rozmowy został odrzucony ze względów bezpieczeństwa.',
  admin_required: 'Aby to zrobić, zaloguj się jako administrator.',
  admin_closed: 'Panel administracyjny jest na tym serwerze zamknięty.',
  video_cap_reached: 'Osiągnięto dzienny limit filmów. Spróbuj ponownie jutro.',
  video_timeout:
    'Film nie jest jeszcze gotowy. Jeśli nadal powstaje, pojawi się później wśród wcześniejszych filmów.',
  video_unavailable: 'Nie udało się pobrać filmu. Spróbuj ponownie za chwilę.',
  video_unplayable: 'Nie można odtworzyć tego filmu.',
  platform_unavailable:
    'Platforma awatarów w tej chwili nie odpowiada. Spróbuj ponownie za chwilę.',
  platform_timeout: 'Platforma awatarów zbyt długo nie odpowiadała. Spróbuj ponownie za chwilę.',
  platform_busy: 'Platforma awatarów jest w tej chwili przeciążona. Spróbuj ponownie za chwilę.',
  platform_auth_failed:
    'Połączenie tej witryny z platformą awatarów nie jest poprawnie skonfigurowane. Właściciel witryny znajdzie szczegóły w dzienniku serwera.',
  platform_forbidden:
    'Konto tej witryny na platformie awatarów nie pozwala teraz na tę operację. Właściciel witryny znajdzie szczegóły w dzienniku serwera.',
  head_busy:
    'Ten cyfrowy człowiek rozmawia teraz z innymi odwiedzającymi. Spróbuj ponownie za minutę.',
  head_budget_spent: 'Ten cyfrowy człowiek nie ma już dziś czasu na rozmowy. Wróć jutro.',
  visitor_daily_limit: 'Wykorzystano już dzisiejsze rozmowy na tej stronie. Wróć jutro.',
};

/** The catalogue, given the formats of this locale (the kit passes them: this module imports nothing). */
export default (f: Formats): Catalogue => ({
  shared: {
    error: (code) => errors[code as VisitorCode] ?? 'Coś poszło nie tak. Spróbuj ponownie.',
    tryAgain: 'Spróbuj ponownie',
  },
  avatar: avatar(f),
  ...pickers(f),
  headForm: headForm(f),
  videoStudio: videoStudio(f),
  insights: insights(f),
});
