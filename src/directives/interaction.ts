/**
 * `client:interaction`: an island whose code is fetched before it is needed and that hydrates on
 * the first sign of intent, so that first interaction is the island's, never the no-JavaScript
 * form's. Registered in astro.config.mjs (Astro's addClientDirective); see decisions 0047, 0082.
 *
 * - Prefetch and hydrate ahead: once the page has loaded and the main thread is idle, the
 *   island's modules (its chunk and React's) are imported as soon as the island is near the
 *   viewport, and at the next idle moment after that it hydrates (React's transition, sliced
 *   into short tasks), so a first tap finds it ready instead of waiting for a whole hydration
 *   inside the tap's click. Nothing is fetched or run while the page loads, so Lighthouse's load
 *   and blocking time do not change.
 * - Hydrate on intent, if it has not yet: on the first pointerenter, pointerdown, touchstart,
 *   focusin, key or drag inside it (or when another island calls `wakeIslands('<name>')`,
 *   src/lib/dom/wake.ts, for `client:interaction="<name>"`), with the prefetched code or by
 *   fetching it then (an island out of view, or a visitor quicker than the idle time).
 * - Nothing a person does before hydration is lost or handled by the plain form: a form submitted
 *   meanwhile (a first tap on "Add to cart", "Mark as read") is held and submitted again, with
 *   the same submitter, once the island listens; text typed into server-rendered fields stays in
 *   the DOM for the island to read when it mounts; files dropped are kept on the island element
 *   (`pendingFiles`, announced with `island:pending-files` after hydration) instead of the browser
 *   opening them; a plain button (type=button) pressed meanwhile is kept as `pendingClick` for
 *   the island to press again while the press still counts as the user's (a file picker).
 *   If the island's code cannot load, the held form is submitted as it would have been.
 */
import type { ClientDirective } from 'astro';
import { WAKE_EVENT } from '../lib/dom/wake';

const INTENT_EVENTS = [
  'pointerenter',
  'pointerdown',
  'touchstart',
  'focusin',
  'keydown',
  'dragenter',
  'dragover',
] as const;

/** How far outside the viewport an island's code starts to load once the page is idle. */
const NEAR_VIEWPORT = '50% 0px';

export interface PendingFilesHost extends HTMLElement {
  pendingFiles?: File[];
  /** A plain button pressed before hydration (it had no handler yet): the island may press it. */
  pendingClick?: HTMLElement;
}

type Hydrate = () => Promise<void>;

/** The next time the main thread has nothing else to do. */
function idle(run: () => void): void {
  // Safari has no requestIdleCallback: a short timeout stands in.
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(run, { timeout: 3000 });
  } else setTimeout(run, 200);
}

/** After the load event, when the main thread has nothing else to do. */
function whenIdle(run: () => void): void {
  if (document.readyState === 'complete') idle(run);
  else window.addEventListener('load', () => idle(run), { once: true });
}

const interaction: ClientDirective = (load, options, el) => {
  const host = el as PendingFilesHost;
  let loading: Promise<Hydrate> | null = null;
  let woken = false;
  let hydrated = false;
  let heldSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;

  const code = (): Promise<Hydrate> =>
    (loading ??= load().catch((error: unknown) => {
      loading = null; // A failed fetch is tried again on the next intent.
      throw error;
    }));

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
  // A submit before the island listens would leave the page: hold it for the island.
  const holdSubmit = (event: SubmitEvent) => {
    if (hydrated || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    heldSubmit = { form: event.target, submitter: event.submitter };
    void wake();
  };

  function release(): void {
    const held = heldSubmit;
    heldSubmit = null;
    if (!held?.form.isConnected) return;
    const { form, submitter } = held;
    // Pressed again rather than requestSubmit(): React hydrates a root at once for a click, not
    // for a submit (it does not replay submits), so the click's submit then reaches the island.
    if (submitter?.isConnected && form.contains(submitter)) submitter.click();
    else form.requestSubmit();
  }

  async function wake(): Promise<void> {
    if (woken) return;
    woken = true;
    for (const type of INTENT_EVENTS) el.removeEventListener(type, onIntent);
    window.removeEventListener(WAKE_EVENT, onNamedWake);
    try {
      const hydrate = await code();
      await hydrate();
    } finally {
      hydrated = true;
      el.removeEventListener('dragover', holdDrag);
      el.removeEventListener('drop', holdDrop);
      el.removeEventListener('click', holdClick);
      el.removeEventListener('submit', holdSubmit, true);
      if (host.pendingFiles?.length) {
        el.dispatchEvent(new CustomEvent('island:pending-files', { bubbles: false }));
      }
      release();
    }
  }
  const onIntent = () => void wake();
  const name = typeof options.value === 'string' ? options.value : '';
  const onNamedWake = (event: Event) => {
    if (name && (event as CustomEvent<string>).detail === name) void wake();
  };
  if (name) window.addEventListener(WAKE_EVENT, onNamedWake);

  for (const type of INTENT_EVENTS) el.addEventListener(type, onIntent, { passive: true });
  el.addEventListener('dragover', holdDrag);
  el.addEventListener('drop', holdDrop);
  el.addEventListener('click', holdClick);
  el.addEventListener('submit', holdSubmit, true);
  // Already focused (a field autofocused or focused before this ran): wake now.
  if (el.contains(document.activeElement)) {
    void wake();
    return;
  }

  // In view once the page is idle: fetch the code, then hydrate at the next idle moment (a
  // transition React slices into short tasks), so the first tap finds the island ready.
  const prepare = () =>
    code().then(
      () => idle(() => void wake()),
      () => undefined, // Tried again on the first intent (a held form then posts as it was).
    );
  whenIdle(() => {
    if (woken) return;
    if (!('IntersectionObserver' in window)) {
      void prepare();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void prepare();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    // <astro-island> is display: contents (no box of its own): watch what it shows.
    const boxes = el.children.length > 0 ? Array.from(el.children) : [el];
    for (const box of boxes) observer.observe(box);
  });
};

export default interaction;
