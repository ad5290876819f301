import type { ReactNode } from 'react';
// The elements' boxes before they are defined: the server's HTML links it, so nothing moves.
import 'dh-kit/boxes.css';

// No icon file of its own: an empty one, so the browser asks for no /favicon.ico.
export const metadata = { title: 'dh-kit in Next.js', icons: { icon: 'data:,' } };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
