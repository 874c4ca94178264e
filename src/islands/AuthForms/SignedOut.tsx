/**
 * Mounted on the signed-out page: clears the chat state the browser kept (src/stores/session.ts),
 * since a server-side logout cannot reach local storage. Renders nothing.
 */
import { useEffect } from 'react';
import { markLoggedOut } from '~/stores/session';

export default function SignedOut() {
  useEffect(() => {
    markLoggedOut();
  }, []);
  return null;
}
