/**
 * The search box's script (SearchBox.astro's <script>): each `[data-searchbox]` on the page is
 * wired when the browser is idle after loading, or at once when someone starts using it (focus
 * or a press inside it), whichever comes first. Nothing runs on load but this scheduling.
 */
import { setupSearchBox } from './setup';

/** Runs `start` once: on idle, or on the first focus or press inside `root`. */
export function whenIdleOrUsed(root: HTMLElement, start: () => void): void {
  const events = ['focusin', 'pointerdown'] as const;
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    for (const type of events) root.removeEventListener(type, run, true);
    start();
  };
  for (const type of events) root.addEventListener(type, run, true);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 300);
}

export function enhanceSearchBoxes(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-searchbox]')) {
    whenIdleOrUsed(root, () => setupSearchBox(root));
  }
}
