/**
 * Conversation sessions of the chat and stream pages: a WebSocket per page
 * (`…/<org>/<head>/session?api_key=`), as the spec's "the session's WebSocket closes" suggests.
 * Each session gets a session_id and drives the events: start_conversation on the first user
 * message, inactivity_warning after `inactivityMs` without one (the page shows a popup),
 * timeout_conversation at `timeoutMs` followed by end_conversation, and end_conversation when
 * the socket or the window closes.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import type { SimContext } from './context.js';
import { reply } from './conversation.js';
import { emitEvent } from './events.js';
import { findPageHead } from './pages.js';
import type { SimHead } from './store.js';

const SESSION_PATH = /^\/(chat|stream)\/([^/]+)\/([^/]+)\/session$/;

const clientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    text: z.string().trim().min(1, 'type a message').max(2000),
  }),
  /** "I'm still here" from the inactivity popup: resets the timers, starts nothing. */
  z.object({ type: z.literal('active') }),
]);

class Session {
  readonly id = randomUUID();
  private started = false;
  private ended = false;
  private warnTimer?: ReturnType<typeof setTimeout>;
  private endTimer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly sim: SimContext,
    private readonly head: SimHead,
    private readonly socket: WebSocket,
  ) {
    this.send({ type: 'session', sessionId: this.id });
    this.arm();
    socket.on('message', (data) => void this.onMessage(String(data)));
    socket.on('close', () => this.end());
  }

  private send(message: object): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private emit(type: Parameters<typeof emitEvent>[3]): void {
    void emitEvent(this.sim, this.head, this.id, type);
  }

  /** (Re)starts the inactivity clock. */
  private arm(): void {
    clearTimeout(this.warnTimer);
    clearTimeout(this.endTimer);
    const { inactivityMs, timeoutMs } = this.sim.options;
    this.warnTimer = setTimeout(() => {
      this.send({
        type: 'inactivity_warning',
        message: 'Are you still there? The conversation ends soon without an answer.',
      });
      if (this.started) this.emit('inactivity_warning');
    }, inactivityMs);
    this.endTimer = setTimeout(() => {
      if (this.started) this.emit('timeout_conversation');
      this.send({
        type: 'timeout',
        message: 'The conversation ended after a time without messages.',
      });
      // Spec, Events: a time-out triggers end_conversation too.
      this.end();
      this.socket.close(1000, 'timeout');
    }, timeoutMs);
  }

  private async onMessage(raw: string): Promise<void> {
    let parsed;
    try {
      parsed = clientMessage.safeParse(JSON.parse(raw));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      this.send({ type: 'error', message: 'Messages are JSON: {"type": "message", "text": "…"}' });
      return;
    }
    if (this.ended) return;
    this.arm();
    if (parsed.data.type === 'active') return;
    if (!this.started) {
      this.started = true;
      this.emit('start_conversation');
    }
    try {
      const text = await reply(this.sim, this.head, { sessionId: this.id, text: parsed.data.text });
      this.send({ type: 'reply', text });
    } catch (err) {
      this.send({
        type: 'error',
        message: err instanceof Error ? err.message : 'The head could not answer.',
      });
    }
  }

  /** Once per session, whatever ends it; only a started conversation has events. */
  private end(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.warnTimer);
    clearTimeout(this.endTimer);
    if (this.started) this.emit('end_conversation');
  }
}

/** Accepts session sockets on the simulator's HTTP server. */
export function attachSessions(sim: SimContext, server: Server): () => void {
  const wss = new WebSocketServer({ noServer: true });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://sim.local');
    const match = SESSION_PATH.exec(url.pathname);
    const found =
      match &&
      findPageHead(
        sim.store,
        decodeURIComponent(match[2]!),
        decodeURIComponent(match[3]!),
        url.searchParams.get('api_key') ?? undefined,
      );
    if (!found || 'status' in found) {
      const status = found && 'status' in found ? found.status : 404;
      socket.end(
        `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Not Found'}\r\nConnection: close\r\n\r\n`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => new Session(sim, found.head, ws));
  };
  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.terminate();
    wss.close();
  };
}
