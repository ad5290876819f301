/**
 * The bubble's module registered after an avatar has rendered (a page whose modules run in that
 * order, as a bundler's chunks may): the avatar becomes a bubble then, and the console's "needs
 * import" line is not said.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './wait.js';
import { addBubble, configure } from '../../src/elements/avatar/avatar.js';
import { command, simInfo } from './support.js';
import makeBubble from '../../src/elements/avatar/bubble.js';

describe('<dh-avatar layout="bubble"> whose bubble module comes later', () => {
  it('becomes a bubble when the module is added, and the console says nothing', async () => {
    const warned: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warned.push(args.map(String).join(' '));
    try {
      const { endpoint } = await simInfo();
      configure({ trustedEndpoints: [endpoint] });
      const head = await command<{ id: string }>('sim-create-head', { name: 'Late' });
      const el = await fixture<HTMLElement>(
        html`<dh-avatar layout="bubble" head-id=${head.id} endpoint=${endpoint}></dh-avatar>`,
      );
      expect(
        el.shadowRoot!.querySelector('[part="launcher"]') === null,
        'no launcher yet',
      ).to.equal(true);
      addBubble(() => Promise.resolve({ default: makeBubble }));
      await waitUntil(
        () => el.shadowRoot!.querySelector('[part="launcher"]'),
        'the launcher shows once the module is added',
      );
      // Past the element's deferred check (a task after its render).
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(warned.filter((w) => w.includes('needs import'))).to.deep.equal([]);
    } finally {
      console.warn = warn;
    }
  });
});
