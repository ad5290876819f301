/** `import 'dh-kit/locales/pt'`: the elements speak Portuguese (português) where the page or an element says `lang="pt"`. */
import { addLocale } from '../../localized.js';
import catalogue from './index.js';

addLocale('pt', catalogue);
