/**
 * Fills the session store (src/stores/session.ts) when an island starts: what the page knows (a
 * page rendered for this visitor), else the signed-in hint cookie (cached pages are the same for
 * everyone).
 */
import { setLoggedIn } from '~/stores/session';
import { hasSignedInHint } from './signed-in-hint';

export function syncSession(known?: boolean): boolean {
  let loggedIn = known;
  if (loggedIn === undefined) {
    try {
      loggedIn = hasSignedInHint(document.cookie);
    } catch {
      loggedIn = false;
    }
  }
  setLoggedIn(loggedIn);
  return loggedIn;
}
