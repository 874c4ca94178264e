/**
 * Session state in the browser: whether the visitor is logged in and the user type tracking
 * sends (SPEC §3 `user_type`), read from the signed-in hint cookie (src/lib/auth/signed-in-hint.ts)
 * since cached pages are the same for everyone; and the chat state that logging out must clear
 * (SPEC §7: "User logout posts to a logout URL, then clears chat state"). Chat islands keep their
 * counters here and anything they persist under keys starting with CHAT_STORAGE_PREFIX, so
 * clearChatState() wipes all of it. The signed-out page runs markLoggedOut (SignedOut.astro).
 */
import { atom, computed } from 'nanostores';
import type { UserType } from '~/lib/tracking/payload';

export const CHAT_STORAGE_PREFIX = 'chat:';

/** Set from the page or the hint cookie (src/lib/auth/session-sync.ts) when an island starts. */
export const $loggedIn = atom<boolean>(false);
/** The tracking user type of the visitor. */
export const $userType = computed($loggedIn, (loggedIn): UserType => (loggedIn ? 'user' : 'guest'));
/** Unread chat messages (seeker-chat-module-service/notification-count). */
export const $chatCount = atom<number>(0);

/** Whether the visitor is logged in (from the page, else the hint cookie). */
export function setLoggedIn(loggedIn: boolean): void {
  if ($loggedIn.get() !== loggedIn) $loggedIn.set(loggedIn);
}

/** Forgets every trace of the chat: the counter and chat:* keys of local and session storage. */
export function clearChatState(storages: Storage[] = defaultStorages()): void {
  $chatCount.set(0);
  for (const storage of storages) {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(CHAT_STORAGE_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  }
}

/** After logout: not logged in any more, the chat state gone. */
export function markLoggedOut(storages?: Storage[]): void {
  $loggedIn.set(false);
  clearChatState(storages);
}

function defaultStorages(): Storage[] {
  const out: Storage[] = [];
  try {
    if (typeof localStorage !== 'undefined') out.push(localStorage);
    if (typeof sessionStorage !== 'undefined') out.push(sessionStorage);
  } catch {
    // storage blocked (privacy settings): nothing to clear
  }
  return out;
}
