import { css } from './css.js';

/**
 * Heard, not seen (`.sr-only`): what the pickers' searches left, the studio's progress. One
 * stylesheet for every element that has such text.
 */
export const srOnly = css`
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
