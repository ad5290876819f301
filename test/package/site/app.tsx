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
  </main>
);
