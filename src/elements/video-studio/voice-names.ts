/**
 * Voice names for the studio: a talk lists its voice by id (`en-US-JennyNeural`); people read
 * the voice's display name. The proxy's public voice list (cached there) is asked once per
 * element, and again only if the endpoint or the auth changes. A failed lookup is silent: the
 * ids stay, which is what the element showed before the names arrived.
 */
import type { ReactiveControllerHost } from 'lit';
import { Task, initialState } from '@lit/task';
import { requestJson } from '../../api/client.js';
import { voicesListSchema } from '../../api/answers.js';

/** Where to ask, read from the element on each update. */
export interface VoiceNamesSource {
  endpoint: string;
  /** False until the element has talks to show (no head: no request at all). */
  active: boolean;
  headers?: HeadersInit;
  credentials?: RequestCredentials;
  /** A stable key of `headers` (an equal object in a new identity asks nothing again). */
  headersKey: string;
}

export class VoiceNames {
  readonly #task: Task<
    readonly [string, boolean, string, RequestCredentials | undefined],
    ReadonlyMap<string, string>
  >;

  constructor(host: ReactiveControllerHost, source: () => VoiceNamesSource) {
    this.#task = new Task(host, {
      task: async ([endpoint, active], { signal }) => {
        if (!active) return initialState;
        const { headers, credentials } = source();
        // Without `take` the proxy answers every voice in one page.
        const list = await requestJson(endpoint, '/voices', voicesListSchema, {
          signal,
          headers,
          credentials,
        });
        return new Map(list.items.map((v) => [v.voiceId, v.displayName]));
      },
      args: () => {
        const { endpoint, active, headersKey, credentials } = source();
        return [endpoint, active, headersKey, credentials] as const;
      },
    });
  }

  /** The display name of a voice id, or the id itself while unknown. */
  name(voiceId: string): string {
    return this.#task.value?.get(voiceId) || voiceId;
  }
}
