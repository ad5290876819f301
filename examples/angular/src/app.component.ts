import { CUSTOM_ELEMENTS_SCHEMA, Component, signal } from '@angular/core';
import { FormsModule, type NgForm } from '@angular/forms';

@Component({
  selector: 'app-root',
  imports: [FormsModule],
  // dh-* tags are custom elements: Angular lets their attributes and properties through.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>An Angular page with a digital human</h1>
      <dh-avatar [attr.head-id]="headId" view="chat"></dh-avatar>
      <!-- ngDefaultControl: the pickers are form controls with a value and input events, as a text field. -->
      <form #f="ngForm" (ngSubmit)="save(f)">
        <dh-face-picker name="face" ngModel ngDefaultControl required></dh-face-picker>
        <dh-voice-picker name="voice" ngModel ngDefaultControl required voice-locale="en"></dh-voice-picker>
        <p id="chosen">Face: {{ f.value.face || '—' }} · Voice: {{ f.value.voice || '—' }}</p>
        <button>Save</button>
      </form>
      @if (saved()) {
        <pre id="saved">{{ saved() }}</pre>
      }
    </main>
  `,
})
export class AppComponent {
  readonly headId = document.querySelector<HTMLMetaElement>('meta[name="dh-head"]')?.content ?? '';
  readonly saved = signal('');

  /** Posts the form's values to the site's server, which answers with what it received. */
  async save(form: NgForm): Promise<void> {
    const body = new URLSearchParams(form.value as Record<string, string>);
    const answer = await fetch('/submit', { method: 'POST', body });
    this.saved.set(JSON.stringify(await answer.json()));
  }
}
