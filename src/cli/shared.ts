/**
 * What the CLI's commands share: the I/O they write to, the usage error (exit code 2) and option
 * parsing. Commands import this and the helper modules (connect, discovery, paths, site, table),
 * never each other; main.ts dispatches to them.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Raw text to a terminal's stderr, for a spinner; absent when stderr is not a terminal. */
  status?: (text: string) => void;
}

/** A mistake in the command line: exit code 2 and the message says what to type instead. */
export class UsageError extends Error {}

/** Resolves on Ctrl+C, SIGTERM or the signal: long-running commands then close what they opened. */
export function untilStopped(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let stoppedAt = 0;
    // The first SIGINT or SIGTERM stops (cleanly); a copy within a second is ignored — `npx dh-kit`
    // run through `npm exec` gets the stop from its own process group and from npm — and a later
    // one ends the process at once (a second Ctrl+C when the shutdown hangs).
    const stop = () => {
      if (!stoppedAt) {
        stoppedAt = Date.now();
        resolve();
      } else if (Date.now() - stoppedAt > 1000) process.exit(130);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    // Stopped by its caller (tests, an embedding program): the signals are the process's again.
    signal?.addEventListener(
      'abort',
      () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve();
      },
      { once: true },
    );
  });
}

type Parsed<O extends NonNullable<ParseArgsConfig['options']>> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>
>;

export interface ArgsRules {
  /** The command's help: said after a mistake, so what to type instead is on the screen. */
  help?: string;
  /** Whether the command takes arguments besides its options (default true). */
  positionals?: boolean;
}

/**
 * Flags and positionals of a command, with its options; a mistake is a UsageError (exit 2) in the
 * CLI's own words, the same for every command, followed by the command's help when it has one.
 */
export function args<const O extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: O,
  { help, positionals = true }: ArgsRules = {},
): Parsed<O> {
  const refuse = (said: string) => new UsageError(help ? `${said}\n\n${help}` : said);
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw refuse(mistake(err as Error & { code?: string }, positionals));
  }
  const [extra] = parsed.positionals;
  if (!positionals && extra !== undefined)
    throw refuse(`unexpected "${extra}": this command takes options only`);
  return parsed;
}

/** parseArgs's error in the CLI's words (its own message when it is not one of these). */
function mistake(err: Error & { code?: string }, positionals: boolean): string {
  // parseArgs quotes what it refuses: '--site <value>', '-x', 'foo'.
  const quoted = /'([^']*)'/.exec(err.message)?.[1]?.split(' ')[0];
  if (quoted === undefined) return err.message;
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return positionals
        ? `unknown option ${quoted} (an argument that starts with "-" goes after --: -- ${quoted})`
        : `unknown option ${quoted}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/argument missing/.test(err.message)) return `${quoted} needs a value`;
      if (/does not take an argument/.test(err.message)) return `${quoted} takes no value`;
      if (/ambiguous/.test(err.message))
        return `${quoted} needs a value (one that starts with "-" is written ${quoted}=-…)`;
      return err.message;
    default:
      return err.message;
  }
}

/** A whole-number flag within bounds, or undefined when not given; a bad value is a UsageError. */
export function intOption(
  name: string,
  value: string | undefined,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  return n;
}
