/** `import 'dh-kit/locales/nl'`: the elements speak Dutch (Nederlands) where the page or an element says `lang="nl"`. */
import { addLocale } from '../../localized.js';
import catalogue from './index.js';

addLocale('nl', catalogue);
