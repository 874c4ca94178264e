/**
 * The lazy start of the page's plain scripts (the search box, the resume upload box): nothing
 * runs on load but this scheduling.
 */

/** The events inside the element that start it at once: a focus or a press. */
export const USE_EVENTS = ['focusin', 'pointerdown'] as const;

/**
 * Runs `start` once: when the browser is idle after loading (3 s at most), or at once on the
 * first of `events` inside `root` (captured), whichever comes first.
 */
export function whenIdleOrUsed(
  root: HTMLElement,
  start: () => void,
  events: readonly string[] = USE_EVENTS,
): void {
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
