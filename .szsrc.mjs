import * as esbuild from 'esbuild';
import { gzipSync } from 'node:zlib';
for (const entry of process.argv.slice(2)) {
const r = await esbuild.build({ entryPoints: [entry], bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent', absWorkingDir: '/work/main', tsconfig: '/work/main/tsconfig.build.json', target: 'es2022' });
const out = r.outputFiles[0].contents;
console.log(entry, 'min', out.length, 'gzip', gzipSync(out, { level: 9 }).length);
}
