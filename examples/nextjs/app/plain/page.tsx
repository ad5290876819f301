// A Server Component page with plain tags (typed by dh-kit/jsx, custom-elements.d.ts); one client
// module imports the elements.
import { Elements } from './elements';

export const dynamic = 'force-dynamic';

export default function Plain() {
  const head = process.env.DH_HEAD ?? '';
  return (
    <main>
      <h1>Plain tags in a Server Component</h1>
      <Elements />
      <dh-avatar head-id={head} view="chat"></dh-avatar>
      <form method="post" action="/submit">
        <dh-face-picker name="face" required></dh-face-picker>
        <dh-voice-picker name="voice" required voice-locale="en"></dh-voice-picker>
        <button type="submit">Save</button>
      </form>
    </main>
  );
}
