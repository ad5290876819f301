#!/usr/bin/env node
// The dh-kit command. Installed from npm it runs the compiled dist/; in a checkout of the
// repository (src/ beside it, dev dependencies installed) it runs the TypeScript sources through
// tsx, so developing needs no build step.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/main.ts', import.meta.url);
let main;
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(source.href));
} else {
  ({ main } = await import('../dist/cli/main.js'));
}
process.exitCode = await main(process.argv.slice(2));
