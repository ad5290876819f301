/** `import 'dh-kit/locales/ja'`: the elements speak Japanese (日本語) where the page or an element says `lang="ja"`. */
import { addLocale } from '../../localized.js';
import catalogue from './index.js';

addLocale('ja', catalogue);
