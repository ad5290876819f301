import { html, nothing } from 'lit';
import type { FaceItem } from '../../api/answers.js';
import type { PagedList } from '../shared/paged-list.js';
import type { PickerMessages } from '../shared/picker-messages.js';
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
  /** The picker's words, in its locale. */
  m: PickerMessages;
}

/** One row of the grid: `cols` faces from `row × cols`, the last row maybe shorter. */
export function renderRow(list: PagedList<FaceItem>, row: number, state: RowState) {
  const start = row * state.cols;
  const cells = Array.from({ length: Math.min(state.cols, list.total - start) }, (_, c) =>
    renderCell(list, start + c, c, state),
  );
  return html`<div class="row" role="row" aria-rowindex=${row + 1}>${cells}</div>`;
}

/**
 * A face, or its placeholder until its page arrives ("Loading…", or "Not loaded" when the page
 * failed: a click asks it again, as Enter does). One template for both: a row's cells are
 * updated in place when their page lands.
 */
function renderCell(list: PagedList<FaceItem>, index: number, col: number, s: RowState) {
  const {
    item: face,
    selected,
    failed,
    classes,
    placeholder,
  } = slotOf(list, index, s.active, (f) => f.id === s.value, s.m);
  const playIdle =
    face &&
    (index === s.hover || (index === s.active && s.focused)) &&
    face.videoUrl &&
    !s.reducedMotion;
  // The videos have tabindex=-1: Firefox makes every <video> a tab stop, so Tab from the grid
  // landed on the idle video, which the grid's blur then removed, and focus fell to <body>.
  return html`<div
    class="cell ${classes}"
    part="cell"
    role="gridcell"
    id="cell-${index}"
    data-index=${index}
    aria-colindex=${col + 1}
    aria-selected=${selected}
    aria-busy=${face || failed ? nothing : 'true'}
    @click=${() => s.onChoose(index)}
    @pointerenter=${() => s.onPointerEnter(index)}
    @pointerleave=${() => s.onPointerLeave(index)}
  >
    <div class="thumb">
      ${
        face?.thumbnail?.kind === 'image'
          ? html`<img src=${face.thumbnail.url} alt="" loading="lazy" decoding="async" />`
          : face?.thumbnail
            ? html`<video src="${face.thumbnail.url}#t=0.1" muted playsinline preload="metadata" aria-hidden="true" tabindex="-1"></video>`
            : nothing
      }
      ${playIdle ? html`<video src=${face!.videoUrl!} muted loop autoplay playsinline aria-hidden="true" tabindex="-1"></video>` : nothing}
      ${selected ? html`<span class="check" aria-hidden="true">✓</span>` : nothing}
    </div>
    <span class="name">${face ? face.name : placeholder}</span>
    <span class="meta">${face ? genderLabel(face.gender, s.m) : nothing}</span>
  </div>`;
}
