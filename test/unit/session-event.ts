import type { WebhookEvent } from '../../src/platform/schemas.js';

/**
 * A session event as the platform delivers it (spec, Events): `session` and `type` given, the
 * other fields fixed unless `over` replaces them (a head id, a timestamp of now for the receiver,
 * whose replay window refuses old ones).
 */
export function sessionEvent(
  session: string,
  type = 'start_conversation',
  over: Partial<WebhookEvent> = {},
): WebhookEvent {
  return {
    timestamp: '2026-11-25T10:00:00.000Z',
    head_id: 'head-1',
    session_id: session,
    public_head_id: 'pub-head-1',
    public_org_id: 'pub-org-1',
    event_type: type,
    ...over,
  };
}
