import { css } from 'lit';

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
  input,
  select {
    padding: 4px 8px;
    border: var(--_border);
    border-radius: 6px;
    background: Canvas;
    color: CanvasText;
  }
  .state {
    padding: 24px 8px;
    text-align: center;
  }
  /* A later page that failed: below the list, the list stays usable. */
  .page-error {
    margin: 8px 0 0;
    font-size: 0.9rem;
  }
  .state button,
  .page-error button {
    margin-left: 8px;
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
