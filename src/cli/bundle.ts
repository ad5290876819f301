/**
 * `dh-kit bundle`: what a page on another origin (a CMS block) pastes to show a head: the
 * avatar's CDN file's script tag (or, with --all, the all-elements file's) with its versioned
 * name and Subresource Integrity value, and,
 * for a head (`--head`), its `<dh-avatar>` tag pointed at the site's proxy. The same values the
 * server uses (proxy/bundle.ts) and the same writer as the head form (api/embed.ts), so what
 * this prints matches what `dh-kit start` and `startProxyServer({bundleFile})` serve.
 */
import { embedCode, scriptTag } from '../api/embed.js';
import { ID_PATTERN, ID_RULE } from '../api/rules.js';
import { AVATAR_FILE, BUNDLE_FILE, FROM_SOURCES } from './paths.js';
import { args, UsageError, type Io } from './shared.js';
import { EXAMPLE_SITE, localBundle, proxyEndpoint, siteOrigin } from './site.js';

const HELP = `Usage: dh-kit bundle [--site URL] [--head ID] [--prefix /dh] [--all] [--sri] [--json]

Prints the embed code a page on any origin (a CMS block) pastes: the script tag of the avatar's
file (dh-kit.avatar.js: the avatar, its bubble and English), with its versioned name (served by
"dh-kit start" and startProxyServer with CORS *, cached for a year) and its Subresource Integrity
value, and with --head the head's <dh-avatar> tag. The page's origin must be allowed on the proxy
("dh-kit origins add <origin>").

Options:
  --site URL     The origin that serves the files and the proxy (default ${EXAMPLE_SITE})
  --head ID      The head to show: adds its <dh-avatar> tag
  --prefix /dh   Where the proxy routes are on the site (default /dh)
  --all          The all-elements file (dh-kit.bundle.js: a back office) instead of the avatar's
  --sri          Print only the integrity value (sha384-…)
  --json         Print {file, path, integrity, bytes, gzipBytes, scriptTag, embedCode}`;

export async function bundleCommand(
  argv: string[],
  io: Io,
  files: { avatar: string; all: string } = { avatar: AVATAR_FILE, all: BUNDLE_FILE },
): Promise<number> {
  const { values } = args(
    argv,
    {
      site: { type: 'string' },
      head: { type: 'string' },
      prefix: { type: 'string' },
      all: { type: 'boolean' },
      sri: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    { help: HELP, positionals: false },
  );
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const site = siteOrigin(values.site);
  const endpoint = proxyEndpoint(site, values.prefix);
  if (values.head !== undefined && !ID_PATTERN.test(values.head))
    throw new UsageError(`--head is a head id (${ID_RULE}), not "${values.head}"`);
  const bundleFile = values.all ? files.all : files.avatar;
  const bundle = localBundle(bundleFile);
  if (!bundle)
    throw new Error(
      `no bundle at ${bundleFile}: ${FROM_SOURCES ? 'run "npm run build" (or "npm start", which builds it) first' : 'reinstall the package'}.`,
    );
  const ref = { url: new URL(bundle.path, site).href, integrity: bundle.integrity };
  const tag = scriptTag(ref);
  const code = values.head ? embedCode({ headId: values.head, endpoint, bundle: ref }) : tag;
  if (values.sri) io.out(bundle.integrity);
  else if (values.json)
    io.out(JSON.stringify({ file: bundleFile, ...bundle, scriptTag: tag, embedCode: code }));
  else {
    const stable = bundleFile.slice(bundleFile.lastIndexOf('/'));
    io.out(`File       ${bundleFile} (${(bundle.gzipBytes / 1024).toFixed(1)} kB gzip)`);
    io.out(`Served at  ${site}${bundle.path}  (and ${site}${stable}, revalidated)`);
    io.out(`Integrity  ${bundle.integrity}`);
    io.out('');
    io.out(
      `Embed code${values.site ? '' : ` (--site names your site; ${EXAMPLE_SITE} is an example)`}:`,
    );
    io.out(code);
    io.out(
      values.head
        ? 'As a chat bubble in the corner: add layout="bubble" to the <dh-avatar> tag.'
        : `Add --head <id> for the head's <dh-avatar> tag (dh-kit heads create prints both).`,
    );
  }
  return 0;
}
