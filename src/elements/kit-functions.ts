/**
 * The kit-wide functions that each element's entry (`dh-kit/avatar`, `dh-kit/face-picker`, …)
 * has exported beside its element: kept, from this one place, until the next major version.
 * Their own entries are `dh-kit/configure` (`configure`: the proxies the page trusts) and
 * `dh-kit/messages` (`setMessages`, `LOCALES`: the page's own words).
 */
export { configure, type KitOptions } from '../api/urls.js';
export { LOCALES, setMessages, type Catalogue, type Overrides } from './localized.js';
