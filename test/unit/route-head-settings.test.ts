/**
 * A head's settings for the back office (src/proxy/routes/head-settings.ts), below /dh/heads/:id:
 * the sentence splitter (STREAM-2), the delivery of its session events, and its tools (TOOL-1,
 * TOOL-3: the definitions are checked, and against the prompt when one is sent). Through
 * `app.request()` against the simulator in-process; every answer is scanned for secrets at the end.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { proxySuite } from './proxy-harness.js';

const { sim, makeProxy, createHead } = proxySuite();
const p = makeProxy();

const weather = {
  name: 'weather',
  description: 'The weather in a city',
  parameters: [{ name: 'city', type: 'string', description: 'The city' }],
  url: 'https://tools.example.com/weather',
};

/** A head made on the platform itself (the simulator), not through the proxy: its id. */
async function headId(): Promise<string> {
  const voice = sim.store.voices.find((v) => v.provider === 'azure')!;
  return (
    await p.client.createHead({
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
  p.request(`/dh/heads/${id}/tools`, { method: 'PUT', admin: true, body: JSON.stringify(body) });

describe("a head's settings: the splitter, tools and events", () => {
  test('tools and events are set through the proxy', async () => {
    const head = await createHead(p);
    const tools = [
      {
        name: 'weather',
        description: 'Weather for a city',
        parameters: [{ name: 'city', type: 'string', description: 'City' }],
        url: 'https://tools.example.com/weather',
      },
    ];
    assert.equal(
      (
        await p.request(`/dh/heads/${head.id}/tools`, {
          method: 'PUT',
          admin: true,
          body: JSON.stringify({ tools }),
        })
      ).status,
      200,
    );
    assert.deepEqual(sim.store.heads.get(head.id)!.tools, tools);
    assert.equal(
      (
        await p.request(`/dh/heads/${head.id}/events`, {
          method: 'PUT',
          admin: true,
          body: JSON.stringify({ enabled: true }),
        })
      ).status,
      200,
    );
    assert.equal(sim.store.heads.get(head.id)!.enableEvents, true);
    assert.equal(
      (
        await p.request(`/dh/heads/${head.id}/events`, {
          method: 'PUT',
          admin: true,
          body: JSON.stringify({ enabled: 'yes' }),
        })
      ).status,
      400,
    );
  });

  test('STREAM-2 PUT /heads/:id/splitter turns the splitter off and on', async () => {
    const p = makeProxy();
    const head = await createHead(p);
    assert.equal(
      (
        await p.request(`/dh/heads/${head.id}/splitter`, {
          method: 'PUT',
          admin: true,
          body: '{"on":false}',
        })
      ).status,
      200,
    );
    assert.equal(sim.store.heads.get(head.id)!.splitter, false);
    assert.equal(
      (
        await p.request(`/dh/heads/${head.id}/splitter`, {
          method: 'PUT',
          admin: true,
          body: '{"on":"no"}',
        })
      ).status,
      400,
    );
  });
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
