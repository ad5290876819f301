import { css } from 'lit';

export const styles = css`
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 16px;
    align-items: center;
    margin-bottom: 8px;
  }
  .grid {
    position: relative;
    height: var(--dh-face-picker-height, 420px);
    overflow: auto;
    border: var(--_border);
    border-radius: var(--_radius);
    box-sizing: border-box;
    outline: none;
  }
  .grid:focus-visible {
    box-shadow: 0 0 0 3px color-mix(in srgb, var(--_accent) 45%, transparent);
  }
  :host([disabled]) .grid,
  .grid[aria-disabled='true'] {
    opacity: 0.55;
  }
  .grid[aria-disabled='true'] {
    /* A disabled grid is out of the tab order, so it does not scroll either: a scroller that no
       keyboard can reach fails WCAG 2.1.1 (axe scrollable-region-focusable), as in the voice
       picker. !important: the virtualizer sets overflow inline (through CSSOM). */
    overflow: hidden !important;
  }
  .row {
    display: grid;
    grid-template-columns: repeat(var(--_cols, 4), minmax(0, 1fr));
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
    font-weight: 600;
    font-size: 0.9rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .meta {
    font-size: 0.78rem;
    opacity: 0.75;
  }
  .check {
    position: absolute;
    top: 8px;
    right: 8px;
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
