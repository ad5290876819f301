// What server.mjs's getLoadContext gives every loader and action.
import 'react-router';

declare module 'react-router' {
  interface AppLoadContext {
    /** The connection's address, as Express's socket has it. */
    clientAddress?: string;
  }
}
