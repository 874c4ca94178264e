/**
 * `client:interaction`: hydrates an island the first time someone reaches for it (pointer over or
 * down, focus, a key, a touch, a file dragged over it), so a page loads no island code until then.
 * Registered in astro.config.mjs (Astro's addClientDirective); see docs/decisions/0047.
 *
 * Nothing a person does in the meantime is lost: text typed into the server-rendered fields stays
 * in the DOM for the island to read when it mounts, and files dropped before the island is ready
 * are kept on the island element (`pendingFiles`) and announced with an `island:pending-files`
 * event once it has hydrated (the browser would otherwise open the file in place of the page).
 * A plain button (type=button) pressed meanwhile is kept as `pendingClick`, for the island to
 * press again once it can act (e.g. to open a file picker while the press still counts as the
 * user's).
 *
 * `client:interaction="<name>"` also wakes when another island calls `wakeIslands('<name>')`
 * (src/lib/dom/wake.ts): a shared store it shows has changed.
 */
import type { ClientDirective } from 'astro';
import { WAKE_EVENT } from '../lib/dom/wake';

const WAKE_EVENTS = [
  'pointerover',
  'pointerdown',
  'touchstart',
  'focusin',
  'keydown',
  'dragenter',
  'dragover',
] as const;

export interface PendingFilesHost extends HTMLElement {
  pendingFiles?: File[];
  /** A plain button pressed before hydration (it had no handler yet): the island may press it. */
  pendingClick?: HTMLElement;
}

const interaction: ClientDirective = (load, options, el) => {
  const host = el as PendingFilesHost;
  let started = false;
  let hydrated = false;

  // Until the island owns the drop, keep the browser from navigating to a dropped file.
  const holdDrag = (event: DragEvent) => {
    if (!hydrated) event.preventDefault();
  };
  const holdDrop = (event: DragEvent) => {
    if (hydrated) return;
    event.preventDefault();
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length > 0) host.pendingFiles = files;
    void wake();
  };
  const holdClick = (event: MouseEvent) => {
    const button = event.target instanceof Element && event.target.closest('button[type=button]');
    if (!hydrated && button instanceof HTMLElement && el.contains(button)) {
      host.pendingClick = button;
    }
  };

  async function wake(): Promise<void> {
    if (started) return;
    started = true;
    for (const type of WAKE_EVENTS) el.removeEventListener(type, onWake);
    window.removeEventListener(WAKE_EVENT, onNamedWake);
    const hydrate = await load();
    await hydrate();
    hydrated = true;
    el.removeEventListener('dragover', holdDrag);
    el.removeEventListener('drop', holdDrop);
    el.removeEventListener('click', holdClick);
    if (host.pendingFiles?.length) {
      el.dispatchEvent(new CustomEvent('island:pending-files', { bubbles: false }));
    }
  }
  const onWake = () => void wake();
  const name = typeof options.value === 'string' ? options.value : '';
  const onNamedWake = (event: Event) => {
    if (name && (event as CustomEvent<string>).detail === name) void wake();
  };
  if (name) window.addEventListener(WAKE_EVENT, onNamedWake);

  for (const type of WAKE_EVENTS) el.addEventListener(type, onWake, { passive: true });
  el.addEventListener('dragover', holdDrag);
  el.addEventListener('drop', holdDrop);
  el.addEventListener('click', holdClick);
  // Already focused (a field autofocused or focused before this ran): wake now.
  if (el.contains(document.activeElement)) void wake();
};

export default interaction;
