import type * as enginesModule from '../../scripts/engines.mjs';
export type { Engine } from '../../scripts/engines.mjs';

export declare const engines: typeof enginesModule;
export declare function stageEngines(
  env?: NodeJS.ProcessEnv,
): import('../../scripts/engines.mjs').Engine[];
