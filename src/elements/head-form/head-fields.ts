/**
 * The fields of `<dh-head-form>`: a label, the control, a hint and the message next to it, wired
 * with `aria-invalid` and `aria-describedby`. Hidden fields stay in the form, so what was typed
 * is kept when the mode or the streaming switch hides them.
 */
import { html, nothing } from 'lit';
import { FIELD_LABELS, type Errors, type Field } from './head-request.js';

// A field's label is its name in the form-level message (FIELD_LABELS), and its control's name is
// the field's own unless given.

export function renderText(
  errors: Errors,
  field: Field,
  o: { name?: string; type?: string; required?: boolean; placeholder?: string; hint?: string; autocomplete?: string; hidden?: boolean },
) {
  return html`<div class="field" part="field" ?hidden=${o.hidden}>
    <label for=${field}>${FIELD_LABELS[field]}${o.required ? html`<span class="req" aria-hidden="true"> *</span>` : nothing}</label>
    <input
      id=${field}
      part="input"
      data-field=${field}
      name=${o.name ?? field}
      type=${o.type ?? 'text'}
      ?required=${o.required}
      placeholder=${o.placeholder ?? nothing}
      autocomplete=${o.autocomplete ?? nothing}
      aria-invalid=${!!errors[field]}
      aria-describedby=${describedBy(errors, field, o.hint)}
    />
    ${o.hint ? html`<p id="${field}-hint" class="hint">${o.hint}</p>` : nothing} ${renderError(errors, field)}
  </div>`;
}

export function renderArea(errors: Errors, field: Field, hint: string, hidden = false, name: string = field) {
  return html`<div class="field" part="field" ?hidden=${hidden}>
    <label for=${field}>${FIELD_LABELS[field]}</label>
    <textarea id=${field} part="input" data-field=${field} name=${name} rows="3" aria-invalid=${!!errors[field]} aria-describedby=${describedBy(errors, field, hint)}></textarea>
    <p id="${field}-hint" class="hint">${hint}</p>
    ${renderError(errors, field)}
  </div>`;
}

export function renderSelect(errors: Errors, field: Field, name: string, options: [string, string][], onChange?: (e: Event) => void) {
  return html`<div class="field" part="field">
    <label for=${field}>${FIELD_LABELS[field]}</label>
    <select id=${field} part="input" data-field=${field} name=${name} @change=${onChange ?? nothing} aria-describedby=${describedBy(errors, field)}>
      ${options.map(([value, text]) => html`<option value=${value}>${text}</option>`)}
    </select>
    ${renderError(errors, field)}
  </div>`;
}

function describedBy(errors: Errors, field: Field, hint?: string) {
  const ids = [hint ? `${field}-hint` : '', errors[field] ? `${field}-error` : ''].filter(Boolean).join(' ');
  return ids || nothing;
}

export function renderError(errors: Errors, field: Field) {
  const message = errors[field];
  return message ? html`<p id="${field}-error" class="field-error" part="field-error">${message}</p>` : nothing;
}

