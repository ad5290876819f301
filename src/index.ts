/**
 * `dh-kit` in the browser: the single-file bundle's entry. It registers every element of the kit
 * as they are added; today it carries the proxy client the elements share.
 */
export { ApiRequestError, requestJson, routeUrl, type RequestOptions } from './api/client.js';
export * from './api/schemas.js';
