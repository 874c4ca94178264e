/**
 * Waking islands that hydrate on interaction (`client:interaction="<name>"`) from elsewhere on the
 * page: an island that changes a shared store wakes the named islands that show it, so they
 * render the change at once instead of on their first use (the header bell when the dashboard's
 * panel marks a notification read).
 */
export const WAKE_EVENT = 'island:wake';

export function wakeIslands(name: string): void {
  window.dispatchEvent(new CustomEvent<string>(WAKE_EVENT, { detail: name }));
}
