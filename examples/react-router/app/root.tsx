import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import boxes from 'dh-kit/boxes.css?url';
import type { Route } from './+types/root';

// The elements' boxes before their script defines them: linked in the server's HTML, so nothing
// moves when they appear.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: boxes },
  // No icon file of its own: an empty one, so the browser asks for no /favicon.ico.
  { rel: 'icon', href: 'data:,' },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>dh-kit in React Router</title>
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
