import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { main } from '../../src/cli/main.js';

const bin = new URL('../../bin/dh-kit.js', import.meta.url).pathname;

test('dh-kit sim prints one JSON line with the addresses and credentials, serves them, and stops on SIGTERM', async () => {
  const child = spawn(process.execPath, [bin, 'sim', '--port', '0', '--talk-delay-ms', '10'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const info = JSON.parse(line);
  assert.deepEqual(Object.keys(info).sort(), [
    'baseUrl',
    'chatUrl',
    'email',
    'orgId',
    'secretKey',
    'streamUrl',
  ]);
  assert.match(info.baseUrl, /^http:\/\/127\.0\.0\.1:\d+\/api$/);
  const res = await fetch(`${info.baseUrl}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: info.email, secretKey: info.secretKey }),
  });
  assert.equal(res.status, 200);
  child.kill('SIGTERM');
  const [code] = await once(child, 'exit');
  assert.equal(code, 0);
});

test('dh-kit explains a wrong command or option and exits 2', async () => {
  const lines: string[] = [];
  const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
  assert.equal(await main(['fly'], io), 2);
  assert.match(lines.join('\n'), /unknown command "fly"/);
  lines.length = 0;
  assert.equal(await main(['sim', '--port', 'abc'], io), 2);
  assert.match(lines.join('\n'), /--port must be a whole number/);
  lines.length = 0;
  assert.equal(await main(['sim', '--token-shape', 'C'], io), 2);
  assert.match(lines.join('\n'), /--token-shape must be A or B/);
  assert.equal(await main(['help'], io), 0);
});

/** Runs `dh-kit …argv` and gives its exit code and what it said. */
async function said(...argv: string[]): Promise<{ code: number; text: string }> {
  const lines: string[] = [];
  const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
  const code = await main(argv, io);
  return { code, text: lines.join('\n') };
}

test("an unknown option is a usage error in one form for every command: what was wrong, then the command's usage; exit 2, nothing started", async () => {
  const commands = [
    ['start'],
    ['sim'],
    ['sign', 'head-1'],
    ['bundle'],
    ['callbacks'],
    ['faces'],
    ['voices'],
    ['heads', 'get', 'head-1'],
    ['videos', 'list', 'head-1'],
    ['origins', 'list'],
    ['events', 'failed'],
    ['webhooks', 'list', 'head-1'],
    ['events', 'enable', 'head-1'],
    ['tools', 'set', 'head-1', 'tools.json'],
    ['insights'],
  ];
  for (const argv of commands) {
    const { code, text } = await said(...argv, '--bogus');
    const command = argv[0]!;
    assert.equal(code, 2, `dh-kit ${argv.join(' ')} --bogus: exit 2 (${text})`);
    const [first, blank, usage] = text.split('\n');
    assert.match(
      first!,
      new RegExp(
        `^dh-kit ${command}: unknown option --bogus( \\(an argument that starts with "-" goes after --: -- --bogus\\))?$`,
      ),
      `dh-kit ${argv.join(' ')}: the option named, in the same words`,
    );
    assert.ok(
      blank === '' && /^Usage:/.test(usage ?? ''),
      `dh-kit ${argv.join(' ')}: its usage follows:\n${text}`,
    );
  }
  // A command that takes no arguments says so; no hint about arguments after --.
  assert.match((await said('start', '--bogus')).text, /^dh-kit start: unknown option --bogus$/m);
  assert.match(
    (await said('sign', 'head-1', '--bogus')).text,
    /^dh-kit sign: unknown option --bogus \(an argument that starts with "-" goes after --: -- --bogus\)$/m,
  );
});

test('the other mistakes of a command line, in the same words for every command (exit 2)', async () => {
  const cases: [string[], RegExp][] = [
    [['bundle', '--site'], /^dh-kit bundle: --site needs a value$/m],
    [['sign', 'head-1', '--ttl'], /^dh-kit sign: --ttl needs a value$/m],
    [['start', '--fresh=yes'], /^dh-kit start: --fresh takes no value$/m],
    [['callbacks', '--json=1'], /^dh-kit callbacks: --json takes no value$/m],
    [['sim', 'extra'], /^dh-kit sim: unexpected "extra": this command takes options only$/m],
    [['faces', 'extra'], /^dh-kit faces: unexpected "extra": this command takes options only$/m],
    [['sim', '-x'], /^dh-kit sim: unknown option -x$/m],
  ];
  for (const [argv, expected] of cases) {
    const { code, text } = await said(...argv);
    assert.equal(code, 2, `dh-kit ${argv.join(' ')}: exit 2`);
    assert.match(text, expected);
  }
});

test('dh-kit sim refuses a --timeout-ms no longer than the inactivity warning: a usage error naming the flags (exit 2), not a stack trace', async () => {
  const lines: string[] = [];
  const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
  assert.equal(await main(['sim', '--port', '0', '--timeout-ms', '30000'], io), 2);
  assert.match(
    lines.join('\n'),
    /--timeout-ms \(30000\) must be longer than --inactivity-ms \(60000, the default\)/,
  );
  lines.length = 0;
  assert.equal(
    await main(['sim', '--port', '0', '--inactivity-ms', '5000', '--timeout-ms', '5000'], io),
    2,
  );
  assert.match(
    lines.join('\n'),
    /--timeout-ms \(5000\) must be longer than --inactivity-ms \(5000\)/,
  );
  assert.doesNotMatch(lines.join('\n'), /RangeError|^\s+at /m);
  assert.equal(lines.length, 1, 'one line, nothing started');
});

test('dh-kit sign prints a launch URL the proxy accepts, and refuses without a secret', async () => {
  const { verifyLaunch } = await import('../../src/proxy/signing.js');
  const secret = 'cli-signing-secret-0123456789abcdef';
  const lines: string[] = [];
  const io = { out: (l: string) => lines.push(l), err: () => undefined };
  const saved = process.env.DH_SIGNING_SECRET;
  try {
    process.env.DH_SIGNING_SECRET = secret;
    assert.equal(await main(['sign', 'head-1', '--view', 'stream', '--ttl', '60'], io), 0);
    const url = new URL(lines[0]!, 'http://site.example');
    assert.equal(url.pathname, '/dh/embed/head-1');
    const check = await verifyLaunch(secret, {
      headId: 'head-1',
      view: 'stream',
      exp: Number(url.searchParams.get('exp')),
      sig: url.searchParams.get('sig')!,
    });
    assert.deepEqual(check, { ok: true });
    assert.equal(await main(['sign', 'head-1', '--json'], io), 0);
    const json = JSON.parse(lines.at(-1)!) as { url: string; expiresAt: string };
    assert.match(json.url, /^\/dh\/embed\/head-1\?/);
    assert.ok(
      Date.parse(json.expiresAt) > Date.now(),
      `the link expires in the future (${json.expiresAt})`,
    );
    assert.equal(await main(['sign', 'head-1', '--ttl', '99999'], io), 2);
    delete process.env.DH_SIGNING_SECRET;
    assert.equal(
      await main(['sign', 'head-1'], { out: () => undefined, err: (l) => lines.push(l) }),
      2,
    );
    assert.match(lines.at(-1)!, /DH_SIGNING_SECRET is not set/);
  } finally {
    if (saved === undefined) delete process.env.DH_SIGNING_SECRET;
    else process.env.DH_SIGNING_SECRET = saved;
  }
});
