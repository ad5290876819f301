/** The version package.json gives the package: what the proxy's /health must say. */
import { readFileSync } from 'node:fs';

export const PACKAGE_VERSION: string = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;
