/**
 * Plugin mode and tools end to end: the simulator's page session calls the kit's proxy, which
 * answers through the site's handlers (PLUG-1 … PLUG-3, TOOL-2, TOOL-3).
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import WebSocket from 'ws';
import { PlatformClient } from '../../src/platform/client.js';
import { parseConfig } from '../../src/proxy/config.js';
import { startProxyServer, type RunningProxy } from '../../src/proxy/node.js';
import { matchTool } from '../../src/sim/conversation.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';

let sim: RunningSimulator;
let proxy: RunningProxy;
let client: PlatformClient;
const toolCalls: Record<string, unknown>[] = [];
/** DH_CALLBACK_SECRET: part of the plugin and tool addresses the platform is given. */
const CALLBACK = 'c'.repeat(40);
const plugin = (url: string) => `${url}/dh/plugin/${CALLBACK}`;
const tool = (url: string, name: string) => `${url}/dh/tools/${CALLBACK}/${name}`;

async function say(publicUrl: string, text: string): Promise<{ reply: string; sessionId: string }> {
  const url = new URL(publicUrl);
  url.protocol = 'ws:';
  url.pathname += '/session';
  const ws = new WebSocket(url);
  const messages: { type: string; text?: string; message?: string; sessionId?: string }[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ type: 'message', text }));
  // Up to 20 s (room for a slow machine).
  for (let i = 0; i < 2000 && !messages.some((m) => m.type === 'reply' || m.type === 'error'); i++)
    await new Promise((r) => setTimeout(r, 10));
  ws.close();
  const answer = messages.find((m) => m.type === 'reply' || m.type === 'error')!;
  return {
    reply: answer.text ?? `error: ${answer.message}`,
    sessionId: messages.find((m) => m.type === 'session')!.sessionId!,
  };
}

async function createHead(extra: Record<string, unknown>) {
  const voice = sim.store.voices.find((v) => v.provider === 'azure')!;
  const created = await client.createHead({
    headVisualId: sim.store.faces[0]!.id,
    name: 'Plug',
    language: 'en-US',
    ttsProvider: voice.provider,
    ttsVoice: voice.voiceId,
    operationMode: 'oc',
    ...extra,
  } as Parameters<PlatformClient['createHead']>[0]);
  return client.getHead(created.id);
}

describe('plugin mode and tools, simulator → proxy', () => {
  before(async () => {
    sim = await startSimulator();
    client = new PlatformClient({
      baseUrl: sim.info.baseUrl,
      email: sim.info.email,
      secretKey: sim.info.secretKey,
    });
    const { baseUrl, chatUrl, streamUrl, email, secretKey } = sim.info;
    proxy = await startProxyServer({
      config: {
        ...parseConfig({
          DH_RATE_LIMIT: '0',
          DH_SIGNING_SECRET: 'x'.repeat(32),
          DH_CALLBACK_SECRET: CALLBACK,
        }),
        platform: { baseUrl, chatUrl, streamUrl, email, secretKey },
      },
      port: 0,
      log: () => undefined,
      warn: () => undefined,
      tools: {
        weather: (params) => {
          toolCalls.push(params);
          return `It is sunny in ${String(params.city)}.`;
        },
      },
    });
  });
  after(async () => {
    await proxy.close();
    await sim.close();
  });

  test("PLUG-1 PLUG-2 PLUG-3 a plugin head's messages go to <url>/conversation/{userid}/message with the options; the reply is shown", async () => {
    const head = await createHead({
      operationMode: 'plugin',
      pluginOperationalModeConfig: {
        name: 'Echo',
        url: `${plugin(proxy.url)}/`,
        options: { tier: 'gold' },
      },
    });
    const { reply, sessionId } = await say(head.publicUrl, 'Hi there');
    assert.equal(reply, 'You said: "Hi there" (options: {"tier":"gold"})');
    const call = sim.store.calls.at(-1)!;
    assert.equal(
      call.url,
      `${plugin(proxy.url)}/conversation/${sessionId}/message`,
      'the suffix is appended to the base, once',
    );
    assert.deepEqual(call.body, [
      { type: 'text', payload: { type: 'text', message: 'Hi there', options: { tier: 'gold' } } },
    ]);
  });

  test('TOOL-2 TOOL-3 an oc head calls the tool its message names, with the parameters by name, and speaks its message', async () => {
    const head = await createHead({});
    await client.setTools(head.id!, [
      {
        name: 'weather',
        description: 'The weather in a city',
        parameters: [{ name: 'city', type: 'string', description: 'The city' }],
        url: tool(proxy.url, 'weather'),
      },
    ]);
    assert.equal(
      (await say(head.publicUrl, 'What is the weather, city: Paris?')).reply,
      'It is sunny in Paris.',
    );
    assert.deepEqual(toolCalls.at(-1), { city: 'Paris' });
    assert.match(
      (await say(head.publicUrl, 'Hello')).reply,
      /^Hello, I am Plug/,
      'no tool named: the model answers',
    );
  });

  test('TOOL-2 an oc head also calls a tool whose description the message matches (two significant words)', async () => {
    const head = await createHead({});
    await client.setTools(head.id!, [
      {
        name: 'lookup_forecast',
        description: 'The weather forecast for a city',
        parameters: [{ name: 'city', type: 'string', description: 'The city' }],
        url: tool(proxy.url, 'weather'),
      },
    ]);
    assert.equal(
      (await say(head.publicUrl, 'Is rain in the forecast for my city: Lyon?')).reply,
      'It is sunny in Lyon.',
      '"forecast" and "city" match',
    );
    assert.deepEqual(toolCalls.at(-1), { city: 'Lyon' });
    assert.match(
      (await say(head.publicUrl, 'I like this city.')).reply,
      /^I heard you say/,
      'one shared word is not enough',
    );
  });

  test("TOOL-2 PLUG-2 the platform uses a tool's {message} and a plugin's text parts, and says so when an answer has neither", async () => {
    // A tool and a plugin of the site's own, answering what they like (not the kit's proxy).
    const answers: Record<string, unknown> = {
      '/good-tool': { message: 'Sunny.', extra: 1 },
      '/bad-tool': { text: 'Sunny.' },
      '/good-plugin/conversation': [
        { type: 'text', payload: { type: 'text', message: 'Hi from the plugin.' } },
      ],
      '/bad-plugin/conversation': { message: 'not a list' },
    };
    const server = createServer((req, res) => {
      const key = Object.keys(answers).find((k) => req.url!.startsWith(k))!;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answers[key]));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const toolHead = await createHead({});
      const weather = (url: string) => [
        {
          name: 'weather',
          description: 'The weather in a city',
          parameters: [{ name: 'city', type: 'string', description: 'The city' }],
          url,
        },
      ];
      await client.setTools(toolHead.id!, weather(`${base}/good-tool`));
      assert.equal((await say(toolHead.publicUrl, 'weather, city: Oslo')).reply, 'Sunny.');
      await client.setTools(toolHead.id!, weather(`${base}/bad-tool`));
      assert.equal(
        (await say(toolHead.publicUrl, 'weather, city: Oslo')).reply,
        'error: The tool "weather" answered without a message.',
      );
      const pluginHead = (path: string) =>
        createHead({
          operationMode: 'plugin',
          pluginOperationalModeConfig: { name: 'P', url: `${base}${path}`, options: {} },
        });
      assert.equal(
        (await say((await pluginHead('/good-plugin')).publicUrl, 'Hi')).reply,
        'Hi from the plugin.',
      );
      assert.equal(
        (await say((await pluginHead('/bad-plugin')).publicUrl, 'Hi')).reply,
        'error: The plugin answered something other than a list of text parts.',
      );
    } finally {
      server.close();
    }
  });

  test('TOOL-2 matchTool: the name first (as words, any case), then the most description words shared, then the first configured', () => {
    const tool = (name: string, description: string) => ({
      name,
      description,
      parameters: [],
      url: 'https://t.example/x',
    });
    const tools = [
      tool('get_weather', 'Current weather in a city'),
      tool('stock_price', 'The price of a stock on the exchange'),
      tool('fx', 'The exchange rate of a currency pair, the price of a currency'),
    ];
    assert.equal(matchTool(tools, 'GET WEATHER please')?.name, 'get_weather');
    assert.equal(matchTool(tools, 'call get_weather')?.name, 'get_weather');
    assert.equal(
      matchTool(tools, 'what is the stock price of ACME')?.name,
      'stock_price',
      'by name, though fx shares "price" too',
    );
    assert.equal(
      matchTool(tools, 'the weather in my city')?.name,
      'get_weather',
      'description: weather, city',
    );
    assert.equal(
      matchTool(tools, 'the exchange rate for the currency pair EUR/USD')?.name,
      'fx',
      'fx shares four words, stock_price one',
    );
    assert.equal(
      matchTool(tools, 'what is the price on the exchange')?.name,
      'stock_price',
      'a tie of two: the first configured',
    );
    assert.equal(matchTool(tools, 'the weather is nice'), undefined, 'one word is not enough');
    assert.equal(matchTool(tools, 'what is this and that'), undefined, 'stop words never match');
    assert.equal(
      matchTool([tool('d6', 'Dice')], 'throw the dice')?.name,
      'd6',
      'a one-word description: that word',
    );
  });

  test('a plugin that fails is a clear message in the page, not a dead session', async () => {
    const head = await createHead({
      operationMode: 'plugin',
      pluginOperationalModeConfig: { name: 'Down', url: 'http://127.0.0.1:9/plugin', options: {} },
    });
    assert.match(
      (await say(head.publicUrl, 'Hi')).reply,
      /^error: The plugin could not be reached/,
    );
  });

  test('the proxy refuses part types other than text, unknown tools and non-object tool calls, with 4xx', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${proxy.url}/dh${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const image = await post(`/plugin/${CALLBACK}/conversation/u1/message`, [
      { type: 'image', payload: { type: 'image', message: 'x' } },
    ]);
    assert.equal(image.status, 400);
    assert.match((await image.json()).error.message, /only parts of type "text"/);
    assert.equal((await post(`/plugin/${CALLBACK}/conversation/u1/message`, [])).status, 400);
    const unknown = await post(`/tools/${CALLBACK}/nope`, {});
    assert.equal(unknown.status, 404);
    assert.equal((await unknown.json()).error.code, 'unknown_tool');
    assert.equal((await post(`/tools/${CALLBACK}/weather`, ['Paris'])).status, 400);
  });
});
