/**
 * The proxy's live feed of webhook events: every verified, de-duplicated event, in the order
 * received, to each subscriber of GET /events/stream (server-sent events). In-process: a site
 * with several instances would fan out through its own bus; the receiver stays the same.
 */
import type { WebhookEvent } from '../platform/schemas.js';

export class EventHub {
  private readonly subscribers = new Set<(event: WebhookEvent, id: number) => void>();
  private nextId = 1;

  publish(event: WebhookEvent): void {
    const id = this.nextId++;
    for (const s of this.subscribers) s(event, id);
  }

  /** Returns the unsubscribe function. */
  subscribe(listener: (event: WebhookEvent, id: number) => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  get size(): number {
    return this.subscribers.size;
  }
}
