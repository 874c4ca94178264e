/**
 * The splash screen in the browser: a modal dialog shown only to a visitor who opened home
 * themselves (no referrer, or one of this site's pages), never over a page reached from a search
 * engine, another site or a shared link. Escape or "Continue" closes it, Tab stays inside
 * while it is open (the page behind is inert), and focus goes back where it was. It steps aside
 * by itself after a few seconds unless the visitor is using it.
 */
import { keepTabInside } from '~/lib/dom/keep-tab-inside';

const STEP_ASIDE_MS = 4000;

/** Home opened by the visitor: typed, from a bookmark or the app, or from this site's pages. */
export function openedHere(referrer: string, origin: string): boolean {
  if (referrer === '') return true;
  try {
    return new URL(referrer).origin === origin;
  } catch {
    return false;
  }
}

export function showSplash(dialog: HTMLDialogElement): void {
  if (dialog.open || !openedHere(document.referrer, location.origin)) return;
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  dialog.showModal();
  const stepAside = window.setTimeout(() => dialog.close(), STEP_ASIDE_MS);
  const inUse = () => window.clearTimeout(stepAside);
  dialog.addEventListener('keydown', (event) => {
    inUse();
    keepTabInside(dialog, event);
  });
  dialog.addEventListener('pointerdown', inUse);
  dialog.addEventListener(
    'close',
    () => {
      inUse();
      if (before?.isConnected) before.focus();
    },
    { once: true },
  );
}
