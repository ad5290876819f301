import { expect } from '@open-wc/testing';

describe('a failed assertion about a DOM node', () => {
  it('carries a description of the node, not the node, so the runner reports it in seconds', () => {
    const p = document.createElement('p');
    p.textContent = 'still here';
    let failure: (Error & { actual?: unknown }) | undefined;
    try {
      expect(p).to.equal(null);
    } catch (err) {
      failure = err as Error & { actual?: unknown };
    }
    expect(failure, 'the assertion failed').to.be.instanceOf(Error);
    expect(typeof failure!.actual, 'its actual value is text').to.equal('string');
    expect(String(failure!.actual)).to.contain('<p>still here</p>');
  });
});
