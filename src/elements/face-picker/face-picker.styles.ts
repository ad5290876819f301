import { css } from '../shared/css.js';

export const styles = css`
  :host {
    --_height: var(--dh-face-picker-height, 420px);
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 16px;
    align-items: center;
    margin-block-end: 8px;
  }
  /* The search takes the rest of the line: the toolbar stays one line high. */
  .toolbar label:last-child,
  .toolbar input {
    flex: 1;
    min-width: 0;
  }
  .row {
    display: grid;
    grid-template-columns: repeat(var(--_columns, 4), minmax(0, 1fr));
    gap: 10px;
    width: 100%;
    /* On the rows, not the grid: the virtualizer positions rows from the grid's padding edge. */
    padding: 8px 8px 2px;
    box-sizing: border-box;
  }
  .cell {
    position: relative;
    display: flex;
    flex-direction: column;
    gap: 2px;
    padding: 4px;
    border-radius: var(--_radius);
    border: 2px solid transparent;
    cursor: pointer;
    min-width: 0;
  }
  .cell[aria-selected='true'] {
    border-color: var(--_accent);
    background: color-mix(in srgb, var(--_accent) 10%, transparent);
  }
  .grid:focus-visible .cell.active {
    outline: 2px dashed var(--_accent);
    outline-offset: 1px;
  }
  .thumb {
    position: relative;
    aspect-ratio: 4 / 5;
    border-radius: calc(var(--_radius) - 4px);
    overflow: hidden;
    background: color-mix(in srgb, currentColor 10%, transparent);
  }
  .thumb img,
  .thumb video {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .name {
    font-size: 0.9rem;
  }
  .check {
    position: absolute;
    inset-block-start: 8px;
    inset-inline-end: 8px;
    width: 22px;
    height: 22px;
    border-radius: 50%;
    background: var(--_accent);
    color: #fff;
    display: grid;
    place-items: center;
    font-size: 14px;
  }
  .placeholder .thumb {
    animation: pulse 1.2s ease-in-out infinite;
  }
  /* A page that failed: no longer "loading", the error below the grid says why. */
  .placeholder.failed {
    cursor: default;
  }
  .placeholder.failed .thumb {
    animation: none;
  }
  @keyframes pulse {
    50% {
      opacity: 0.5;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .placeholder .thumb {
      animation: none;
    }
  }
`;
