// React with TSX: the wrappers, and the bare tags through dh-kit/jsx.
import type { CustomElements } from 'dh-kit/jsx';
import { DhAvatar, DhFacePicker } from 'dh-kit/react';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends CustomElements {}
  }
}

export const Page = () => (
  <main>
    <dh-avatar head-id="h1" layout="bubble"></dh-avatar>
    <DhAvatar headId="h1" view="stream" onDhLoad={(e) => console.log(e.detail.view)} />
    <DhFacePicker name="face" gender="MALE" onDhSelect={(e) => console.log(e.detail.item.name)} />
    {/* @ts-expect-error not a layout of dh-avatar */}
    <dh-avatar layout="sideways"></dh-avatar>
    {/* @ts-expect-error not a view: the manifest types view as 'chat' | 'stream', not a bare alias */}
    <dh-avatar view="video"></dh-avatar>
    {/* @ts-expect-error validity is read-only, as on a native control */}
    <dh-face-picker validity={undefined}></dh-face-picker>
    <dh-voice-picker
      onchange={(e: Event) => console.log(e.type)}
      oninput={(e: Event) => console.log(e.type)}
    ></dh-voice-picker>
    {/* @ts-expect-error not a mode of the head form */}
    <dh-head-form mode="chatbot"></dh-head-form>
  </main>
);
