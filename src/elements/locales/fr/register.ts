/** `import 'dh-kit/locales/fr'`: the elements speak French (français) where the page or an element says `lang="fr"`. */
import { addLocale } from '../../localized.js';
import catalogue from './index.js';

addLocale('fr', catalogue);
