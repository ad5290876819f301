/**
 * The Node server's edges: slow or idle clients are cut off, connections are capped,
 * and every answer carries nosniff and a Referrer-Policy; pages say who may frame them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseConfig } from '../../src/proxy/config.js';
import {
  NODE_LIMITS,
  startProxyServer,
  type NodeLimits,
  stdoutLog,
  type RunningProxy,
} from '../../src/proxy/node.js';
import { Writable } from 'node:stream';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';
import { readStream } from './event-stream.js';

let sim: RunningSimulator;
let proxy: RunningProxy;
const pages = mkdtempSync(join(tmpdir(), 'dh-node-'));
writeFileSync(join(pages, 'index.html'), '<!doctype html><title>site</title>');
writeFileSync(join(pages, 'backoffice.html'), '<!doctype html><title>back office</title>');
writeFileSync(join(pages, 'app.js'), 'export {};');

/** A raw socket, to send a request as slowly as an attacker would. */
function open(
  url: string,
): Promise<Socket & { closedAfter: () => Promise<number>; received: () => string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const started = performance.now();
      let text = '';
      socket.on('data', (d) => (text += d));
      const closed = new Promise<number>((r) =>
        socket.once('close', () => r(performance.now() - started)),
      );
      resolve(Object.assign(socket, { closedAfter: () => closed, received: () => text }));
    });
    socket.once('error', reject);
  });
}

type HeldSocket = Socket & { whenClosed: Promise<void> };

/** A connection from the loopback address `from` that sends nothing; `whenClosed` when the server closes it. */
function hold(port: number, from: string): Promise<HeldSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from }, () =>
      resolve(
        Object.assign(socket, {
          whenClosed: new Promise<void>((r) => socket.once('close', () => r())),
        }),
      ),
    );
    socket.once('error', reject);
  });
}

/** One request (`METHOD /path`) from `from` on a connection of its own: the status, or 0 when the connection was closed unanswered. */
function ask(port: number, from: string, request: string, body = ''): Promise<number> {
  const answer = new Promise<number>((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from }, () =>
      socket.write(
        `${request} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      ),
    );
    let text = '';
    socket.on('data', (d) => (text += d));
    socket.once('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.once('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ECONNRESET' ? resolve(0) : reject(err),
    );
  });
  return within(5_000, answer, `an answer to ${request} from ${from}`);
}

/** `promise`, or a failure naming `what` after `ms`. */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

describe('Node server limits and headers', () => {
  before(async () => {
    sim = await startSimulator();
    const { baseUrl, chatUrl, streamUrl, email, secretKey } = sim.info;
    proxy = await startProxyServer({
      config: {
        ...parseConfig({
          DH_RATE_LIMIT: '0',
          DH_SIGNING_SECRET: 'x'.repeat(32),
          DH_ALLOWED_ORIGINS: 'https://shop.example',
          DH_PUBLIC_HEADS: '*',
        }),
        platform: { baseUrl, chatUrl, streamUrl, email, secretKey },
      },
      port: 0,
      log: () => undefined,
      warn: () => undefined,
      staticDir: pages,
      privatePages: ['backoffice.html'],
      pageCsp: "default-src 'self'",
      limits: {
        requestTimeoutMs: 1500,
        headersTimeoutMs: 1000,
        keepAliveTimeoutMs: 500,
        checkIntervalMs: 200,
        // The total cap alone here; the caps per client are tested with their own proxy below.
        maxConnections: 20,
        maxConnectionsPerClient: 0,
      },
    });
  });
  after(async () => {
    await proxy.close();
    await sim.close();
  });

  test('the request log writes the lines of one turn of the event loop at once, one JSON line each, in order', async () => {
    const writes: string[] = [];
    const out = new Writable({
      write: (chunk, _enc, done) => (writes.push(String(chunk)), done()),
    });
    const log = stdoutLog(out);
    const line = (path: string) => ({
      at: '2026-01-01T00:00:00.000Z',
      method: 'GET',
      path,
      status: 200,
      ms: 0.1,
    });
    for (const path of ['/dh/faces', '/dh/voices', '/dh/health']) log(line(path));
    assert.equal(writes.length, 0, 'nothing written in the same turn');
    await new Promise((r) => setImmediate(r));
    assert.equal(writes.length, 1, 'one write for the three lines');
    assert.deepEqual(
      writes[0]!
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).path),
      ['/dh/faces', '/dh/voices', '/dh/health'],
    );
    const odd = line('/dh/"quoted"\\back\u2028é');
    log(odd);
    await new Promise((r) => setImmediate(r));
    assert.equal(writes.length, 2);
    assert.equal(
      writes[1],
      `${JSON.stringify(odd)}\n`,
      'the same line JSON.stringify would write, escapes included',
    );
  });

  test('the defaults: a request within 30 s, its headers within 15 s, idle keep-alive closed after 5 s, a connection cap, and one per client', () => {
    assert.deepEqual(NODE_LIMITS, {
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 15_000,
      keepAliveTimeoutMs: 5_000,
      checkIntervalMs: 1_000,
      maxConnections: 1_000,
      reservedConnections: 200,
      maxConnectionsPerClient: 100,
      maxConnectionsPerNetwork: 250,
      maxConnectionsPerSite: 500,
      platformConnections: 50,
    });
  });

  test('a body sent one byte at a time is cut off at the request time-out', {
    timeout: 30_000,
  }, async () => {
    const socket = await open(proxy.url);
    // The webhook receiver reads the whole body before anything else: the slowest route to answer.
    socket.write(
      'POST /dh/hooks/events HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n',
    );
    const timer = setInterval(() => socket.writable && socket.write('a'), 200);
    try {
      const ms = await socket.closedAfter();
      assert.ok(
        ms < 8000,
        `closed after ${Math.round(ms)} ms (Node's own request time-out is 300 s)`,
      );
      assert.match(socket.received(), /^HTTP\/1\.1 408|^$/, 'a 408, or just closed');
    } finally {
      clearInterval(timer);
    }
  });

  test('headers that never end are cut off at the headers time-out; an idle keep-alive connection is closed', {
    timeout: 30_000,
  }, async () => {
    const slow = await open(proxy.url);
    slow.write('GET /dh/health HTTP/1.1\r\nhost: x\r\n');
    const timer = setInterval(() => slow.writable && slow.write('x-a: b\r\n'), 200);
    try {
      assert.ok(
        (await slow.closedAfter()) < 8000,
        "closed at the headers time-out (Node's own is 60 s)",
      );
    } finally {
      clearInterval(timer);
    }
    const idle = await open(proxy.url);
    idle.write('GET /dh/health HTTP/1.1\r\nhost: x\r\n\r\n');
    const ms = await idle.closedAfter();
    assert.match(idle.received(), /^HTTP\/1\.1 200/);
    assert.ok(
      ms < 4500,
      `idle connection closed after ${Math.round(ms)} ms (Node's own keep-alive time-out is 5 s)`,
    );
  });

  test('every answer has X-Content-Type-Options: nosniff and a Referrer-Policy: JSON, errors, 404s, pages, static files', async () => {
    for (const path of [
      '/dh/health',
      '/dh/faces?take=x',
      '/dh/nope',
      '/dh/heads/no-such-head',
      '/',
      '/backoffice.html',
      '/app.js',
      '/missing.txt',
    ]) {
      const res = await fetch(`${proxy.url}${path}`);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(res.headers.get('referrer-policy'), 'no-referrer', path);
      assert.equal(
        res.headers.get('x-frame-options'),
        null,
        `${path}: framing is said with frame-ancestors`,
      );
      assert.equal(
        res.headers.get('cross-origin-resource-policy'),
        null,
        `${path}: other origins load the bundle and posters`,
      );
      await res.arrayBuffer();
    }
  });

  test('static files answer GET and HEAD; other methods get a complete 404 at once, not a length with no body (found by the fuzz)', async () => {
    for (const method of ['OPTIONS', 'POST', 'DELETE', 'PUT']) {
      for (const path of ['/', '/app.js']) {
        const res = await fetch(`${proxy.url}${path}`, {
          method,
          signal: AbortSignal.timeout(2000),
        });
        assert.equal(res.status, 404, `${method} ${path}`);
        assert.equal(await res.text(), 'Not found');
      }
    }
    const head = await fetch(`${proxy.url}/app.js`, { method: 'HEAD' });
    assert.equal(head.status, 200);
  });

  test('pages: the back office may not be framed at all, the others only by their own origin; the /embed refusal page by the site and its allowed origins', async () => {
    const csp = async (path: string, init?: RequestInit) =>
      (await fetch(`${proxy.url}${path}`, init)).headers.get('content-security-policy') ?? '';
    assert.equal(await csp('/backoffice.html'), "default-src 'self'; frame-ancestors 'none'");
    assert.equal(await csp('/'), "default-src 'self'; frame-ancestors 'self'");
    const refusal = await csp('/dh/embed/some-head?view=chat&exp=1&sig=zz', {
      headers: { accept: 'text/html' },
    });
    assert.match(refusal, /frame-ancestors 'self' https:\/\/shop\.example$/);
  });

  /** A proxy on Node with these connection limits (the simulator behind it). */
  const limitedProxy = (limits: Partial<NodeLimits>, env: Record<string, string> = {}) => {
    const { baseUrl, chatUrl, streamUrl, email, secretKey } = sim.info;
    return startProxyServer({
      config: {
        ...parseConfig({ DH_RATE_LIMIT: '0', DH_SIGNING_SECRET: 'x'.repeat(32), ...env }),
        platform: { baseUrl, chatUrl, streamUrl, email, secretKey },
      },
      port: 0,
      log: () => undefined,
      warn: () => undefined,
      limits,
    });
  };

  test('ten clients each holding their cap cannot shut out an eleventh (real sockets from eleven loopback addresses); when visitors hold every connection, the platform still delivers', {
    timeout: 30_000,
  }, async () => {
    const capped = await limitedProxy({
      maxConnections: 30,
      reservedConnections: 10,
      maxConnectionsPerClient: 2,
      maxConnectionsPerNetwork: 100,
      maxConnectionsPerSite: 100,
      platformConnections: 2,
    });
    const port = Number(new URL(capped.url).port);
    const held: HeldSocket[] = [];
    try {
      // Ten clients (127.0.1.1 … 127.0.10.1, ten networks) open three connections each and send nothing.
      const overCap: HeldSocket[] = [];
      for (let n = 1; n <= 10; n++)
        for (let i = 0; i < 3; i++) (i < 2 ? held : overCap).push(await hold(port, `127.0.${n}.1`));
      await Promise.all(
        overCap.map((s) => within(5_000, s.whenClosed, 'a third connection is closed')),
      );
      assert.deepEqual(
        held.filter((s) => s.closed).length,
        0,
        'each client keeps its two: the shared pool (20) is theirs',
      );
      assert.equal(
        await ask(port, '127.0.11.1', 'GET /dh/health'),
        200,
        'the eleventh client is answered, from the reserve',
      );
      // Ten more clients take the reserve, one connection each: visitors now hold all 30.
      for (let n = 12; n <= 21; n++) held.push(await hold(port, `127.0.${n}.1`));
      assert.equal(
        await ask(port, '127.0.22.1', 'GET /dh/health'),
        503,
        "a visitor's request on the platform's pool is refused: 503 server_busy",
      );
      assert.equal(
        await ask(port, '127.0.22.1', 'POST /dh/hooks/events', '{}'),
        401,
        "the platform's delivery on its pool reaches the receiver (which finds no signature on this one)",
      );
    } finally {
      for (const s of held) s.destroy();
      await capped.close();
    }
  });

  test('with DH_TRUST_PROXY every connection comes from the reverse proxy: no cap per client', {
    timeout: 30_000,
  }, async () => {
    const check = async (env: Record<string, string>) => {
      const server = await limitedProxy({ maxConnections: 30 }, env);
      const port = Number(new URL(server.url).port);
      const held = await Promise.all(Array.from({ length: 5 }, () => hold(port, '127.0.0.1')));
      try {
        return await ask(port, '127.0.0.1', 'GET /dh/health');
      } finally {
        for (const s of held) s.destroy();
        await server.close();
      }
    };
    assert.equal(await check({ DH_TRUST_PROXY: 'true' }), 200, 'a sixth connection is answered');
    assert.equal(
      await check({}),
      0,
      'without it, the sixth from one address is over its cap (3 of 30) and closed',
    );
  });

  test('connections over the cap are refused; the server keeps answering', {
    timeout: 30_000,
  }, async () => {
    const sockets = await Promise.all(Array.from({ length: 20 }, () => open(proxy.url)));
    const extra = await open(proxy.url);
    assert.ok((await extra.closedAfter()) < 8000, 'the 21st connection is closed');
    for (const s of sockets) s.destroy();
    await new Promise((r) => setTimeout(r, 100));
    assert.equal((await fetch(`${proxy.url}/dh/health`)).status, 200);
  });
});

describe('graceful shutdown', () => {
  test('close(): no new connections; the delivery and the onEvent call under way finish; the event streams end; then it resolves', async () => {
    const { PlatformClient } = await import('../../src/platform/client.js');
    const { signWebhookBody } = await import('../../src/proxy/webhook-signature.js');
    const key = 'graceful-shared-key-0123456789';
    let started = 0;
    let finished = 0;
    const server = await startProxyServer({
      config: parseConfig({
        DH_SIGNING_SECRET: 'x'.repeat(32),
        DH_ADMIN_TOKEN: 'admin-token-0123456789',
        DH_RATE_LIMIT: '0',
        DH_WEBHOOK_KEYS: `head-g:${key}`,
        PORT: '0',
      }),
      port: 0,
      platform: new PlatformClient({
        baseUrl: 'http://127.0.0.1:9',
        email: 'site@example.com',
        secretKey: 'unused-secret-key-1234',
      }),
      log: () => undefined,
      warn: () => undefined,
      onEvent: async () => {
        started++;
        await new Promise((r) => setTimeout(r, 800));
        finished++;
      },
    });
    const stream = readStream(
      await fetch(`${server.url}/dh/events/stream`, {
        headers: { authorization: 'Bearer admin-token-0123456789' },
      }),
    );
    const body = JSON.stringify({
      timestamp: new Date().toISOString(),
      head_id: 'head-g',
      session_id: 'g-1',
      public_head_id: 'p',
      public_org_id: 'o',
      event_type: 'start_conversation',
    });
    const res = await fetch(`${server.url}/dh/hooks/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature-256': await signWebhookBody(body, key),
      },
      body,
    });
    assert.equal(res.status, 202);
    for (let i = 0; i < 200 && started === 0; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(started, 1, 'the handler is running');
    // A second event arrives while the first is handled: it waits in the log (in memory).
    const second = body.replace('g-1', 'g-2');
    assert.equal(
      (
        await fetch(`${server.url}/dh/hooks/events`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-signature-256': await signWebhookBody(second, key),
          },
          body: second,
        })
      ).status,
      202,
    );
    const t = performance.now();
    await server.close(5000);
    assert.equal(
      finished,
      2,
      'close waited for the onEvent call under way, and handed over the event waiting in the memory log',
    );
    assert.ok(performance.now() - t < 4000, 'and not for its whole grace time');
    // The stream ended (its client reconnects after its retry delay, to another instance).
    const text = await stream.toEnd('the end of the stream at close');
    assert.match(text, /retry: 3000/, 'the stream gave its reconnection delay');
    await assert.rejects(fetch(`${server.url}/dh/health`), 'no new connections after close');
  });
});
