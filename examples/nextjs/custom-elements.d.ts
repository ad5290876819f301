// The dh-* tags in JSX, with their attributes' types (for the plain-tag page, app/plain).
import type { CustomElements } from 'dh-kit/jsx';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends CustomElements {}
  }
}
