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
