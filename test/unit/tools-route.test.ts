/** PUT /dh/heads/:id/tools (TOOL-1, TOOL-3): the definitions are checked, and against the prompt when one is sent. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PlatformClient } from '../../src/platform/client.js';
import { createProxy } from '../../src/proxy/app.js';
import { parseConfig } from '../../src/proxy/config.js';
import { createSimulator } from '../../src/sim/index.js';
import { simFetch as simNetwork, servedFrom } from './proxy-harness.js';

const sim = createSimulator({ talkDelayMs: 0 });
const simFetch = simNetwork(sim);
const access = {
  baseUrl: sim.urls.baseUrl,
  chatUrl: sim.urls.chatUrl,
  streamUrl: sim.urls.streamUrl,
  email: sim.store.options.email,
  secretKey: sim.store.options.secretKey,
};
const client = new PlatformClient({ ...access, fetch: simFetch });
const app = servedFrom(
  createProxy({
    config: {
      ...parseConfig({
        DH_ADMIN_TOKEN: 'admin-token-0123456789',
        DH_RATE_LIMIT: '0',
        DH_SIGNING_SECRET: 'x'.repeat(32),
      }),
      platform: access,
    },
    platform: client,
    log: () => undefined,
    warn: () => undefined,
  }),
);

const weather = {
  name: 'weather',
  description: 'The weather in a city',
  parameters: [{ name: 'city', type: 'string', description: 'The city' }],
  url: 'https://tools.example.com/weather',
};

async function headId(): Promise<string> {
  const voice = sim.store.voices.find((v) => v.provider === 'azure')!;
  return (
    await client.createHead({
      headVisualId: sim.store.faces[0]!.id,
      name: 'Tools',
      language: 'en-US',
      operationMode: 'oc',
      ttsProvider: voice.provider,
      ttsVoice: voice.voiceId,
    })
  ).id;
}

const put = (id: string, body: unknown) =>
  app.request(`/dh/heads/${id}/tools`, {
    method: 'PUT',
    headers: {
      authorization: 'Bearer admin-token-0123456789',
      'x-dh-kit': '1',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });

describe('PUT /dh/heads/:id/tools', () => {
  test('TOOL-3 a prompt that does not name a parameter, or uses a placeholder no tool has, is a 400 tool_prompt_mismatch; nothing is set', async () => {
    const id = await headId();
    const missing = await put(id, {
      tools: [weather],
      prompt: 'Call weather with the town the user names.',
    });
    assert.equal(missing.status, 400);
    assert.deepEqual(await missing.json(), {
      error: {
        code: 'tool_prompt_mismatch',
        message: 'The prompt does not name the parameter "city" of the tool "weather".',
      },
    });
    const extra = await put(id, {
      tools: [weather],
      prompt: 'Call weather with {city} and {country}.',
    });
    assert.equal(extra.status, 400);
    const { error } = await extra.json();
    assert.equal(error.code, 'tool_prompt_mismatch');
    assert.match(error.message, /\{country\}, which no tool has as a parameter \(city\)/);
    assert.deepEqual(sim.store.heads.get(id)!.tools, [], 'the platform was not called');
  });

  test('TOOL-3 a prompt that names every parameter: 200, and the platform has the tools', async () => {
    const id = await headId();
    const res = await put(id, {
      tools: [weather],
      prompt: 'When asked about the weather, call weather with the {city}.',
    });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { headId: id, tools: [weather] });
    assert.deepEqual(sim.store.heads.get(id)!.tools, [weather]);
  });

  test('TOOL-1 without a prompt only the definitions are checked', async () => {
    const id = await headId();
    assert.equal((await put(id, { tools: [weather] })).status, 200, 'no prompt: no name check');
    const bad = await put(id, { tools: [{ ...weather, url: 'not a url' }] });
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).error.code, 'invalid_request');
  });
});
