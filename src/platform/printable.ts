/**
 * Text from outside (a request, a delivery, the platform) made safe to print in a terminal or a
 * log line: every character that a terminal or a log reader acts on instead of showing is written
 * as a visible escape. An ESC or CSI starts a sequence that clears the screen or sets the window
 * title; a newline (or U+2028/2029) writes a line of its own, a fake `[dh-kit]` line in a log; a
 * bidi override makes a line read in another order than it is stored. Printable text, other
 * languages' letters included, is left as it is.
 */

/**
 * C0 (U+0000–U+001F), DEL (U+007F), C1 (U+0080–U+009F: CSI 0x9b, OSC 0x9d …), the line and
 * paragraph separators (U+2028, U+2029) and the bidi controls (U+202A–U+202E, U+2066–U+2069).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** The escapes a reader knows at sight; every other character is written `\xHH` or `\uHHHH`. */
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const escapeOne = (ch: string): string => {
  const code = ch.charCodeAt(0);
  return (
    NAMED[ch] ??
    (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`)
  );
};

/** `text` with its control characters written as visible escapes (`\x1b`, `\n`, `\u202e`). */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, escapeOne);
}

/**
 * A log message as one entry: control characters escaped as in `printable`, but its own line
 * breaks kept (a stack trace), each line after the first indented, so that no text in it can pass
 * for a line of its own (a fake `[dh-kit]` line).
 */
export function logEntry(message: string): string {
  return message
    .split('\n')
    .map((line) => printable(line))
    .join('\n    ');
}

/** The proxy's default warning: one entry on stderr, `[dh-kit] ` first. */
export const warnOnConsole = (message: string): void =>
  console.warn(`[dh-kit] ${logEntry(message)}`);
