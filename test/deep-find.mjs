/**
 * Elements found through open shadow roots, the same way by every test driver (the element tests'
 * frame commands and the cross-engine stage, through the one driver layer test/support/drivers.mjs).
 * Selectors: CSS steps joined by `>>>` (puppeteer's "deep descendant"): the first step is a
 * `querySelectorAll` of the document, each next one matches every element under the previous
 * match, open shadow roots included (`dh-avatar >>> iframe`, `#form >>> dh-voice-picker >>>
 * [role=option]`).
 *
 * It runs in the page: the drivers send its source, so it uses nothing from outside.
 */
export function findAllDeep(selector) {
  const steps = String(selector)
    .split('>>>')
    .map((s) => s.trim());
  let scopes = [document];
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const found = [];
    for (const scope of scopes) {
      if (i === 0) {
        found.push(...scope.querySelectorAll(step));
        continue;
      }
      // Every element under the scope, in document order, through open shadow roots.
      const walk = (node) => {
        if (node.shadowRoot) walk(node.shadowRoot);
        for (const child of node.children) {
          if (child.matches(step)) found.push(child);
          walk(child);
        }
      };
      walk(scope);
    }
    scopes = [...new Set(found)];
  }
  return scopes;
}
