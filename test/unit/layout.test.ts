/**
 * The layout of src/ (docs/architecture.md): no import circle and the import rules between the
 * layers. (The length of a file is Biome's to watch: style/noExcessiveLinesPerFile, a warning
 * past 600 lines, in biome.json.) The import graph is esbuild's (its metafile, from a bundle
 * of every module with the packages left out): what runs, so `import type` (erased) does not
 * count, nor does a comment or a string that looks like an import. dependency-cruiser would do
 * this, but its releases need Node 22, and the kit supports Node 20.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import * as esbuild from 'esbuild';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

/** Every TypeScript module of src/, as a path relative to src/ (`cli/main.ts`). */
const files = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
  .map((f) => f.split('\\').join('/'))
  .sort();

interface Import {
  /** A module of src/ (`api/urls.ts`), or a package name (`lit/directives/live.js`). */
  target: string;
  internal: boolean;
}

const { metafile } = await esbuild.build({
  entryPoints: files.map((f) => join(SRC, f)),
  absWorkingDir: ROOT,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  outdir: '/nowhere',
  write: false,
  metafile: true,
  logLevel: 'silent',
  loader: { '.css': 'empty', '.html': 'empty', '.svg': 'empty', '.png': 'empty', '.mp4': 'empty' },
});

/** Module → its imports, from the metafile (paths there are relative to ROOT: `src/cli/main.ts`). */
const graph = new Map<string, Import[]>(
  files.map((f) => [
    f,
    (metafile.inputs[`src/${f}`]?.imports ?? []).map((i) =>
      i.external
        ? { target: i.path, internal: false }
        : { target: i.path.replace(/^src\//, ''), internal: true },
    ),
  ]),
);
const layer = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : file);

/** The modules caught in import circles, one line per group that import each other (Tarjan's strongly connected components). */
function circles(of: Map<string, Import[]> = graph): string[] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const { target, internal } of of.get(v) ?? []) {
      if (!internal || !of.has(target)) continue;
      if (!order.has(target)) {
        visit(target);
        low.set(v, Math.min(low.get(v)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(v, Math.min(low.get(v)!, order.get(target)!));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      const selfImport = of.get(v)!.some((i) => i.internal && i.target === v);
      if (component.length > 1 || selfImport)
        found.push([...component.reverse(), component[0]].join(' → '));
    }
  };
  for (const f of files) if (!order.has(f)) visit(f);
  return found;
}

test('every module of src/ is read (the scanner sees the imports)', () => {
  assert.ok(files.length > 50, `${files.length} modules`);
  assert.ok(
    graph.get('cli/main.ts')!.some((i) => i.target === 'cli/shared.ts'),
    'the scanner sees cli/main.ts import cli/shared.ts',
  );
  assert.ok(
    graph.get('elements/avatar/avatar.ts')!.some((i) => i.target === 'lit'),
    'the scanner sees a package import (lit in the avatar)',
  );
});

test('no import circle in src/', () => {
  assert.deepEqual(circles(), []);
});

/**
 * The module graph as written, `import type` included (erased at run time, but a reader follows
 * it as much): every static `import … from`, `export … from` and side-effect `import '…'` with a
 * relative specifier.
 */
const written = new Map<string, Import[]>(
  files.map((f) => {
    const code = readFileSync(join(SRC, f), 'utf8');
    const targets = [
      ...code.matchAll(/^(?:import|export)\b[^;]*?(?:\bfrom\s+)?'(\.{1,2}\/[^']+)'/gms),
    ].map((m) =>
      relative(SRC, resolve(dirname(join(SRC, f)), m[1]!))
        .split('\\')
        .join('/')
        .replace(/\.js$/, '.ts'),
    );
    return [f, targets.map((target) => ({ target, internal: true }))];
  }),
);

test('no import circle in src/ either when type imports count', () => {
  assert.ok(
    written.get('elements/shared/events.ts')!.some((i) => i.target === 'api/answers.ts'),
    'the reader sees a type import (events.ts of api/answers.ts)',
  );
  assert.deepEqual(circles(written), []);
});

test('browser code imports only lit, @lit/*, @lit-labs/*, zod/mini, src/api/ and src/elements/', () => {
  const browser = files.filter(
    (f) =>
      ['api', 'elements', 'react', 'cdn'].includes(layer(f)) ||
      f === 'index.ts' ||
      f === 'configure.ts' ||
      f === 'messages.ts' ||
      f === 'analytics.ts',
  );
  // The CDN files' entries (cdn/) are built from dh-kit's own entry (index.ts) and the elements;
  // index.ts exports connectAnalytics from its own module (analytics.ts).
  const allowed = (i: Import) =>
    i.internal
      ? ['api', 'elements', 'react', 'cdn'].includes(layer(i.target)) ||
        ['index.ts', 'analytics.ts'].includes(i.target)
      : /^(lit|lit\/.*|@lit\/.*|@lit-labs\/.*|zod\/mini|react)$/.test(i.target);
  const wrong = browser.flatMap((f) =>
    graph
      .get(f)!
      .filter((i) => !allowed(i))
      .map((i) => `${f} imports ${i.target}`),
  );
  assert.deepEqual(wrong, []);
  // react (and the wrappers of src/react/) is for dh-kit/react alone: no element imports them.
  assert.deepEqual(
    browser.filter(
      (f) =>
        layer(f) !== 'react' &&
        graph
          .get(f)!
          .some((i) => i.target === 'react' || (i.internal && layer(i.target) === 'react')),
    ),
    [],
  );
});

test('packaging: the browser side imports only dh-kit dependencies; every other package the code imports is an optional peer of dh-kit and a dependency of dh-kit-server (same range, same version)', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const server = JSON.parse(
    readFileSync(join(ROOT, 'packages/dh-kit-server/package.json'), 'utf8'),
  );
  const packageOf = (specifier: string) =>
    specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
  const browserSide = files.filter(
    (f) =>
      ['api', 'elements', 'cdn'].includes(layer(f)) ||
      ['index.ts', 'configure.ts', 'messages.ts', 'analytics.ts'].includes(f),
  );
  const imported = (some: string[]) =>
    new Set(
      some.flatMap((f) =>
        graph
          .get(f)!
          .filter((i) => !i.internal && !i.target.startsWith('node:'))
          .map((i) => packageOf(i.target)),
      ),
    );
  // A front-end install (`npm i dh-kit`) has what the elements import, and nothing for the server.
  assert.deepEqual(
    [...imported(browserSide)].filter((name) => !(name in pkg.dependencies)).sort(),
    [],
  );
  // `react` and `@lit/react` (copied into dist/react by the build) are the React entries' own;
  // `vite` is imported by `dh-kit start --rebuild` in a checkout only.
  const rest = [...imported(files)]
    .filter(
      (name) => !(name in pkg.dependencies) && !['react', '@lit/react', 'vite'].includes(name),
    )
    .sort();
  assert.deepEqual(
    rest.filter((name) => !pkg.peerDependenciesMeta?.[name]?.optional),
    [],
    'each is an optional peer',
  );
  assert.deepEqual(
    rest.filter((name) => server.dependencies[name] !== pkg.peerDependencies[name]),
    [],
    "each is in dh-kit-server's dependencies with dh-kit's range",
  );
  // ioredis is imported by unstorage's Redis driver (DH_REDIS_URL), whose optional peer it is.
  assert.deepEqual(
    Object.keys(server.dependencies).filter(
      (name) => !['dh-kit', 'ioredis'].includes(name) && !rest.includes(name),
    ),
    [],
    'dh-kit-server brings nothing the code does not use',
  );
  assert.equal(server.dependencies.ioredis, pkg.peerDependencies.ioredis);
  assert.equal(server.version, pkg.version);
  assert.equal(
    server.dependencies['dh-kit'],
    pkg.version,
    'dh-kit-server is always dh-kit of its own version',
  );
});

test('src/api/ imports nothing but itself and zod/mini (both sides share it)', () => {
  const wrong = files
    .filter((f) => layer(f) === 'api')
    .flatMap((f) =>
      graph
        .get(f)!
        .filter((i) => (i.internal ? layer(i.target) !== 'api' : i.target !== 'zod/mini'))
        .map((i) => `${f} imports ${i.target}`),
    );
  assert.deepEqual(wrong, []);
});

test('server code never imports the elements; the platform client and the proxy never import the simulator or the CLI', () => {
  const server = files.filter(
    (f) => ['platform', 'proxy', 'sim', 'cli'].includes(layer(f)) || f === 'server.ts',
  );
  const wrong = server.flatMap((f) =>
    graph
      .get(f)!
      .filter(
        (i) =>
          i.internal &&
          (layer(i.target) === 'elements' ||
            (['platform', 'proxy'].includes(layer(f)) && ['sim', 'cli'].includes(layer(i.target)))),
      )
      .map((i) => `${f} imports ${i.target}`),
  );
  assert.deepEqual(wrong, []);
});

test('the simulator keeps its own rules: nothing under src/sim/ reaches src/platform/schemas.ts, directly or through another module', () => {
  // The simulator stands for the platform: checked with the client's own schemas, a mistake in
  // them would be on both sides of the contract and no test would see it.
  const reaches = (from: string, seen = new Set<string>()): string[] | undefined => {
    for (const { target, internal } of graph.get(from) ?? []) {
      if (!internal || seen.has(target)) continue;
      seen.add(target);
      if (target === 'platform/schemas.ts') return [target];
      const path = reaches(target, seen);
      if (path) return [target, ...path];
    }
    return undefined;
  };
  const wrong = files
    .filter((f) => layer(f) === 'sim')
    .flatMap((f) => {
      const path = reaches(f);
      return path ? [[f, ...path].join(' → ')] : [];
    });
  assert.ok(
    files.filter((f) => layer(f) === 'sim').length > 10,
    "the simulator's modules are read",
  );
  assert.deepEqual(wrong, []);
});

test('the CLI: no command imports another (only main.ts dispatches), and nothing imports proxy/routes/', () => {
  const helpers = new Set([
    'cli/shared.ts',
    'cli/connect.ts',
    'cli/discovery.ts',
    'cli/paths.ts',
    'cli/site.ts',
    'cli/table.ts',
    'cli/cms-demo.ts',
    'cli/running-proxy.ts',
    'cli/kept-lists.ts',
  ]);
  const wrong = files
    .filter((f) => layer(f) === 'cli')
    .flatMap((f) =>
      graph
        .get(f)!
        .filter(
          (i) =>
            i.internal &&
            ((layer(i.target) === 'cli' && f !== 'cli/main.ts' && !helpers.has(i.target)) ||
              i.target.startsWith('proxy/routes/')),
        )
        .map((i) => `${f} imports ${i.target}`),
    );
  assert.deepEqual(wrong, []);
});

test("within a layer no two modules share a name (index.ts, each element's messages.ts and the locale folders apart)", () => {
  const byName = new Map<string, string[]>();
  for (const f of files) {
    const name = f.slice(f.lastIndexOf('/') + 1);
    if (f.includes('/locales/') || name === 'index.ts' || name === 'messages.ts') continue;
    const key = `${layer(f)}/${name}`;
    byName.set(key, [...(byName.get(key) ?? []), f]);
  }
  assert.deepEqual(
    [...byName.values()].filter((same) => same.length > 1),
    [],
    'two modules of one layer with one name: rename one for what it holds',
  );
});

test("the proxy's guards (proxy/security/, one module per concern) import neither the routes nor the app: those use the guards, never the reverse", () => {
  const guards = files.filter((f) => f.startsWith('proxy/security/'));
  assert.ok(guards.length >= 6, `the guards are read (${guards.length} modules)`);
  const wrong = guards.flatMap((f) =>
    written
      .get(f)!
      .filter(
        (i) =>
          i.target.startsWith('proxy/routes/') ||
          i.target === 'proxy/app.ts' ||
          !['proxy', 'api'].includes(layer(i.target)),
      )
      .map((i) => `${f} imports ${i.target}`),
  );
  assert.deepEqual(wrong, []);
});

test('no module of src/proxy/ re-exports another (no barrel): each name has one path to import it by', () => {
  const wrong = files
    .filter((f) => layer(f) === 'proxy')
    .flatMap((f) =>
      [
        ...readFileSync(join(SRC, f), 'utf8').matchAll(
          /^export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s+from\s+'(\.{1,2}\/[^']+)'/gm,
        ),
      ]
        .map((m) =>
          relative(SRC, resolve(dirname(join(SRC, f)), m[1]!))
            .split('\\')
            .join('/')
            .replace(/\.js$/, '.ts'),
        )
        .filter((target) => layer(target) === 'proxy')
        .map((target) => `${f} re-exports ${target}`),
    );
  assert.deepEqual(wrong, []);
});
