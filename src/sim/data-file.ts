/**
 * The simulator's state on disk, so that a head made in the demo, and the embed code copied for
 * it, still work after `npm start` / `dh-kit start` is restarted: heads, their videos (talks) and
 * webhooks with their shared keys, written after every change the API makes. The organisations,
 * accounts and their keys come from fixed seeds, and the faces from fixed ids: they are the same
 * after a restart anyway. Tokens, logs and faults are not kept (a client logs in again).
 *
 * Read tolerantly: a file that cannot be read or parsed is set aside (renamed `….corrupt-<time>`)
 * with one line, and the simulator starts empty; an item that does not parse is left out.
 * Written strictly: to a temporary file first, then renamed over the old one, so a process killed
 * in the middle of a write leaves the previous state, never half a file.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { SimHeadRequest, SimTool } from './rules.js';
import type { SimHead, SimStore, SimTalk, SimWebhook } from './store.js';

/** The file's format; a file of another version is set aside like a corrupt one. */
const FORMAT = 1;

const headSchema = z.object({
  id: z.string().min(1),
  publicId: z.string().min(1),
  orgId: z.string().min(1),
  createdAt: z.string(),
  request: z.record(z.string(), z.unknown()),
  splitter: z.boolean(),
  enableEvents: z.boolean(),
  tools: z.array(z.record(z.string(), z.unknown())),
});
const talkSchema = z.object({
  id: z.string().min(1),
  headId: z.string().min(1),
  text: z.string(),
  voice: z.string(),
  createdAt: z.number(),
  readyAt: z.number(),
});
const webhookSchema = z.object({
  id: z.number().int().positive(),
  createdAt: z.string(),
  updatedAt: z.string(),
  orgId: z.string(),
  headId: z.string(),
  webhookUrl: z.string(),
  sharedKey: z.string().min(1),
  startConversation: z.boolean(),
  endConversation: z.boolean(),
  timeoutConversation: z.boolean(),
  inactivityWarning: z.boolean(),
});
const fileSchema = z.object({
  format: z.literal(FORMAT),
  heads: z.array(z.unknown()),
  talks: z.array(z.unknown()),
  webhooks: z.array(z.unknown()),
  demoHeads: z.object({ chat: z.string(), stream: z.string() }).optional(),
});

/** The items of `list` that parse with `schema`; the others are counted out. */
function kept<T>(list: unknown[], schema: z.ZodType<T>, dropped: { count: number }): T[] {
  return list.flatMap((item) => {
    const parsed = schema.safeParse(item);
    if (parsed.success) return [parsed.data];
    dropped.count += 1;
    return [];
  });
}

/** The part of the state that is kept, as the file holds it. */
function snapshot(store: SimStore) {
  return {
    format: FORMAT,
    heads: [...store.heads.values()],
    talks: store.talks,
    webhooks: [...store.webhooks.values()],
    ...(store.demoHeads ? { demoHeads: store.demoHeads } : {}),
  };
}

/** Writes the kept state to `file` (its folder made if needed), through a temporary file. */
export function saveSimData(store: SimStore, file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(snapshot(store), null, 1)}\n`);
  renameSync(temporary, file);
}

/**
 * Reads `file` into `store` (nothing when it does not exist). Returns how many heads it brought
 * back; says on `warn` what it set aside or left out.
 */
export function loadSimData(store: SimStore, file: string, warn: (line: string) => void): number {
  if (!existsSync(file)) return 0;
  let data: z.infer<typeof fileSchema>;
  try {
    data = fileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (err) {
    const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    let moved = false;
    try {
      renameSync(file, aside);
      moved = true;
    } catch {
      // Unreadable and immovable (permissions): start empty, and writes will say why they fail.
    }
    const why =
      err instanceof SyntaxError
        ? 'not JSON'
        : err instanceof z.ZodError
          ? 'not a simulator state file'
          : (err as Error).message;
    warn(
      `The simulator's state file ${file} could not be read (${why})${moved ? `: set aside as ${aside}` : ''}; starting with no heads.`,
    );
    return 0;
  }
  const dropped = { count: 0 };
  for (const head of kept(data.heads, headSchema, dropped)) {
    store.heads.set(head.id, {
      ...head,
      request: head.request as SimHeadRequest,
      tools: head.tools as SimTool[],
    } satisfies SimHead);
  }
  store.talks.push(
    ...kept(data.talks, talkSchema, dropped).filter((t: SimTalk) => store.heads.has(t.headId)),
  );
  for (const hook of kept(data.webhooks, webhookSchema, dropped))
    store.webhooks.set(hook.id, hook satisfies SimWebhook);
  store.continueWebhookIds();
  if (data.demoHeads) store.demoHeads = data.demoHeads;
  if (dropped.count)
    warn(
      `The simulator's state file ${file}: ${dropped.count} item(s) could not be read and were left out.`,
    );
  return store.heads.size;
}
