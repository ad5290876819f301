// Types of scripts/engines.mjs, for the TypeScript that imports it (test/engines).
export type Engine = 'chromium' | 'firefox' | 'webkit';
export declare const ENGINES: Engine[];
export declare function selectedEngines(value?: string): Engine[];
export declare function locate(engine: Engine): {
  binary?: string;
  driver?: string;
  xvfb?: string;
  packages: string[];
};
export declare function require(engine: Engine): {
  binary: string;
  driver?: string;
  xvfb?: string;
  packages: string[];
};
export declare function freePort(): Promise<number>;
export declare function startWebKitDriver(): Promise<{
  port: number;
  capabilities: WebdriverIO.Capabilities;
  stop(): void;
}>;
export declare function engineOf(userAgent: string): Engine | 'unknown';
export declare const SUPPORTED: Record<
  Engine,
  { name: string; oldest: string; newest: string; package: string }
>;
export declare function parseVersion(text: string): string | undefined;
export declare function compareVersions(a: string, b: string): -1 | 0 | 1;
export declare function engineVersion(
  engine: Engine,
  found?: ReturnType<typeof locate>,
): string | undefined;
export declare function judgeVersion(
  engine: Engine,
  version: string | undefined,
): { ok: boolean; note: string };
export interface EngineDescription {
  engine: Engine;
  binary: string;
  version: string | undefined;
  ok: boolean;
  text: string;
}
export declare function describeEngines(engines?: Engine[]): EngineDescription[];
export declare function checkEngines(options?: {
  engines?: Engine[];
  quiet?: boolean;
  log?: (line: string) => void;
}): EngineDescription[];
