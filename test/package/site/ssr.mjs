// Server rendering with React: each wrapper to a string, in plain Node (no DOM), from the entry of
// all six and from the element's own entry.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import {
  DhAvatar,
  DhFacePicker,
  DhHeadForm,
  DhInsights,
  DhVideoStudio,
  DhVoicePicker,
} from 'dh-kit/react';
import { DhAvatar as OnlyAvatar } from 'dh-kit/react/avatar';

const noop = () => {};
console.log(
  JSON.stringify({
    'dh-avatar': renderToString(
      createElement(DhAvatar, { id: 'ava', headId: 'h1', layout: 'bubble', onDhLoad: noop }),
    ),
    'dh-face-picker': renderToString(
      createElement(DhFacePicker, {
        name: 'face',
        gender: 'FEMALE',
        required: true,
        credentials: 'include',
        onDhSelect: noop,
      }),
    ),
    'dh-voice-picker': renderToString(
      createElement(DhVoicePicker, { name: 'voice', streaming: true, disabled: false }),
    ),
    'dh-head-form': renderToString(
      createElement(DhHeadForm, {
        headers: { authorization: 'Bearer x' },
        noPreview: true,
        onDhHeadCreated: noop,
      }),
    ),
    'dh-video-studio': renderToString(
      createElement(DhVideoStudio, { headId: 'h1', onDhVideoReady: noop }),
    ),
    'dh-insights': renderToString(
      createElement(DhInsights, { headId: 'h1', from: '2026-11-01', heads: [], onDhError: noop }),
    ),
    only: renderToString(
      createElement(OnlyAvatar, { headId: 'h2', view: 'stream', className: 'guide' }),
    ),
  }),
);
