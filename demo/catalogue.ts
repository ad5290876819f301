import './language.js';
import { ApiRequestError, requestJson } from '../src/api/client.js';
import {
  facesPageSchema,
  voicesListSchema,
  type FaceItem,
  type VoiceItem,
} from '../src/api/answers.js';
import { showMode } from './mode.js';

const endpoint = '/dh';
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function retryButton(onRetry: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = 'Retry';
  b.addEventListener('click', onRetry);
  return b;
}

function showError(status: HTMLElement, err: unknown, retry: () => void) {
  status.textContent =
    err instanceof ApiRequestError ? `${err.message} ` : 'Something went wrong. ';
  status.classList.add('error');
  status.append(retryButton(retry));
}

// ── Faces ──────────────────────────────────────────────────────────────────────────────────────
let facePage = 1;
let faceController: AbortController | undefined;

function faceCard(face: FaceItem): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'face';
  const thumb = face.thumbnail;
  if (thumb?.kind === 'image') {
    const img = document.createElement('img');
    img.src = thumb.url;
    img.alt = '';
    img.loading = 'lazy';
    img.width = 120;
    img.height = 150;
    li.append(img);
  } else if (thumb?.kind === 'video') {
    // The spec's last fallback: a paused, muted frame of the idle video.
    const video = document.createElement('video');
    video.src = `${thumb.url}#t=0.1`;
    video.muted = true;
    video.preload = 'metadata';
    video.width = 120;
    video.height = 150;
    video.setAttribute('aria-hidden', 'true');
    li.append(video);
  }
  const name = document.createElement('span');
  name.className = 'face-name';
  name.textContent = face.name;
  const gender = document.createElement('span');
  gender.className = 'face-gender';
  gender.textContent =
    face.gender === 'FEMALE' ? 'Female' : face.gender === 'MALE' ? 'Male' : face.gender;
  li.append(name, gender);
  return li;
}

async function loadFaces() {
  faceController?.abort();
  const controller = (faceController = new AbortController());
  const status = $('faces-status');
  status.classList.remove('error');
  status.textContent = 'Loading faces…';
  try {
    const page = await requestJson(endpoint, '/faces', facesPageSchema, {
      query: {
        page: facePage,
        take: 12,
        gender: $<HTMLSelectElement>('face-gender').value || undefined,
        q: $<HTMLInputElement>('face-q').value.trim() || undefined,
      },
      signal: controller.signal,
    });
    $('faces').replaceChildren(...page.items.map(faceCard));
    status.textContent =
      page.total === 0
        ? 'No face matches. Clear the search or choose another gender.'
        : `${page.total} faces`;
    $('faces-page').textContent = page.total ? `Page ${page.page} of ${page.pageCount}` : '';
    $<HTMLButtonElement>('faces-prev').disabled = page.page <= 1;
    $<HTMLButtonElement>('faces-next').disabled = !page.hasNextPage;
  } catch (err) {
    if (controller.signal.aborted) return;
    showError(status, err, loadFaces);
  }
}

$('face-gender').addEventListener('change', () => ((facePage = 1), loadFaces()));
$('face-q').addEventListener('input', () => ((facePage = 1), loadFaces()));
$('faces-prev').addEventListener('click', () => ((facePage -= 1), loadFaces()));
$('faces-next').addEventListener('click', () => ((facePage += 1), loadFaces()));

// ── Voices ─────────────────────────────────────────────────────────────────────────────────────
let voiceController: AbortController | undefined;
let providersFilled = false;

function voiceRow(v: VoiceItem): HTMLTableRowElement {
  const tr = document.createElement('tr');
  for (const text of [
    v.displayName,
    `${v.language} (${v.locale})`,
    v.gender === 'FEMALE' ? 'Female' : 'Male',
    v.provider,
    v.voiceId,
  ]) {
    const td = document.createElement('td');
    td.textContent = text;
    tr.append(td);
  }
  tr.lastElementChild!.className = 'mono';
  return tr;
}

async function loadVoices() {
  voiceController?.abort();
  const controller = (voiceController = new AbortController());
  const status = $('voices-status');
  status.classList.remove('error');
  status.textContent = 'Loading voices…';
  try {
    const list = await requestJson(endpoint, '/voices', voicesListSchema, {
      query: {
        provider: $<HTMLSelectElement>('voice-provider').value || undefined,
        q: $<HTMLInputElement>('voice-q').value.trim() || undefined,
      },
      signal: controller.signal,
    });
    if (!providersFilled) {
      providersFilled = true;
      const select = $<HTMLSelectElement>('voice-provider');
      for (const p of [...new Set(list.items.map((v) => v.provider))].sort()) {
        select.append(new Option(p === list.streamingProvider ? `${p} (streaming)` : p, p));
      }
    }
    $('voices').replaceChildren(...list.items.map(voiceRow));
    status.textContent =
      list.items.length === 0
        ? 'No voice matches. Clear the search or choose another provider.'
        : `${list.items.length} voices`;
  } catch (err) {
    if (controller.signal.aborted) return;
    showError(status, err, loadVoices);
  }
}

$('voice-provider').addEventListener('change', loadVoices);
$('voice-q').addEventListener('input', loadVoices);

showMode(endpoint);
loadFaces();
loadVoices();
