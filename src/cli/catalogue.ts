/**
 * The catalogues a head is built from:
 *   dh-kit faces [--gender MALE|FEMALE] [--order ASC|DESC] [--page N] [--take N] [--json]
 *   dh-kit voices [--provider p] [--streaming] [--json]
 * A table by default (the ids in the first column are what `heads create` takes), `--json` for scripts.
 */
import { faceThumbnail, GENDERS, type Gender, type Order } from '../platform/schemas.js';
import type { Connect } from './connect.js';
import { args, intOption, UsageError, type Io } from './shared.js';
import { table } from './table.js';

const FACES_HELP = `Usage: dh-kit faces [--gender MALE|FEMALE] [--order ASC|DESC] [--page N] [--take N] [--json]

Lists the head visuals (faces), one page at a time. The ID column is what "dh-kit heads create
--face" takes.`;

const VOICES_HELP = `Usage: dh-kit voices [--provider p] [--streaming] [--json]

Lists the text-to-speech voices. The VOICE ID column is what "dh-kit heads create --voice" takes:
never the display name (the platform refuses it). --streaming lists only the voices of the
streaming provider (DH_STREAMING_TTS_PROVIDER), the only ones a streaming avatar can use.`;

/** A choice among fixed values, in any case (`--gender female`). */
function choice<T extends string>(
  flag: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  const found = allowed.find((a) => a === value.toUpperCase());
  if (!found) throw new UsageError(`--${flag} must be ${allowed.join(' or ')}, not "${value}"`);
  return found;
}

export async function facesCommand(argv: string[], io: Io, connect: Connect): Promise<number> {
  const { values } = args(
    argv,
    {
      gender: { type: 'string' },
      order: { type: 'string' },
      page: { type: 'string' },
      take: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    { help: FACES_HELP, positionals: false },
  );
  if (values.help) {
    io.out(FACES_HELP);
    return 0;
  }
  const query = {
    gender: choice<Gender>('gender', values.gender, GENDERS),
    order: choice<Order>('order', values.order, ['ASC', 'DESC']),
    page: intOption('page', values.page, 1),
    take: intOption('take', values.take, 1),
  };
  const { client } = await connect();
  const page = await client.listFaces(
    Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)),
  );
  if (values.json) {
    io.out(JSON.stringify(page));
    return 0;
  }
  if (!page.data.length) {
    io.out(
      page.meta.itemCount
        ? `No faces on page ${page.meta.page}: there are ${page.meta.pageCount} pages.`
        : 'No faces match.',
    );
    return 0;
  }
  for (const line of table(
    ['id', 'name', 'gender', 'thumbnail'],
    page.data.map((f) => [f.id, f.name, f.gender, faceThumbnail(f)?.url]),
  ))
    io.out(line);
  const next = page.meta.hasNextPage ? ` · next: --page ${page.meta.page + 1}` : '';
  io.out(
    `Page ${page.meta.page} of ${page.meta.pageCount} · ${page.meta.itemCount} face${page.meta.itemCount === 1 ? '' : 's'}${next}`,
  );
  return 0;
}

export async function voicesCommand(argv: string[], io: Io, connect: Connect): Promise<number> {
  const { values } = args(
    argv,
    {
      provider: { type: 'string' },
      streaming: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    { help: VOICES_HELP, positionals: false },
  );
  if (values.help) {
    io.out(VOICES_HELP);
    return 0;
  }
  if (values.provider !== undefined && !values.provider.trim())
    throw new UsageError('--provider needs a provider name');
  const { client, streamingProvider } = await connect();
  if (values.streaming && values.provider && values.provider !== streamingProvider) {
    throw new UsageError(
      `--streaming lists the voices of ${streamingProvider}, the streaming provider; leave out --provider ${values.provider}`,
    );
  }
  const provider = values.streaming ? streamingProvider : values.provider;
  const voices = await client.listVoices(provider ? { provider } : {});
  voices.sort(
    (a, b) => a.locale.localeCompare(b.locale) || a.displayName.localeCompare(b.displayName),
  );
  if (values.json) {
    io.out(JSON.stringify(voices));
    return 0;
  }
  if (!voices.length) {
    io.out(provider ? `No voices of provider "${provider}".` : 'No voices.');
    return 0;
  }
  const rows = voices.map((v) => [
    v.voiceId,
    v.displayName,
    v.locale,
    v.language,
    v.gender,
    v.provider,
  ]);
  for (const line of table(['voice id', 'name', 'locale', 'language', 'gender', 'provider'], rows))
    io.out(line);
  const whose = values.streaming
    ? ` of ${streamingProvider}, the streaming provider`
    : provider
      ? ` of ${provider}`
      : '';
  io.out(
    `${voices.length} voice${voices.length === 1 ? '' : 's'}${whose}. --voice takes the VOICE ID, never the name.`,
  );
  return 0;
}
