// A Server Component page (the App Router's default) with the React wrappers: each dh-kit/react
// entry is a client module, and on the server it writes the element's own attributes
// (head-id="…"), so the facade names its head before any script runs.
import { DhAvatar } from 'dh-kit/react/avatar';
import { DhFacePicker } from 'dh-kit/react/face-picker';
import { DhVoicePicker } from 'dh-kit/react/voice-picker';

export const dynamic = 'force-dynamic';

export default function Page() {
  const head = process.env.DH_HEAD ?? '';
  return (
    <main>
      <h1>A Next.js page with a digital human</h1>
      <DhAvatar headId={head} view="chat" />
      <form method="post" action="/submit">
        <DhFacePicker name="face" required />
        <DhVoicePicker name="voice" required locale="en" />
        <button type="submit">Save</button>
      </form>
      <p>
        <a href="/plain">The same with plain tags</a>
      </p>
    </main>
  );
}
