import { css } from '../shared/css.js';

/**
 * `<dh-video-studio>`: its own tokens (`--dh-video-studio-*`), falling back to the pickers' shared
 * ones (`--dh-picker-*`) so a back office themed once looks the same everywhere.
 */
export const styles = css`
  :host {
    --_accent: var(--dh-video-studio-accent, var(--dh-picker-accent, #2563eb));
    --_radius: var(--dh-video-studio-radius, var(--dh-picker-radius, 10px));
    --_border: var(--dh-video-studio-border, var(--dh-picker-border, 1px solid color-mix(in srgb, currentColor 20%, transparent)));
    --_error: var(--dh-video-studio-error-color, var(--dh-picker-error-color, #b91c1c));
    --_muted: color-mix(in srgb, currentColor 70%, transparent);
    display: block;
    font-family: var(--dh-video-studio-font, var(--dh-picker-font, system-ui, sans-serif));
  }
  :host([hidden]) {
    display: none;
  }
  button,
  textarea {
    font: inherit;
  }
  button {
    padding: 6px 14px;
    border-radius: 6px;
    border: var(--_border);
    background: Canvas;
    color: CanvasText;
    cursor: pointer;
  }
  button:disabled,
  button[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.55;
  }
  button:focus-visible,
  textarea:focus-visible,
  a:focus-visible,
  video:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }

  /* ── The form ───────────────────────────────────────────────────────────────────────────── */
  form {
    display: grid;
    gap: 6px;
  }
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  textarea {
    box-sizing: border-box;
    width: 100%;
    min-height: var(--dh-video-studio-text-height, 6.5em);
    padding: 8px 10px;
    border: var(--_border);
    border-radius: var(--_radius);
    background: Canvas;
    color: CanvasText;
    resize: vertical;
  }
  textarea[aria-invalid='true'] {
    border-color: var(--_error);
  }
  .field-info {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 4px 12px;
    font-size: 0.8rem;
    color: var(--_muted);
  }
  .invalid {
    color: var(--_error);
    font-weight: 600;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
  }
  /* The primary action: 44 px, a thumb's target (WCAG 2.2). */
  .generate {
    min-height: 44px;
    border-color: var(--_accent);
    background: var(--_accent);
    color: white;
    font-weight: 600;
  }
  .hint {
    font-size: 0.8rem;
    color: var(--_muted);
  }

  /* ── Progress, notes, errors ────────────────────────────────────────────────────────────── */
  .job {
    margin: 12px 0 0;
  }
  .progress {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
    padding: 10px 12px;
    border: var(--_border);
    border-radius: var(--_radius);
  }
  .progress progress {
    flex: 1 1 120px;
    accent-color: var(--_accent);
  }
  .elapsed {
    font-variant-numeric: tabular-nums;
    font-weight: 600;
  }
  .note,
  .state {
    margin: 0;
    padding: 10px 12px;
  }
  .error {
    color: var(--_error);
  }
  .error button,
  .note button,
  .state button {
    margin-inline-start: 8px;
  }

  /* ── The player ─────────────────────────────────────────────────────────────────────────── */
  .player {
    margin: 12px 0 0;
    display: grid;
    gap: 8px;
  }
  /* The box is reserved before the video's metadata arrives, so nothing below it jumps. */
  .player video {
    display: block;
    width: 100%;
    max-height: var(--dh-video-studio-player-max-height, 480px);
    aspect-ratio: var(--dh-video-studio-aspect-ratio, 4 / 5);
    border-radius: var(--_radius);
    background: var(--dh-video-studio-video-background, #111827);
    object-fit: contain;
  }
  .player figcaption {
    display: grid;
    gap: 4px;
  }
  .said {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .meta {
    font-size: 0.8rem;
    color: var(--_muted);
  }
  .download {
    justify-self: start;
    color: var(--_accent);
    font-weight: 600;
  }
  .download[aria-busy='true'] {
    cursor: progress;
  }
  .download-error {
    margin: 0;
  }

  /* ── The gallery ────────────────────────────────────────────────────────────────────────── */
  .gallery {
    margin-block-start: 20px;
  }
  .gallery h3 {
    margin: 0 0 8px;
    font-size: 1rem;
  }
  /* Loading, empty and error keep the height of a row of videos (at the narrowest column), so
     what is below the studio barely moves when they arrive (CLS). */
  .gallery > .state {
    min-height: calc((var(--dh-video-studio-item-width, 180px) - 18px) * 1.25 + 6.25em);
    align-content: center;
    text-align: center;
    border: var(--_border);
    border-radius: var(--_radius);
  }
  .items {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(var(--dh-video-studio-item-width, 180px), 1fr));
    gap: 10px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  /* Not faded while the next page loads: faded text would fail contrast (WCAG 1.4.3). */
  .items[aria-busy='true'] {
    cursor: progress;
  }
  .item {
    display: grid;
    align-content: start;
    gap: 6px;
    width: 100%;
    height: 100%;
    box-sizing: border-box;
    padding: 8px;
    border-radius: var(--_radius);
    text-align: start;
  }
  .item[aria-current='true'] {
    border-color: var(--_accent);
    box-shadow: 0 0 0 2px var(--_accent);
  }
  .item video {
    display: block;
    width: 100%;
    aspect-ratio: var(--dh-video-studio-aspect-ratio, 4 / 5);
    border-radius: calc(var(--_radius) - 4px);
    background: var(--dh-video-studio-video-background, #111827);
    object-fit: cover;
    pointer-events: none;
  }
  .item .said {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    line-clamp: 3;
    overflow: hidden;
    white-space: normal;
  }
  .pager {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 12px;
    margin-block-start: 10px;
  }
  .page {
    font-variant-numeric: tabular-nums;
  }
`;
