/** `import 'dh-kit/locales/es'`: the elements speak Spanish (español) where the page or an element says `lang="es"`. */
import { addLocale } from '../../localized.js';
import catalogue from './index.js';

addLocale('es', catalogue);
