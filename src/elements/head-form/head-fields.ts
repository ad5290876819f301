/**
 * The fields of `<dh-head-form>`: a label, the control, a hint and the message next to it, wired
 * with `aria-invalid` and `aria-describedby`. Hidden fields stay in the form, so what was typed
 * is kept when the mode or the streaming switch hides them.
 */
import { html, nothing } from 'lit';
import type { Errors, Field } from './head-request.js';
import type { HeadFormMessages } from './messages.js';

// A field's label is its name in the form-level message (its message of the same key), and its
// control's name is the field's own unless given.

export function renderText(
  m: HeadFormMessages,
  errors: Errors,
  field: Field,
  o: {
    name?: string;
    type?: string;
    required?: boolean;
    placeholder?: string;
    hint?: string;
    autocomplete?: string;
    hidden?: boolean;
  },
) {
  return html`<div class="field" part="field" ?hidden=${o.hidden}>
    <label for=${field}>${m[field]}${o.required ? html`<span class="req" aria-hidden="true"> *</span>` : nothing}</label>
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
    ${o.hint ? html`<p id="${field}-hint" class="hint">${o.hint}</p>` : nothing} ${renderError(m, errors, field)}
  </div>`;
}

export function renderArea(
  m: HeadFormMessages,
  errors: Errors,
  field: Field,
  hint: string,
  hidden = false,
  name: string = field,
) {
  return html`<div class="field" part="field" ?hidden=${hidden}>
    <label for=${field}>${m[field]}</label>
    <textarea id=${field} part="input" data-field=${field} name=${name} rows="3" aria-invalid=${!!errors[field]} aria-describedby=${describedBy(errors, field, hint)}></textarea>
    <p id="${field}-hint" class="hint">${hint}</p>
    ${renderError(m, errors, field)}
  </div>`;
}

export function renderSelect(
  m: HeadFormMessages,
  errors: Errors,
  field: Field,
  name: string,
  options: [string, string][],
  onChange?: (e: Event) => void,
) {
  return html`<div class="field" part="field">
    <label for=${field}>${m[field]}</label>
    <select id=${field} part="input" data-field=${field} name=${name} @change=${onChange ?? nothing} aria-describedby=${describedBy(errors, field)}>
      ${options.map(([value, text]) => html`<option value=${value}>${text}</option>`)}
    </select>
    ${renderError(m, errors, field)}
  </div>`;
}

function describedBy(errors: Errors, field: Field, hint?: string) {
  const ids = [hint ? `${field}-hint` : '', errors[field] ? `${field}-error` : '']
    .filter(Boolean)
    .join(' ');
  return ids || nothing;
}

/** The message next to a field, in the form's locale of the moment. */
export function renderError(m: HeadFormMessages, errors: Errors, field: Field) {
  const problem = errors[field];
  return problem
    ? html`<p id="${field}-error" class="field-error" part="field-error">${problem(m)}</p>`
    : nothing;
}
