/**
 * Text to video from a terminal:
 *   dh-kit videos create <headId> "<text>" [--wait] [--timeout s] [--json]
 *   dh-kit videos list <headId> [--page N] [--take N] [--json]
 *
 * The platform answers a text-to-video request before the video exists (its answer is "not
 * shown" in the spec); the mp4 appears in the head's talks list once produced. `--wait` polls
 * that list with backoff until the new talk is there, showing the time elapsed: a spinner on a
 * terminal, plain progress lines otherwise (logs, CI). Ctrl+C stops waiting, not the video.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { PlatformClient } from '../platform/client.js';
import type { Talk } from '../platform/schemas.js';
import type { Connect } from './connect.js';
import { args, intOption, UsageError, type Io } from './shared.js';
import { details, table, truncate } from './table.js';

const HELP = `Usage:
  dh-kit videos create <headId> "<text>" [--wait] [--timeout s] [--json]
  dh-kit videos list <headId> [--page N] [--take N] [--json]

create   asks the platform for an mp4 of the head saying the text (any head, whatever its mode).
         --wait waits until the video is in the head's list and prints its URL; Ctrl+C stops
         waiting (the video is still produced). --timeout: how long to wait (default ${300} s).
list     the head's videos, newest first.`;

const OPTIONS = {
  wait: { type: 'boolean' },
  timeout: { type: 'string' },
  page: { type: 'string' },
  take: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const DEFAULT_TIMEOUT_S = 300;
/** Polling backoff: 0.5 s, then ×1.5 up to 5 s (a video takes seconds to minutes). */
const FIRST_POLL_MS = 500;
const MAX_POLL_MS = 5000;
/** How often a plain progress line is printed when stderr is not a terminal. */
const PLAIN_PROGRESS_MS = 10_000;
const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export async function videosCommand(argv: string[], io: Io, connect: Connect): Promise<number> {
  const { values, positionals } = args(argv, OPTIONS, { help: HELP });
  const [action, headId, text] = positionals;
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (action === 'create') {
    if (!headId || text === undefined || positionals.length > 3)
      throw new UsageError(
        `dh-kit videos create <headId> "<text>" [--wait] (quote the text)\n\n${HELP}`,
      );
    if (!text.trim()) throw new UsageError('give the text the head should say');
    const timeoutS = intOption('timeout', values.timeout, 1) ?? DEFAULT_TIMEOUT_S;
    const { client } = await connect();
    return createVideo(
      client,
      headId,
      text,
      { wait: values.wait === true, timeoutS, json: values.json === true },
      io,
    );
  }
  if (action === 'list') {
    if (!headId || positionals.length > 2)
      throw new UsageError('dh-kit videos list <headId> [--page N] [--take N] [--json]');
    const query = {
      order: 'DESC' as const,
      page: intOption('page', values.page, 1),
      take: intOption('take', values.take, 1),
    };
    const { client } = await connect();
    const page = await client.listTalks(
      headId,
      Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)),
    );
    if (values.json) io.out(JSON.stringify(page));
    else if (!page.data.length)
      io.out(
        page.meta.itemCount
          ? `No videos on page ${page.meta.page}: there are ${page.meta.pageCount} pages.`
          : `No videos yet for head ${headId}.`,
      );
    else {
      const rows = page.data.map((t) => [
        when(t.createdAt),
        t.voice,
        truncate(t.text, 40),
        t.url ?? '(being made)',
      ]);
      for (const line of table(['created (UTC)', 'voice', 'text', 'url'], rows)) io.out(line);
      const next = page.meta.hasNextPage ? ` · next: --page ${page.meta.page + 1}` : '';
      io.out(
        `Page ${page.meta.page} of ${page.meta.pageCount} · ${page.meta.itemCount} video${page.meta.itemCount === 1 ? '' : 's'}${next}`,
      );
    }
    return 0;
  }
  throw new UsageError(`dh-kit videos create|list …\n\n${HELP}`);
}

async function createVideo(
  client: PlatformClient,
  headId: string,
  text: string,
  opts: { wait: boolean; timeoutS: number; json: boolean },
  io: Io,
): Promise<number> {
  // The newest talks before the request: the new one is a talk not among them.
  const known = opts.wait
    ? new Set((await client.listTalks(headId, { order: 'DESC', take: 20 })).data.map((t) => t.id))
    : new Set<string>();
  const answer = await client.textToVideo({ id: headId, text });
  if (!opts.wait) {
    io.out(
      opts.json
        ? JSON.stringify({ headId, requested: true })
        : `Video requested for head ${headId}. It appears in "dh-kit videos list ${headId}" once produced (or use --wait).`,
    );
    return 0;
  }
  // The simulator answers with the talk's id; the spec shows no answer, so the text is the fallback.
  const jobId =
    answer && typeof answer === 'object' && 'id' in answer ? String(answer.id) : undefined;
  const pick = (talks: Talk[]) => pickNewTalk(talks, { jobId, known, text });

  const stop = new AbortController();
  const onInterrupt = () => stop.abort(new Interrupted());
  process.on('SIGINT', onInterrupt);
  // A timer of our own, not AbortSignal.timeout(): AbortSignal.any() holds its sources weakly, and
  // a timeout signal nothing else referenced could be collected under load and never fire (the
  // wait then ran on past --timeout).
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), opts.timeoutS * 1000);
  const signal = AbortSignal.any([stop.signal, deadline.signal]);
  const progress = startProgress(io, headId);
  let talk: Talk | undefined;
  try {
    for (let delay = FIRST_POLL_MS; !talk; delay = Math.min(delay * 1.5, MAX_POLL_MS)) {
      // A talk listed without its url is still being made: wait on.
      const found = pick(
        (await client.listTalks(headId, { order: 'DESC', take: 20 }, { signal })).data,
      );
      talk = found?.url ? found : undefined;
      if (!talk) {
        progress.tick();
        await sleep(delay, undefined, { signal });
      }
    }
  } catch (err) {
    if (!signal.aborted) throw err;
    if (stop.signal.aborted) {
      progress.end(
        `Stopped waiting after ${progress.elapsed()}. The video is still being produced: dh-kit videos list ${headId}`,
      );
      return 130;
    }
    progress.end();
    throw new Error(
      `no video after ${opts.timeoutS} s; it may still come: dh-kit videos list ${headId} (or a longer --timeout)`,
    );
  } finally {
    clearTimeout(timer);
    process.off('SIGINT', onInterrupt);
  }
  progress.end(`Video ready after ${progress.elapsed()}.`);
  if (opts.json) io.out(JSON.stringify({ headId, talk }));
  else
    for (const line of details([
      ['id', talk.id],
      ['created', talk.createdAt],
      ['voice', talk.voice],
      ['text', truncate(talk.text, 60)],
      ['url', talk.url ?? '(being made)'],
    ]))
      io.out(line);
  return 0;
}

class Interrupted extends Error {
  constructor() {
    super('interrupted');
  }
}

/** A spinner on a terminal (Io.status), or a plain line now and then; both show the time elapsed. */
function startProgress(io: Io, headId: string) {
  const started = performance.now();
  const elapsed = () => seconds(performance.now() - started);
  let lastLine = started;
  let frame = 0;
  // The spinner line stays short (no head id): a line wider than the terminal wraps, and \r
  // then redraws only its last part.
  const spinner = io.status
    ? setInterval(
        () =>
          io.status!(
            `\r${SPINNER[frame++ % SPINNER.length]} Producing the video… ${elapsed()} (Ctrl+C stops waiting)\x1b[K`,
          ),
        100,
      )
    : undefined;
  if (!spinner) io.err(`Producing the video of head ${headId}… (Ctrl+C stops waiting)`);
  return {
    elapsed,
    tick() {
      if (spinner || performance.now() - lastLine < PLAIN_PROGRESS_MS) return;
      lastLine = performance.now();
      io.err(`  still producing… ${elapsed()}`);
    },
    end(message?: string) {
      if (spinner) {
        clearInterval(spinner);
        io.status!('\r\x1b[K');
      }
      if (message) io.err(message);
    },
  };
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return s < 60
    ? `${s.toFixed(1)} s`
    : `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;
}

/** An ISO time as `2025-01-31 14:05` (UTC), or the text as given when it is not a date. */
function when(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : new Date(t).toISOString().slice(0, 16).replace('T', ' ');
}

const words = (s: string) => s.trim().replace(/\s+/g, ' ');

/**
 * Which talk of the list is the one just requested: the one with the id the platform answered, if
 * it answered one (the spec shows no answer); else, as <dh-video-studio> does, a talk not `known`
 * before with the same words (white space aside), or the only new talk whatever its text (the
 * platform may reformat it). Undefined while it is not there.
 */
export function pickNewTalk(
  talks: Talk[],
  { jobId, known, text }: { jobId?: string; known: Set<string>; text: string },
): Talk | undefined {
  const byId = jobId === undefined ? undefined : talks.find((t) => t.id === jobId);
  if (byId) return byId;
  const fresh = talks.filter((t) => !known.has(t.id));
  return (
    fresh.find((t) => words(t.text) === words(text)) ?? (fresh.length === 1 ? fresh[0] : undefined)
  );
}
