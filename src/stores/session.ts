/**
 * Session state in the browser: whether the visitor is logged in (the page tells the islands)
 * and the chat state that logging out must clear (SPEC §7: "User logout posts to a logout URL,
 * then clears chat state"). Chat islands keep their counters here and anything they persist under
 * keys starting with CHAT_STORAGE_PREFIX, so clearChatState() wipes all of it.
 */
import { atom } from 'nanostores';

export const CHAT_STORAGE_PREFIX = 'chat:';

export const $loggedIn = atom<boolean>(false);
/** Unread chat messages (seeker-chat-module-service/notification-count). */
export const $chatCount = atom<number>(0);

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

export function markLoggedOut(): void {
  $loggedIn.set(false);
  clearChatState();
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
