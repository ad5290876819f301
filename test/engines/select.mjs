/**
 * Which engines the cross-engine stage runs (`stageEngines`), and scripts/engines.mjs (how each
 * is found and started) for this folder, typed by select.d.mts. Plain JavaScript: node:test loads
 * counts-reporter.mjs, which needs it, without tsx's loader.
 */
import * as engines from '../../scripts/engines.mjs';

export { engines };

/**
 * Firefox and WebKit, narrowed by `DH_ENGINES` (which the other stages read too:
 * `DH_ENGINES=chromium` runs nothing here, as Chromium has the Playwright stage).
 * `DH_ENGINES_CHROMIUM=1` adds Chromium through puppeteer-core, to debug the driver layer against
 * the engine Playwright drives.
 */
export function stageEngines(env = process.env) {
  const named = engines.selectedEngines(env.DH_ENGINES).filter((e) => e !== 'chromium');
  return env.DH_ENGINES_CHROMIUM === '1' ? ['chromium', ...named] : named;
}
