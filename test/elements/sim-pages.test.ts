/**
 * The simulator's chat and stream pages embedded the way a site embeds a head: in a cross-origin
 * iframe of the site's page (the test page is served by @web/test-runner, the simulator runs on
 * another port). The test page cannot look into the frame; the `frame-*` server commands do it
 * through the engine's driver (test/support/frame-commands.mjs).
 */
import { expect } from '@open-wc/testing';
import { command, frameCommands, simInfo, type SimInfo } from './support.js';

interface CreatedHead {
  id: string;
  publicId: string;
  publicUrl: string;
  name: string;
  faceId: string;
}
interface FrameText {
  count: number;
  text: string | null;
  texts: string[];
}

const FRAME = 'iframe#dh';

const inFrame = frameCommands(FRAME);
const createHead = (payload: Record<string, unknown> = {}) =>
  command<CreatedHead>('sim-create-head', payload);

/** Adds the iframe a site would add, and resolves once its document has loaded. */
async function embed(src: string): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.id = 'dh';
  frame.title = 'Digital human';
  frame.allow = 'autoplay';
  frame.width = '420';
  frame.height = '720';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = src;
  document.body.append(frame);
  await loaded;
  return frame;
}

/** Types a message in the frame's composer and waits for the head's answer to appear in the log. */
async function send(text: string, expectedReply: string) {
  await inFrame('frame-fill', { selector: '#message', text });
  await inFrame('frame-click', { selector: 'form.composer button[type="submit"]' });
  await inFrame('frame-wait', { selector: '[role="log"] [data-role="head"]', text: expectedReply });
  return inFrame<FrameText>('frame-text', { selector: '[role="log"] [data-role]' });
}

/** `{stream_url}/<org>/<head>?api_key=<key>` from the path and api_key of publicUrl (STREAM-4). */
function streamAddress(streamUrl: string, publicUrl: string): string {
  const url = new URL(publicUrl);
  const [org, head] = url.pathname.split('/').filter(Boolean).slice(-2);
  const key = url.searchParams.get('api_key') ?? '';
  return `${streamUrl}/${org}/${head}?${new URLSearchParams({ api_key: key })}`;
}

describe("simulator pages inside a site's iframe", () => {
  let sim: SimInfo;

  before(async () => {
    sim = await simInfo();
  });

  afterEach(() => {
    for (const f of document.querySelectorAll('iframe')) f.remove();
  });

  it("HEAD-8 the chat page at publicUrl opens in a cross-origin iframe with the head's name and face", async () => {
    const head = await createHead({ name: 'Ada Framed' });
    const url = new URL(head.publicUrl);
    expect(url.origin).to.not.equal(
      location.origin,
      'the simulator must be another origin than the site',
    );
    expect(head.publicUrl).to.match(
      new RegExp(`^${sim.urls.chatUrl}/[^/?]+/${head.publicId}\\?api_key=[^&]+$`),
    );

    await embed(head.publicUrl);
    // Rendered content in the frame proves neither CSP frame-ancestors nor X-Frame-Options blocked it.
    await inFrame('frame-wait', { selector: 'h1.name', text: 'Ada Framed' });
    const name = await inFrame<FrameText>('frame-text', { selector: 'h1.name' });
    expect(name.text).to.equal('Ada Framed');

    await inFrame('frame-wait', { selector: 'img.face-thumb', state: 'attached' });
    const face = await inFrame<{ src: string; complete: boolean; naturalWidth: number }>(
      'frame-props',
      {
        selector: 'img.face-thumb',
        props: ['src', 'complete', 'naturalWidth'],
      },
    );
    expect(face.src).to.contain(head.faceId);
    expect(face.complete).to.equal(true);
    expect(face.naturalWidth, 'the face image loaded and decoded').to.be.greaterThan(0);

    const composer = await inFrame<FrameText>('frame-text', { selector: 'form.composer' });
    expect(composer.count).to.equal(1);
  });

  it("the chat page shows the head's greeting first in the transcript", async () => {
    const head = await createHead({ name: 'Greeter', greetings: 'Welcome, ask me anything.' });
    await embed(head.publicUrl);
    await inFrame('frame-wait', {
      selector: '[role="log"] [data-role]',
      text: 'Welcome, ask me anything.',
    });
    const log = await inFrame<FrameText>('frame-text', { selector: '[role="log"] [data-role]' });
    expect(log.texts).to.deep.equal(['Welcome, ask me anything.']);
  });

  it('an oc head answers a typed "Hello" with its name; both messages are in the log', async () => {
    const head = await createHead({ name: 'Ada', operationMode: 'oc' });
    await embed(head.publicUrl);
    await inFrame('frame-wait', { selector: 'h1.name', text: 'Ada' });

    const log = await send('Hello', 'Hello, I am Ada');
    expect(log.texts).to.have.length(3);
    expect(log.texts[0]).to.equal('Hello from the simulator');
    expect(log.texts[1]).to.equal('Hello');
    expect(log.texts[2]).to.match(/^Hello, I am Ada\b/);
    const mine = await inFrame<FrameText>('frame-text', {
      selector: '[role="log"] [data-role="user"]',
    });
    expect(mine.texts, "the typed message is shown as the user's").to.deep.equal(['Hello']);
  });

  it('a ttt head repeats the text it is sent', async () => {
    const head = await createHead({ name: 'Echo', operationMode: 'ttt', greetings: '' });
    await embed(head.publicUrl);
    await inFrame('frame-wait', { selector: 'h1.name', text: 'Echo' });

    const log = await send('Please read this sentence aloud.', 'Please read this sentence aloud.');
    expect(log.texts).to.deep.equal([
      'Please read this sentence aloud.',
      'Please read this sentence aloud.',
    ]);
    const input = await inFrame<{ value: string }>('frame-props', {
      selector: '#message',
      props: ['value'],
    });
    expect(input.value, 'the composer is emptied after sending').to.equal('');
  });

  it('STREAM-4 the stream page ({stream_url}/<org>/<head>?api_key) warns while the splitter is on, not after it is off', async () => {
    const head = await createHead({ name: 'Streamer', stream: true });
    const address = streamAddress(sim.info.streamUrl, head.publicUrl);
    expect(address.startsWith(`${sim.info.streamUrl}/`)).to.equal(true);

    await embed(address);
    await inFrame('frame-wait', { selector: 'h1.name', text: 'Streamer' });
    await inFrame('frame-wait', {
      selector: '[data-testid="splitter-warning"]',
      text: 'sentence splitter',
    });
    const warning = await inFrame<FrameText>('frame-text', { selector: '[role="alert"]' });
    expect(warning.count).to.equal(1);

    await command('sim-splitter', { id: head.id, splitter: false });
    for (const f of document.querySelectorAll('iframe')) f.remove();
    await embed(address);
    await inFrame('frame-wait', { selector: 'h1.name', text: 'Streamer' });
    const after = await inFrame<FrameText>('frame-text', {
      selector: '[data-testid="splitter-warning"]',
    });
    expect(after.count, 'no splitter warning once the splitter is off').to.equal(0);
  });

  it('STREAM-4 a stream head created with the splitter off answers in its stream page', async () => {
    const head = await createHead({ name: 'Live', stream: true, splitterOff: true });
    await embed(streamAddress(sim.info.streamUrl, head.publicUrl));
    await inFrame('frame-wait', { selector: 'main.page-stream h1.name', text: 'Live' });
    expect(
      (await inFrame<FrameText>('frame-text', { selector: '[data-testid="splitter-warning"]' }))
        .count,
    ).to.equal(0);
    const log = await send('Hello', 'Hello, I am Live');
    expect(log.texts, 'a streaming avatar has no greeting').to.have.length(2);
  });

  it('LIM-1 a wrong or missing api_key shows "Access refused" and no composer', async () => {
    const head = await createHead({ name: 'Guarded' });
    const wrong = new URL(head.publicUrl);
    wrong.searchParams.set('api_key', 'sim_ak_not-the-key');
    const missing = new URL(head.publicUrl);
    missing.search = '';

    for (const address of [wrong.href, missing.href]) {
      await embed(address);
      await inFrame('frame-wait', { selector: 'h1', text: 'Access refused' });
      const page = await inFrame<FrameText>('frame-text', { selector: 'body' });
      expect(page.text).to.not.contain('Guarded');
      expect(
        (await inFrame<FrameText>('frame-text', { selector: 'form.composer' })).count,
      ).to.equal(0);
      expect((await inFrame<FrameText>('frame-text', { selector: '#message' })).count).to.equal(0);
      for (const f of document.querySelectorAll('iframe')) f.remove();
    }
  });
});
