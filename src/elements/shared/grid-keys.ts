/** Where a grid stands when a key is pressed: the active cell, its shape, and a page's rows. */
export interface GridPosition {
  active: number;
  cols: number;
  total: number;
  /** Rows that PageUp/PageDown move by: as many as the grid shows whole. */
  pageRows: number;
  /** Read right to left (`dir="rtl"`): the cells flow from the right, and so do ArrowLeft/ArrowRight. */
  rtl?: boolean;
}

/**
 * The cell a navigation key moves to in a grid read row by row, in the reading direction (APG grid: arrows, Home/End in the
 * row, Ctrl+Home/End to the first and last cell, PageUp/PageDown by a view of rows); undefined
 * for any other key.
 */
export function gridTarget(
  key: string,
  ctrlKey: boolean,
  { active: i, cols, total, pageRows, rtl }: GridPosition,
): number | undefined {
  const rowStart = i - (i % cols);
  // In reading order: the next cell is on the left of a right-to-left grid (APG).
  if (rtl && (key === 'ArrowRight' || key === 'ArrowLeft'))
    key = key === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
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
