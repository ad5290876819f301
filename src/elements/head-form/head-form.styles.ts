import { css } from '../shared/css.js';

export const styles = css`
  :host {
    --_accent: var(--dh-head-form-accent, #2563eb);
    --_error: var(--dh-head-form-error-color, #b91c1c);
    --_gap: var(--dh-head-form-gap, 16px);
    --_border: 1px solid color-mix(in srgb, currentColor 25%, transparent);
    display: block;
    font-family: var(--dh-head-form-font, system-ui, sans-serif);
    /* The pickers inside follow the form's accent. */
    --dh-picker-accent: var(--_accent);
  }
  :host([hidden]),
  [hidden] {
    display: none !important;
  }
  form,
  .result {
    display: grid;
    gap: var(--_gap);
  }
  .field {
    display: grid;
    gap: 4px;
    margin: 0;
    min-width: 0;
  }
  fieldset {
    border: var(--_border);
    border-radius: 10px;
    padding: 8px 12px 12px;
  }
  legend,
  label {
    font-weight: 600;
  }
  .row {
    display: grid;
    /* min(): on a phone narrower than two columns, one column as wide as the form, never wider. */
    grid-template-columns: repeat(auto-fit, minmax(min(200px, 100%), 1fr));
    gap: var(--_gap);
  }
  input,
  select,
  textarea,
  button {
    font: inherit;
  }
  input:not([type='checkbox']),
  select,
  textarea {
    /* A long option widens a select: never past its field. */
    max-width: 100%;
    min-width: 0;
    padding: 6px 10px;
    border: var(--_border);
    border-radius: 6px;
    background: Canvas;
    color: CanvasText;
  }
  textarea {
    resize: vertical;
  }
  :is(input, select, textarea, button):focus-visible {
    outline: 3px solid color-mix(in srgb, var(--_accent) 55%, transparent);
    outline-offset: 1px;
  }
  [aria-invalid='true'] {
    border-color: var(--_error);
  }
  .hint {
    margin: 0;
    font-size: 0.85rem;
    opacity: 0.8;
  }
  .req {
    color: var(--_error);
  }
  .field-error {
    margin: 0;
    color: var(--_error);
    font-size: 0.9rem;
  }
  .field-error::before {
    content: '⚠ ';
  }
  .switch {
    display: inline-flex;
    align-items: center;
    gap: 10px;
    cursor: pointer;
  }
  .switch input {
    appearance: none;
    width: 44px;
    height: 24px;
    margin: 0;
    border-radius: 12px;
    background: color-mix(in srgb, currentColor 30%, transparent);
    position: relative;
    cursor: pointer;
    transition: background 0.15s;
  }
  /* The knob moves toward the end of the line, whichever way the page writes. */
  .switch input::after {
    content: '';
    position: absolute;
    inset-block-start: 3px;
    inset-inline-start: 3px;
    width: 18px;
    height: 18px;
    border-radius: 50%;
    background: Canvas;
    transition: inset-inline-start 0.15s;
  }
  .switch input:checked {
    background: var(--_accent);
  }
  .switch input:checked::after {
    inset-inline-start: 23px;
  }
  @media (prefers-reduced-motion: reduce) {
    .switch input,
    .switch input::after {
      transition: none;
    }
  }
  .notice {
    margin: 0;
    padding: 10px 12px;
    border-inline-start: 4px solid var(--_accent);
    background: color-mix(in srgb, var(--_accent) 8%, transparent);
  }
  .actions {
    display: flex;
    gap: 8px;
    flex-wrap: wrap;
  }
  /* 44 px: a thumb's target (WCAG 2.2), the radios 24 px. */
  button {
    min-height: 44px;
    padding: 8px 16px;
    border-radius: 8px;
    border: var(--_border);
    background: Canvas;
    color: CanvasText;
    cursor: pointer;
  }
  button[type='submit'] {
    background: var(--_accent);
    border-color: var(--_accent);
    color: #fff;
    font-weight: 600;
  }
  button:disabled {
    opacity: 0.6;
    cursor: progress;
  }
  .status {
    margin: 0;
    min-height: 1.4em;
  }
  .status.failure {
    color: var(--_error);
  }
  .result h3 {
    margin: 0;
  }
  .result h3:focus {
    outline: none;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 4px 12px;
    margin: 0;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  dh-avatar {
    max-width: 420px;
  }
  .embed h4 {
    margin: 0 0 4px;
  }
  /* Code, ids and addresses keep their own (LTR) direction in any page. */
  pre,
  code,
  input[type='url'] {
    direction: ltr;
    unicode-bidi: isolate;
  }
  .embed pre {
    margin: 8px 0;
    padding: 10px 12px;
    border-radius: 8px;
    background: color-mix(in srgb, currentColor 7%, transparent);
    font-size: 0.8rem;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .layouts {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 16px;
  }
  .layouts label {
    font-weight: 400;
  }
  .where {
    display: grid;
    gap: 4px;
    margin-top: 12px;
  }
  .where h5 {
    margin: 0;
    font-size: 1rem;
  }
  .where p {
    margin: 0;
  }
  .allowed {
    overflow-wrap: anywhere;
  }
  .allow {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  /* The field shrinks on a phone: never wider than the form. */
  .allow input {
    flex: 1 1 12rem;
    min-width: 0;
    min-height: 44px;
  }
  /* min-: a radio's width and height are not always its size (Chromium keeps 13 px). */
  .layouts input {
    min-width: 24px;
    min-height: 24px;
    vertical-align: middle;
  }
`;
