/**
 * `dh-kit bundle`: the single-file bundle a page loads with one script tag — its versioned name,
 * its Subresource Integrity value and the tag itself, for a CMS block on another origin. The same
 * values the server uses (proxy/bundle.ts), so what this prints matches what `dh-kit start` and
 * `startProxyServer({bundleFile})` serve.
 */
import { parseArgs } from 'node:util';
import { scriptTag } from '../api/embed.js';
import { UsageError, type Io } from './shared.js';
import { EXAMPLE_SITE, localBundle, siteOrigin } from './site.js';
import { BUNDLE_FILE, FROM_SOURCES } from './paths.js';

const HELP = `Usage: dh-kit bundle [--site URL] [--sri] [--json]

Prints what a page needs to load dh-kit from your site with one tag: the bundle's versioned
name (served by "dh-kit start" and startProxyServer with CORS *, cached for a year), its
Subresource Integrity value, and the script tag.

Options:
  --site URL   The origin that serves the bundle (default ${EXAMPLE_SITE})
  --sri        Print only the integrity value (sha384-…)
  --json       Print {file, path, integrity, bytes, gzipBytes, scriptTag}`;

export async function bundleCommand(argv: string[], io: Io): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        site: { type: 'string' },
        sri: { type: 'boolean' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n\n${HELP}`);
  }
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const site = siteOrigin(values.site);
  const bundle = localBundle();
  if (!bundle)
    throw new Error(
      `no bundle at ${BUNDLE_FILE}: ${FROM_SOURCES ? 'run "npm run build" (or "npm start", which builds it) first' : 'reinstall the package'}.`,
    );
  const tag = scriptTag({ url: new URL(bundle.path, site).href, integrity: bundle.integrity });
  if (values.sri) io.out(bundle.integrity);
  else if (values.json) io.out(JSON.stringify({ file: BUNDLE_FILE, ...bundle, scriptTag: tag }));
  else {
    io.out(`Bundle     ${BUNDLE_FILE} (${(bundle.gzipBytes / 1024).toFixed(1)} kB gzip)`);
    io.out(`Served at  ${site}${bundle.path}  (and ${site}/dh-kit.bundle.js, revalidated)`);
    io.out(`Integrity  ${bundle.integrity}`);
    io.out('');
    io.out(tag);
  }
  return 0;
}
