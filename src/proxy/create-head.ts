/**
 * `POST /heads`: a create request from the back office (api/requests.ts `headCreateBody`) made a
 * head. The rules are the platform layer's (`platform/head-rules.ts`); this only fills in what the
 * browser leaves to the server (the voice's provider) and tells what happened in the kit's words.
 */
import type { CreatedHead } from '../api/answers.js';
import type { HeadCreateBody } from '../api/requests.js';
import { PlatformError } from '../platform/errors.js';
import { lookUpVoice, voiceProblem, type HeadCreateInput } from '../platform/head-rules.js';
import type { Deps } from './deps.js';
import { ApiException, fail } from './http.js';
import { madeHeads } from './made-heads.js';
import { headSummary, routeBase } from './public-heads.js';
import { rememberHead } from './webhook-keys.js';

export async function createHead(deps: Deps, body: HeadCreateBody): Promise<CreatedHead> {
  const { streaming = false, ...request } = body;
  const streamingProvider = streaming ? deps.config.streamingProvider : undefined;
  // The voice's provider comes from the voice list, once, here: the head form sends only the
  // voiceId. A streaming avatar's voice must be the streaming provider's, whatever was sent; a
  // provider sent for another head is the caller's word (the platform judges the pair).
  if (streaming || request.ttsProvider === undefined) {
    const found = lookUpVoice(await deps.voices(), request.ttsVoice, streamingProvider);
    if (!found.ok) {
      fail(
        400,
        'invalid_request',
        voiceProblem(found, request.ttsVoice, {
          field: 'ttsVoice',
          list: 'GET /voices',
          choose: 'ttsProvider',
          streamingProvider,
        }),
      );
    }
    request.ttsProvider = (found as { provider: string }).provider;
  }
  const input = request as HeadCreateInput;
  let created;
  if (streamingProvider) {
    try {
      created = await deps.platform.createStreamingHead(input, { streamingProvider });
    } catch (err) {
      // The head exists but its splitter is still on: say so, with its id, so the back office
      // finishes the job (PUT …/splitter) instead of creating a second head.
      if (!(err instanceof PlatformError) || !err.headId) throw err;
      const path = `${routeBase(deps)}/heads/${err.headId}/splitter`;
      throw new ApiException(
        502,
        'splitter_failed',
        `The head was created (id ${err.headId}), but the platform did not turn its sentence splitter off, which a streaming avatar needs. Turn it off again: PUT ${path} with {"on": false}, or dh-kit heads splitter ${err.headId} off.`,
        {},
        { headId: err.headId },
      );
    }
  } else {
    created = await deps.platform.createHead(input);
  }
  // The head exists now (and is real for the webhook receiver: its key look-ups cost no sender's
  // budget). A failed read-back must not look like a failed create (a retry would make a second
  // head). The answer then comes from the create response and the request.
  await rememberHead(deps.store, created.id).catch(() => undefined);
  const head = await deps.head(created.id).catch(() => undefined);
  const fallback = {
    id: created.id,
    name: request.name,
    mode: streaming ? 'oc' : (request.operationMode ?? 'unknown'),
    poster: null,
  };
  const answer = {
    ...(head ? await headSummary(deps, created.id, head) : fallback),
    publicId: head?.publicId ?? created.publicId ?? null,
    streaming,
  };
  // In the back office's list (GET /heads) after a reload; a store that fails does not undo the head.
  await madeHeads(deps.store)
    .add({
      id: answer.id,
      name: answer.name,
      mode: answer.mode,
      streaming,
      createdAt: new Date(deps.now()).toISOString(),
    })
    .catch(() => undefined);
  return answer;
}
