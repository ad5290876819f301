/** `import 'dh-kit/locales/de'`: the elements speak German (Deutsch) where the page or an element says `lang="de"`. */
import { addLocale } from '../../localized.js';
import catalogue from './index.js';

addLocale('de', catalogue);
