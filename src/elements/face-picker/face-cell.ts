import { html, nothing } from 'lit';
import type { FaceItem } from '../../api/answers.js';
import type { PagedList } from '../shared/paged-list.js';
import { genderLabel, slotOf } from '../shared/picker-states.js';

/** What a row of cells shows of the picker, and what its cells call. */
export interface RowState {
  cols: number;
  value: string;
  /** The cell keyboard focus is on (aria-activedescendant). */
  active: number;
  /** The cell under the pointer. */
  hover: number;
  /** The grid has keyboard focus. */
  focused: boolean;
  /** prefers-reduced-motion: no idle video plays. */
  reducedMotion: boolean;
  onChoose: (index: number) => void;
  onPointerEnter: (index: number) => void;
  onPointerLeave: (index: number) => void;
}

/** One row of the grid: `cols` faces from `row × cols`, the last row maybe shorter. */
export function renderRow(list: PagedList<FaceItem>, row: number, state: RowState) {
  const start = row * state.cols;
  const cells = Array.from({ length: Math.min(state.cols, list.total - start) }, (_, c) => start + c);
  return html`<div class="row" role="row" aria-rowindex=${row + 1}>${cells.map((i) => renderCell(list, i, i - start, state))}</div>`;
}

function renderCell(list: PagedList<FaceItem>, index: number, col: number, s: RowState) {
  const { item: face, selected, failed, classes, placeholder } = slotOf(list, index, s.active, (f) => f.id === s.value);
  if (!face) {
    return html`<div class="cell ${classes}" role="gridcell" id="cell-${index}" data-index=${index} aria-colindex=${col + 1} aria-selected="false" aria-busy=${failed ? nothing : 'true'}>
      <div class="thumb"></div><span class="name">${placeholder}</span>
    </div>`;
  }
  const playIdle = (index === s.hover || (index === s.active && s.focused)) && face.videoUrl && !s.reducedMotion;
  return html`<div
    class="cell ${classes}"
    part="cell"
    role="gridcell"
    id="cell-${index}"
    data-index=${index}
    aria-colindex=${col + 1}
    aria-selected=${selected ? 'true' : 'false'}
    @click=${() => s.onChoose(index)}
    @pointerenter=${() => s.onPointerEnter(index)}
    @pointerleave=${() => s.onPointerLeave(index)}
  >
    <div class="thumb">
      ${face.thumbnail?.kind === 'image'
        ? html`<img src=${face.thumbnail.url} alt="" loading="lazy" decoding="async" />`
        : face.thumbnail
          ? html`<video src="${face.thumbnail.url}#t=0.1" muted playsinline preload="metadata" aria-hidden="true"></video>`
          : nothing}
      ${playIdle ? html`<video src=${face.videoUrl!} muted loop autoplay playsinline aria-hidden="true"></video>` : nothing}
      ${selected ? html`<span class="check" aria-hidden="true">✓</span>` : nothing}
    </div>
    <span class="name">${face.name}</span>
    <span class="meta">${genderLabel(face.gender)}</span>
  </div>`;
}
