#!/usr/bin/env node
// The dh-kit command. The kit ships TypeScript sources; tsx loads them without a build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
