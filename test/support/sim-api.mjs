/**
 * The simulator's platform API as a back office calls it, from Node: a JSON request, a login, and
 * a new head made the way a person would make one. Shared by the element tests' simulator plugin
 * (test/support/sim-plugin.mjs, for the `sim-create-head` command) and the Playwright specs that
 * talk to a running `dh-kit sim` (test/e2e/sim-pages.spec.ts). Types: sim-api.d.mts.
 *
 * `account` is where and who: `{baseUrl, email, secretKey}` (a running simulator's `info` has them).
 */

/** A JSON request to the platform API; throws with the answer's status and body when it is not 2xx. */
export async function api(account, path, { method = 'GET', token, body } = {}) {
  const res = await fetch(`${account.baseUrl}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A bearer token for the account (the platform answers token shape A `{token}` or B `{data: {bearer}}`). */
export async function login(account) {
  const auth = await api(account, '/auth/token', {
    method: 'POST',
    body: { email: account.email, secretKey: account.secretKey },
  });
  return auth.token ?? auth.data?.bearer;
}

/**
 * Makes a head the way a back office would: token, a face, a voice, create, read back.
 * payload: head create fields merged over defaults, plus `stream: true` (the streaming TTS
 * provider's voice and an empty greeting) and `splitterOff: true` (PUT …/splitter?splitter=false).
 * `account.streamingProvider` names the streaming provider; without it, and only when a
 * streaming voice is wanted, the simulator's GET /_sim/state says.
 */
export async function createHead(account, payload = {}) {
  const { stream = false, splitterOff = false, ...fields } = payload;
  const token = await login(account);
  const faces = await api(account, '/head_visual/face/all', { token });
  const face = faces.data.find((f) => f.avatar) ?? faces.data[0];
  const voiceList = await api(account, '/voice/all', { token });
  const voices = Array.isArray(voiceList.data) ? voiceList.data : voiceList.data.voices;
  const streaming = async () =>
    account.streamingProvider ?? (await api(account, '/_sim/state')).options.streamingProvider;
  const provider = fields.ttsProvider ?? (stream ? await streaming() : undefined);
  const candidates = voices.filter((v) => !provider || v.provider === provider);
  const voice = candidates.find((v) => v.locale === 'en-US') ?? candidates[0];
  if (!face || !voice) throw new Error('the simulator offered no face or no voice');
  const request = {
    name: 'Ada',
    operationMode: 'oc',
    language: 'en-US',
    greetings: stream ? '' : 'Hello from the simulator',
    headVisualId: face.id,
    ttsProvider: voice.provider,
    ttsVoice: voice.voiceId,
    ...fields,
  };
  const created = await api(account, '/head/create', { method: 'POST', token, body: request });
  if (splitterOff)
    await api(account, `/head/${encodeURIComponent(created.id)}/splitter?splitter=false`, {
      method: 'PUT',
      token,
    });
  const head = await api(account, `/head/${encodeURIComponent(created.id)}`, { token });
  return {
    id: head.id,
    publicId: head.publicId,
    publicUrl: head.publicUrl,
    name: head.name,
    faceId: face.id,
  };
}
