// Server rendering with React: each wrapper to a string, in plain Node (no DOM).
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { DhAvatar, DhFacePicker, DhHeadForm, DhVideoStudio, DhVoicePicker } from 'dh-kit/react';

const noop = () => {};
console.log(
  JSON.stringify({
    'dh-avatar': renderToString(createElement(DhAvatar, { id: 'ava', headId: 'h1', layout: 'bubble', onDhLoad: noop })),
    'dh-face-picker': renderToString(createElement(DhFacePicker, { name: 'face', gender: 'FEMALE', onDhSelect: noop })),
    'dh-voice-picker': renderToString(createElement(DhVoicePicker, { name: 'voice', streaming: true })),
    'dh-head-form': renderToString(createElement(DhHeadForm, { headers: { authorization: 'Bearer x' }, onDhHeadCreated: noop })),
    'dh-video-studio': renderToString(createElement(DhVideoStudio, { headId: 'h1', onDhVideoReady: noop })),
  }),
);
