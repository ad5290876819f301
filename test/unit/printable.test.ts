/**
 * Text from a request or a delivery never reaches a terminal or a log raw: a CLI table cell and
 * the consumer's log line show its control characters as visible escapes (an ESC that would clear
 * the screen or set the title, a newline that would write a line of its own, a bidi override that
 * would reorder the line).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { details, table } from '../../src/cli/table.js';
import { logEntry, printable, warnOnConsole } from '../../src/platform/printable.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { consumeEvents } from '../../src/proxy/event-consumer.js';
import { memoryEventLog } from '../../src/proxy/event-log.js';
import { sessionEvent } from './session-event.js';

/** ESC[2J (clear the screen), an OSC title (ESC ] 0 ; … BEL), a newline, a bidi override, a C1 CSI. */
const HOSTILE = 's\u001b[2J\u001b]0;owned\u0007\n[dh-kit] fake\u202eevil\u009b31m';
/** The same, as a reader sees it written out (every escape is plain backslash text). */
const SHOWN = 's\\x1b[2J\\x1b]0;owned\\x07\\n[dh-kit] fake\\u202eevil\\x9b31m';

/** C0, DEL, C1, U+2028/2029 and the bidi controls: none may be left in printed text. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('untrusted text is printed with its control characters escaped', () => {
  test('printable writes control, separator and bidi characters as escapes and leaves other text alone', () => {
    assert.equal(printable(HOSTILE), SHOWN);
    assert.equal(
      printable('a\u2028b\u2029c\u2066d\u2069\re\tf\u007f'),
      'a\\u2028b\\u2029c\\u2066d\\u2069\\re\\tf\\x7f',
    );
    assert.equal(printable('Grüße, 東京 — ok'), 'Grüße, 東京 — ok', 'printable letters stay');
  });

  test('a table cell (dh-kit events failed) shows ESC[2J, an OSC title, a newline and a bidi override as escapes', () => {
    const lines = table(['id', 'session'], [['1-0', HOSTILE]]);
    assert.equal(lines.length, 2, 'one row is one line: the newline did not start another');
    assert.ok(
      !CONTROL.test(lines.join('')),
      `no control character reaches the terminal: ${JSON.stringify(lines)}`,
    );
    assert.equal(lines[1], `1-0  ${SHOWN}`);
    const [pair] = details([['session', HOSTILE]]);
    assert.equal(pair, `session  ${SHOWN}`, 'a details line too');
    const [, json] = table(['event'], [[{ session_id: HOSTILE }]]);
    assert.ok(!CONTROL.test(json!), `an object cell (JSON) has none either: ${json}`);
  });

  test("the consumer's log line for a failed onEvent shows the delivery's session id, type and the error escaped", async () => {
    const log = memoryEventLog();
    const warnings: string[] = [];
    const consumer = consumeEvents(
      log,
      () => {
        throw new Error(`no such session ${HOSTILE}`);
      },
      // The retry is a minute away: the consumer is drained once the first attempt has failed.
      { consumer: 'a', backoffMs: 60_000, pollMs: 10, warn: (m) => warnings.push(m) },
    );
    await log.append('k1', sessionEvent(HOSTILE, `start\u001b[2J\n${HOSTILE}`));
    await consumer.drained();
    await consumer.stop();
    assert.equal(warnings.length, 1, `one failure, one warning: ${JSON.stringify(warnings)}`);
    const [line] = warnings;
    assert.ok(
      !CONTROL.test(line!),
      `no control character reaches the log: ${JSON.stringify(line)}`,
    );
    assert.ok(
      line!.startsWith(`onEvent failed for start\\x1b[2J\\n${SHOWN} ${SHOWN} of head head-1 (`),
      `the type and the session id are escaped: ${line}`,
    );
    assert.ok(line!.endsWith(`no such session ${SHOWN}`), `the error is escaped: ${line}`);
  });

  test("the proxy's default warning is one log entry: control characters escaped, its own lines indented, so no text in it passes for a line of its own", (t) => {
    assert.equal(
      logEntry(`Error: bad ${HOSTILE}\n    at route (app.ts:1:1)`),
      `Error: bad ${SHOWN.replace('\\n[dh-kit]', '\n    [dh-kit]')}\n        at route (app.ts:1:1)`,
    );
    const printed: string[] = [];
    t.mock.method(console, 'warn', (line: string) => printed.push(line));
    warnOnConsole(`a stack\n${HOSTILE}`);
    assert.equal(printed.length, 1);
    const lines = printed[0]!.split('\n');
    assert.ok(lines[0]!.startsWith('[dh-kit] a stack'), `the entry's first line: ${lines[0]}`);
    assert.ok(
      lines.slice(1).every((line) => line.startsWith('    ') && !CONTROL.test(line)),
      `every other line indented and escaped: ${JSON.stringify(lines)}`,
    );
  });

  test('every default warning of the proxy goes through warnOnConsole (no console.warn of its own)', () => {
    const sources = readdirSync('src/proxy', { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => [name, readFileSync(join('src/proxy', name), 'utf8')] as const);
    const raw = sources.filter(([, text]) => /console\.(warn|error|log)\(`\[dh-kit\]/.test(text));
    assert.deepEqual(
      raw.map(([name]) => name),
      [],
      'a log line of its own would print request text raw',
    );
  });
});
