/**
 * How a CLI command finds a simulator that another process keeps running: `dh-kit sim` and
 * `dh-kit start` (simulator mode) write a small file, `dh-kit-sim.json` in the temp folder, and
 * remove it when they stop. A command with no credentials reads it and checks that the simulator
 * still answers before using it.
 *
 * The file holds the simulator's secret key. That key opens only the local simulator (on
 * loopback, with a documented default key); real platform credentials are NEVER written here —
 * `dh-kit start` writes the file only in simulator mode. Even so the file is created 0600, and a
 * file owned by another user is ignored (it could point a command at someone else's server).
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

const discoverySchema = z.object({
  baseUrl: z.url({ protocol: /^http$/ }),
  chatUrl: z.string(),
  streamUrl: z.string(),
  email: z.string().min(1),
  secretKey: z.string().min(1),
  orgId: z.string(),
  streamingProvider: z.string().min(1),
  pid: z.number().int().positive(),
});
/** What a running simulator tells the commands: its addresses, its (local-only) login, its pid. */
export type SimDiscovery = z.infer<typeof discoverySchema>;

/** Where the file is. `os.tmpdir()` follows TMPDIR, so a test (or a user) can keep its own. */
export function discoveryPath(): string {
  return join(tmpdir(), 'dh-kit-sim.json');
}

/**
 * Writes the file for this process's simulator and returns the function that removes it. The
 * newest simulator wins; removal leaves a newer simulator's file alone. A file that cannot be
 * written does not stop the simulator: `warn` says what is lost.
 */
export async function advertiseSimulator(
  sim: Omit<SimDiscovery, 'pid'>,
  warn: (line: string) => void,
): Promise<() => Promise<void>> {
  const file = discoveryPath();
  const entry: SimDiscovery = { ...sim, pid: process.pid };
  // Written aside, then renamed: a reader never sees half a file, and the mode is 0600 even when
  // an older file with a wider mode was there.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await writeFile(temp, JSON.stringify(entry), { mode: 0o600 });
    await rename(temp, file);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    warn(
      `dh-kit: could not write ${file} (${(err as Error).message}): other dh-kit commands will not find this simulator (they take DH_SIM_URL=${sim.baseUrl}).`,
    );
    return async () => undefined;
  }
  return async () => {
    const current = await readEntry(file);
    if (current?.pid === entry.pid && current.baseUrl === entry.baseUrl)
      await unlink(file).catch(() => undefined);
  };
}

/** A simulator some process advertised and that answers now, or undefined. */
export async function findRunningSimulator(): Promise<SimDiscovery | undefined> {
  const file = discoveryPath();
  try {
    const info = await stat(file);
    if (process.getuid && info.uid !== process.getuid()) return undefined;
  } catch {
    return undefined;
  }
  const entry = await readEntry(file);
  if (!entry || !isLoopback(entry.baseUrl) || !processAlive(entry.pid)) return undefined;
  return (await probeSimulator(entry.baseUrl)) ? entry : undefined;
}

/**
 * The simulator's own introspection (`GET {baseUrl}/_sim/state`), asked with a short timeout:
 * its options (the secret key left out) when a dh-kit simulator answers there, else undefined.
 */
export async function probeSimulator(
  baseUrl: string,
  timeoutMs = 1500,
): Promise<{ email: string; streamingProvider: string } | undefined> {
  try {
    const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/_sim/state`, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    if (!res.ok) return undefined;
    const state = z
      .looseObject({
        tokensIssued: z.number(),
        options: z.looseObject({ email: z.string(), streamingProvider: z.string() }),
      })
      .safeParse(await res.json());
    return state.success
      ? { email: state.data.options.email, streamingProvider: state.data.options.streamingProvider }
      : undefined;
  } catch {
    return undefined;
  }
}

export function isLoopback(url: string): boolean {
  return /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(url);
}

async function readEntry(file: string): Promise<SimDiscovery | undefined> {
  try {
    const parsed = discoverySchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Signal 0 only asks whether the process exists (nothing is sent). ESRCH: it is gone, the file is
 * stale; EPERM: it belongs to another user, so it is not a simulator this user started.
 */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
