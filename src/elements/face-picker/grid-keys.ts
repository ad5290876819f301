/** Where a grid stands when a key is pressed: the active cell, its shape, and a page's rows. */
export interface GridPosition {
  active: number;
  cols: number;
  total: number;
  /** Rows that PageUp/PageDown move by: as many as the grid shows whole. */
  pageRows: number;
}

/**
 * The cell a navigation key moves to in a grid read row by row (APG grid: arrows, Home/End in the
 * row, Ctrl+Home/End to the first and last cell, PageUp/PageDown by a view of rows); undefined
 * for any other key.
 */
export function gridTarget(key: string, ctrlKey: boolean, { active: i, cols, total, pageRows }: GridPosition): number | undefined {
  const rowStart = i - (i % cols);
  switch (key) {
    case 'ArrowRight':
      return Math.min(total - 1, i + 1);
    case 'ArrowLeft':
      return Math.max(0, i - 1);
    case 'ArrowDown':
      return i + cols < total ? i + cols : i;
    case 'ArrowUp':
      return i - cols >= 0 ? i - cols : i;
    case 'Home':
      return ctrlKey ? 0 : rowStart;
    case 'End':
      return ctrlKey ? total - 1 : Math.min(total - 1, rowStart + cols - 1);
    case 'PageDown':
      return Math.min(total - 1, i + pageRows * cols);
    case 'PageUp':
      return Math.max(0, i - pageRows * cols);
    default:
      return undefined;
  }
}
