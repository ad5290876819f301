// The demo's page's own form around the pickers: they are plain form controls; submitting posts
// the form to the proxy's admin route (open on loopback in simulator mode) and previews the head.
// The voice's provider is not sent: the proxy takes it from the voice list (a value restored by
// the browser comes without a `dh-select`).
import './language.js';
import '../src/elements/avatar/avatar.js';
import '../src/elements/face-picker/face-picker.js';
import '../src/elements/voice-picker/voice-picker.js';
import { ApiRequestError, requestJson, type Schema } from '../src/api/client.js';
import { createdHeadSchema, type CreatedHead } from '../src/api/answers.js';
import { showMode } from './mode.js';

const form = document.getElementById('head-form') as HTMLFormElement;
const streaming = document.getElementById('streaming') as HTMLInputElement;
const voice = document.getElementById('voice') as HTMLElement & { streaming: boolean };
const status = document.getElementById('form-status')!;
const greetingField = document.getElementById('greeting-field')!;
streaming.addEventListener('change', () => {
  // Spec, Heads rule 1: streaming avatars use one TTS provider and have no greeting.
  voice.streaming = streaming.checked;
  greetingField.hidden = streaming.checked;
});

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!form.reportValidity()) return;
  const data = new FormData(form);
  const body = {
    name: String(data.get('name')),
    headVisualId: String(data.get('headVisualId')),
    ttsVoice: String(data.get('ttsVoice')),
    language: String(data.get('language')),
    languageSpeechRecognition: String(data.get('language')),
    operationMode: String(data.get('operationMode')),
    greetings: streaming.checked ? '' : String(data.get('greetings') ?? ''),
    promptConfig: { system_prompt: String(data.get('system_prompt') ?? '') },
    streaming: streaming.checked,
  };
  status.textContent = 'Creating the head…';
  try {
    const head = await requestJson('/dh', '/heads', createdHeadSchema as Schema<CreatedHead>, {
      method: 'POST',
      body,
    });
    status.textContent = `Created ${head.name}.`;
    document.getElementById('result-json')!.textContent = JSON.stringify(head, null, 2);
    const preview = document.getElementById('preview') as HTMLElement & {
      headId: string;
      view: string;
    };
    preview.view = head.streaming ? 'stream' : 'chat';
    preview.headId = head.id;
    document.getElementById('result')!.hidden = false;
  } catch (err) {
    status.textContent =
      err instanceof ApiRequestError ? err.message : 'The head could not be created.';
  }
});

showMode();
