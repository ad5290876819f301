/** `import 'dh-kit/locales/ar'`: the elements speak Arabic (العربية) where the page or an element says `lang="ar"`. */
import { addLocale } from '../../localized.js';
import catalogue from './index.js';

addLocale('ar', catalogue);
