import { css } from '../shared/css.js';

export const styles = css`
  :host {
    --_height: var(--dh-voice-picker-height, 320px);
  }
  .search {
    display: flex;
    margin-block-end: 8px;
  }
  .search label {
    flex: 1;
  }
  .search input {
    flex: 1;
    min-width: 0;
  }
  /* Each label (1rem) above its select, 10rem wide at least, so that "All providers" shows whole:
     a phone puts the third filter on a row of its own. The rows follow the width, not the options
     arriving (no shift under the user). */
  .filters {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin-block-end: 8px;
  }
  .filters label {
    flex: 1 1 10rem;
    display: grid;
    gap: 2px;
    line-height: 1rem;
  }
  .note {
    margin: 0 0 8px;
    font-size: 0.85rem;
  }
  .listbox[aria-busy='true'] {
    cursor: progress;
  }
  .group,
  .option {
    /* The virtualizer positions rows absolutely: they take the listbox's width themselves. */
    width: 100%;
    box-sizing: border-box;
  }
  .group {
    padding: 10px 12px 4px;
    font-size: 0.75rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    background: Canvas;
  }
  .option {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 6px 12px;
    cursor: pointer;
    border-inline-start: 3px solid transparent;
  }
  .option:hover {
    background: color-mix(in srgb, currentColor 6%, transparent);
  }
  .option[aria-selected='true'] {
    border-inline-start-color: var(--_accent);
    background: color-mix(in srgb, var(--_accent) 12%, transparent);
  }
  /* The active option is only marked while the listbox has keyboard focus (APG listbox). */
  .listbox:focus-visible .option.active {
    outline: 2px solid var(--_accent);
    outline-offset: -2px;
  }
  /* Not loaded yet: "Loading…" until its page arrives. */
  .option.placeholder {
    cursor: progress;
    opacity: 0.75;
  }
  .option.placeholder.failed {
    cursor: default;
  }
  .listbox[aria-disabled='true'] .option {
    cursor: not-allowed;
  }
  .text {
    display: flex;
    flex-direction: column;
    min-width: 0;
    flex: 1;
  }
  .name {
    font-size: 0.92rem;
  }
  .meta {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .check {
    color: var(--_accent);
    font-weight: 700;
  }
`;
