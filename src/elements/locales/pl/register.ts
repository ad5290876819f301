/** `import 'dh-kit/locales/pl'`: the elements speak Polish (polski) where the page or an element says `lang="pl"`. */
import { addLocale } from '../../localized.js';
import catalogue from './index.js';

addLocale('pl', catalogue);
