import { css } from '../shared/css.js';

/**
 * `<dh-insights>`: its own tokens (`--dh-insights-*`), falling back to the pickers' shared ones
 * (`--dh-picker-*`) so a back office themed once looks the same everywhere. Nothing is wider than
 * its box: the controls wrap, the charts stretch, a long table scrolls in its own box.
 */
export const styles = css`
  :host {
    --_accent: var(--dh-insights-accent, var(--dh-picker-accent, #2563eb));
    --_radius: var(--dh-insights-radius, var(--dh-picker-radius, 10px));
    --_border: var(--dh-insights-border, var(--dh-picker-border, 1px solid color-mix(in srgb, currentColor 20%, transparent)));
    --_error: var(--dh-insights-error-color, var(--dh-picker-error-color, #b91c1c));
    --_muted: color-mix(in srgb, currentColor 70%, transparent);
    display: block;
    min-width: 0;
    font-family: var(--dh-insights-font, var(--dh-picker-font, system-ui, sans-serif));
  }
  :host([hidden]) {
    display: none;
  }
  button,
  input,
  select {
    font: inherit;
  }
  input,
  select {
    box-sizing: border-box;
    min-height: 2.5rem;
    max-width: 100%;
    padding: 4px 8px;
    border: var(--_border);
    border-radius: 6px;
    background: Canvas;
    color: CanvasText;
  }
  input[aria-invalid='true'] {
    border-color: var(--_error);
  }
  button {
    padding: 6px 14px;
    border-radius: 6px;
    border: var(--_border);
    background: Canvas;
    color: CanvasText;
    cursor: pointer;
  }
  button:focus-visible,
  input:focus-visible,
  select:focus-visible,
  summary:focus-visible,
  a:focus-visible,
  .table:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  a {
    color: var(--_accent);
  }
  h3 {
    margin: 0 0 6px;
    font-size: 1rem;
  }

  /* ── The choice of head and days ─────────────────────────────────────────────────────────── */
  .controls {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: 8px 12px;
  }
  .controls label {
    display: grid;
    gap: 2px;
    min-width: 0;
    font-size: 0.9rem;
    font-weight: 600;
  }
  /* A long head name is cut in the closed select: WebKit counts the whole name as overflow of
     the boxes around it otherwise, and the page scrolls sideways. */
  .controls select {
    max-width: 16rem;
    contain: paint;
  }

  /* ── States ───────────────────────────────────────────────────────────────────────────────── */
  .state {
    margin: 12px 0 0;
    padding: 10px 12px;
    border: var(--_border);
    border-radius: var(--_radius);
  }
  .error {
    color: var(--_error);
  }
  .state button {
    margin-inline-start: 8px;
  }
  .state p {
    margin: 0 0 8px;
  }
  .empty-title {
    font-weight: 600;
  }
  /* The commands wrap (a copy keeps each on its line): a box that scrolls sideways would need a
     keyboard stop of its own, and a phone would hide the end of the webhook's address. A wrapped
     command's next lines are indented under it, so two commands never read as three. */
  pre {
    margin: 0 0 8px;
    padding: 8px;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    border-radius: 6px;
    background: color-mix(in srgb, currentColor 6%, transparent);
    font-size: 0.85rem;
  }
  pre code {
    display: block;
    padding-inline-start: 2ch;
    text-indent: -2ch;
  }
  .note {
    margin: 8px 0 0;
    font-size: 0.85rem;
    color: var(--_muted);
  }

  /* ── Key numbers ──────────────────────────────────────────────────────────────────────────── */
  .results[aria-busy='true'] {
    cursor: progress;
  }
  .numbers {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
    gap: 8px;
    margin: 12px 0 0;
  }
  .numbers div {
    padding: 8px 10px;
    border: var(--_border);
    border-radius: var(--_radius);
  }
  .numbers dt {
    font-size: 0.8rem;
    color: var(--_muted);
  }
  .numbers dd {
    margin: 2px 0 0;
    font-size: 1.4rem;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  .download {
    margin: 8px 0 0;
    font-weight: 600;
  }

  /* ── Charts and their tables ──────────────────────────────────────────────────────────────── */
  .chart {
    margin-block-start: 16px;
  }
  .plot {
    display: grid;
    font-size: 0.75rem;
    color: var(--_muted);
  }
  .plot svg {
    display: block;
    width: 100%;
    height: var(--dh-insights-chart-height, 160px);
    border-block-end: var(--_border);
  }
  /* Right to left, time runs from the right too: the drawing is mirrored, as its axis's labels are. */
  .plot svg:dir(rtl) {
    transform: scaleX(-1);
  }
  rect {
    fill: var(--_accent);
  }
  @media (forced-colors: active) {
    rect {
      fill: CanvasText;
    }
  }
  .axis {
    display: flex;
    justify-content: space-between;
    gap: 8px;
  }
  /* 24 px at least: a target a finger or a shaky hand finds (WCAG 2.2, 2.5.8). */
  summary {
    min-height: 24px;
    margin-block-start: 4px;
    padding-block: 2px;
    box-sizing: border-box;
    cursor: pointer;
    font-size: 0.9rem;
  }
  .table {
    max-height: 20rem;
    overflow: auto;
  }
  table {
    border-collapse: collapse;
    font-size: 0.85rem;
    font-variant-numeric: tabular-nums;
  }
  th,
  td {
    padding: 2px 10px 2px 0;
    text-align: end;
    border-block-end: var(--_border);
  }
  th:first-child {
    text-align: start;
  }

  /* ── Questions ────────────────────────────────────────────────────────────────────────────── */
  .questions {
    margin-block-start: 16px;
  }
  /* Room for "20." before the twentieth question. */
  .questions ol {
    margin: 0;
    padding-inline-start: 2.25em;
  }
  .questions li {
    overflow-wrap: anywhere;
  }
  .asked {
    color: var(--_muted);
    font-size: 0.85rem;
  }
`;
