// A site's own server, in plain Node: the simulator as its platform, a head, and the proxy.
import { fileURLToPath } from 'node:url';
import { PlatformClient, parseConfig, startProxyServer } from 'dh-kit/server';
import { startSimulator } from 'dh-kit/sim';

const sim = await startSimulator();
const { baseUrl, chatUrl, streamUrl, email, secretKey } = sim.info;
const platform = { baseUrl, chatUrl, streamUrl, email, secretKey };
const client = new PlatformClient(platform);
const face = (await client.listFaces({ take: 10 })).data[0];
const voice = (await client.listVoices()).find((v) => v.locale === 'en-US');
const head = await client.createHead({
  headVisualId: face.id,
  name: 'Ava',
  language: 'en-US',
  languageSpeechRecognition: 'en-US',
  operationMode: 'oc',
  ttsProvider: voice.provider,
  ttsVoice: voice.voiceId,
  greetings: 'Hello!',
  promptConfig: { system_prompt: 'Be brief.' },
});
const config = parseConfig({
  DH_PUBLIC_HEADS: '*',
  DH_SIGNING_SECRET: 'a-site-signing-secret-0123456789abcdef',
  DH_RATE_LIMIT: '0',
});
const proxy = await startProxyServer({
  config: { ...config, platform },
  port: 0,
  staticDir: process.env.STATIC_DIR,
  bundleFile: fileURLToPath(import.meta.resolve('dh-kit/bundle')),
  pageValues: { __HEAD__: head.id },
  authorize: () => true,
  log: () => {},
  warn: () => {},
});
console.log(JSON.stringify({ url: proxy.url, head: head.id, bundle: proxy.bundle }));
