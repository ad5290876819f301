import { css } from './css.js';

/** What both pickers share: host tokens, filter controls, and the loading/empty/error states. */
export const pickerStyles = css`
  :host {
    --_accent: var(--dh-picker-accent, #2563eb);
    --_radius: var(--dh-picker-radius, 10px);
    --_border: var(--dh-picker-border, 1px solid color-mix(in srgb, currentColor 20%, transparent));
    display: block;
    font-family: var(--dh-picker-font, system-ui, sans-serif);
  }
  :host([hidden]) {
    display: none;
  }
  label {
    display: inline-flex;
    gap: 6px;
    align-items: center;
    font-size: 0.9rem;
  }
  input,
  select,
  button {
    font: inherit;
  }
  /* A fixed height, not the font's line: a page's :not(:defined) rule (docs/frameworks.md) can then reserve
     the host's box before the element renders. */
  input,
  select {
    box-sizing: border-box;
    height: 2rem;
    min-width: 0;
    padding: 4px 8px;
    border: var(--_border);
    border-radius: 6px;
    background: Canvas;
    color: CanvasText;
  }
  /* The scrolling grid or listbox: one tab stop, its focus ring on the box (the active item is
     marked inside it). Loading, empty and error (.state) take the same box: nothing moves when
     the items arrive (CLS). */
  .scroller,
  .state {
    height: var(--_height);
    position: relative;
    overflow: auto;
    border: var(--_border);
    border-radius: var(--_radius);
    box-sizing: border-box;
    outline: none;
  }
  .scroller:focus-visible {
    box-shadow: 0 0 0 3px color-mix(in srgb, var(--_accent) 45%, transparent);
  }
  :host([disabled]) .scroller,
  .scroller[aria-disabled='true'] {
    opacity: 0.55;
  }
  .scroller[aria-disabled='true'] {
    /* A disabled scroller is out of the tab order, so it does not scroll either: one that no
       keyboard can reach fails WCAG 2.1.1 (axe scrollable-region-focusable); the selected item is
       scrolled into view. !important: the virtualizer sets overflow inline (through CSSOM). */
    overflow: hidden !important;
  }
  /* An item's name on one line, and what it is below it. */
  .name {
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .meta {
    font-size: 0.78rem;
    opacity: 0.75;
  }
  .state {
    margin: 0;
    padding: 8px;
    align-content: center;
    text-align: center;
  }
  /* A later page that failed: below the list, the list stays usable. */
  .page-error {
    margin: 8px 0 0;
    font-size: 0.9rem;
  }
  .state button,
  .page-error button {
    margin-inline-start: 8px;
    padding: 4px 12px;
    border-radius: 6px;
    border: var(--_border);
    background: Canvas;
    color: CanvasText;
    cursor: pointer;
  }
  .error {
    color: var(--dh-picker-error-color, #b91c1c);
  }
`;
