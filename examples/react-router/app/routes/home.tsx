// The page, rendered on the server with the React wrappers: each writes its element's own
// attributes (head-id="…"), so the facade names its head before any script runs.
import { useState } from 'react';
import { DhAvatar } from 'dh-kit/react/avatar';
import { DhFacePicker } from 'dh-kit/react/face-picker';
import { DhVoicePicker } from 'dh-kit/react/voice-picker';
import type { Route } from './+types/home';

export const loader = () => ({ head: process.env.DH_HEAD ?? '' });

export default function Home({ loaderData }: Route.ComponentProps) {
  // The pickers' choices, from their dh-select events.
  const [face, setFace] = useState('');
  const [voice, setVoice] = useState('');
  return (
    <main>
      <h1>A React Router page with a digital human</h1>
      <DhAvatar headId={loaderData.head} view="chat" />
      <form method="post" action="/submit">
        <DhFacePicker name="face" required onDhSelect={(e) => setFace(e.detail.item.id)} />
        <DhVoicePicker
          name="voice"
          required
          locale="en"
          onDhSelect={(e) => setVoice(e.detail.item.voiceId)}
        />
        <p id="chosen">
          Face: {face || '—'} · Voice: {voice || '—'}
        </p>
        <button type="submit">Save</button>
      </form>
    </main>
  );
}
