// The mocha globals @web/test-runner puts on the test page (the project has no @types/mocha).
interface MochaContext {
  timeout(ms: number): void;
}
type MochaDone = (err?: unknown) => void;
type MochaBody = (this: MochaContext, done?: MochaDone) => void | Promise<unknown>;
declare function describe(name: string, body: (this: MochaContext) => void): void;
declare function it(name: string, body?: MochaBody): void;
declare function before(body: MochaBody): void;
declare function after(body: MochaBody): void;
declare function beforeEach(body: MochaBody): void;
declare function afterEach(body: MochaBody): void;
