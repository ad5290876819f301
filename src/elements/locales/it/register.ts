/** `import 'dh-kit/locales/it'`: the elements speak Italian (italiano) where the page or an element says `lang="it"`. */
import { addLocale } from '../../localized.js';
import catalogue from './index.js';

addLocale('it', catalogue);
