/**
 * Loaded before every element test file (web-test-runner.config.mjs, testRunnerHtml).
 *
 * A failed chai assertion whose actual or expected value is a DOM node (`expect(el.querySelector
 * ('p')).to.equal(null)`) hung the whole file until its 300 s time-out, reported as "0 passed,
 * 0 failed" with no test named: the runner sends each failure's `actual` and `expected` to Node,
 * and a node (its document, its window…) is not a value it can send. Here an assertion that fails
 * replaces a node in those two by a short description of it, so the failure is reported in
 * seconds with its name and what was there.
 */
// chai itself, not @open-wc/testing: that one registers its fixtures' clean-up with mocha when it
// loads, and mocha is not set up yet when this runs. It re-exports this same chai.
import * as chai from '@esm-bundle/chai';

/** A node as a failure report shows it: its tag and the start of its markup. */
export function describeNode(value: unknown): unknown {
  if (!(value instanceof Node)) return value;
  const markup = value instanceof Element ? value.outerHTML : (value.textContent ?? '');
  return `${value.nodeName.toLowerCase()} node: ${markup.slice(0, 200)}`;
}

type Assert = (this: unknown, ...args: unknown[]) => void;
const prototype = chai.Assertion.prototype as unknown as { assert: Assert };
const assertRule = prototype.assert;
prototype.assert = function (this: unknown, ...args: unknown[]) {
  try {
    assertRule.apply(this, args);
  } catch (err) {
    if (err instanceof chai.AssertionError) {
      const failure = err as Error & { actual?: unknown; expected?: unknown };
      failure.actual = describeNode(failure.actual);
      failure.expected = describeNode(failure.expected);
    }
    throw err;
  }
};
