/**
 * The insights' bar charts: an SVG drawn from the numbers (no chart library), named for screen
 * readers by a summary, each bar's number in its tooltip (`<title>`), then the same numbers as a
 * table behind "Show as table" (a native disclosure: keyboard and screen readers know it).
 */
import { html, svg } from 'lit';

/** The drawing's own units: bars are `SLOT` wide side by side, at most `HEIGHT` tall. */
const HEIGHT = 100;
const SLOT = 10;
const BAR = 8;

export interface Chart {
  /** The chart's id: its heading's is `${id}-title`. */
  id: string;
  heading: string;
  /** What a screen reader hears for the picture (the figures are in the table). */
  summary: string;
  /** One bar per row: its value, its tooltip, and the table's cells (label first). */
  bars: { value: number; title: string; cells: string[] }[];
  /** The axis below the bars: its first and last labels. */
  axis: [string, string];
  /** The table's column headings. */
  columns: string[];
  /** "Show as table". */
  showTable: string;
  /** The largest value, formatted (the scale's top). */
  top: string;
}

/**
 * A chart and its table. The drawing stretches to its box (`preserveAspectRatio="none"`), so it
 * fits a 390 px phone and a wide screen alike; its text is HTML beside it, never stretched.
 */
export function renderChart(chart: Chart) {
  const most = Math.max(0, ...chart.bars.map((bar) => bar.value));
  const width = chart.bars.length * SLOT;
  const bars = chart.bars.map((bar, index) => {
    const height = most ? (bar.value / most) * HEIGHT : 0;
    return svg`<rect x=${index * SLOT + (SLOT - BAR) / 2} y=${HEIGHT - height} width=${BAR} height=${height}><title>${bar.title}</title></rect>`;
  });
  // A div, not a named section: a region landmark for each chart would be noise in the page's list.
  return html`<div class="chart" part="chart">
    <h3 id="${chart.id}-title">${chart.heading}</h3>
    <div class="plot">
      <span class="top" aria-hidden="true">${chart.top}</span>
      <svg id=${chart.id} role="img" aria-label=${chart.summary} viewBox="0 0 ${width} ${HEIGHT}" preserveAspectRatio="none">${bars}</svg>
      <span class="axis" aria-hidden="true"><span>${chart.axis[0]}</span><span>${chart.axis[1]}</span></span>
    </div>
    <details part="table">
      <summary>${chart.showTable}</summary>
      <!-- A long table scrolls in its own box: a focusable region, so a keyboard scrolls it too. -->
      <div class="table" tabindex="0" role="region" aria-labelledby="${chart.id}-title">
        <table aria-labelledby="${chart.id}-title">
          <thead><tr>${chart.columns.map((column) => html`<th scope="col">${column}</th>`)}</tr></thead>
          <tbody>${chart.bars.map(
            ({ cells: [label, ...numbers] }) =>
              html`<tr><th scope="row">${label}</th>${numbers.map((cell) => html`<td>${cell}</td>`)}</tr>`,
          )}</tbody>
        </table>
      </div>
    </details>
  </div>`;
}
