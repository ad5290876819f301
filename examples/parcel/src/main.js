// One import per element the page uses (each registers its tag). Parcel resolves `dh-kit/*`
// through the package's exports only with packageExports on (package.json).
import 'dh-kit/avatar';
import 'dh-kit/face-picker';
import 'dh-kit/voice-picker';

// Each picker's value (the face id, the voice id), shown at each choice: the pickers fire
// `change` on the form, as native controls do.
const form = document.querySelector('form');
const face = form.querySelector('dh-face-picker');
const voice = form.querySelector('dh-voice-picker');
form.addEventListener('change', () => {
  document.querySelector('#chosen').textContent =
    `Face: ${face.value || '—'} · Voice: ${voice.value || '—'}`;
});
