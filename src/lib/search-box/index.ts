/**
 * The search box's script (SearchBox.astro's <script>): each `[data-searchbox]` on the page is
 * wired when the browser is idle after loading, or at once when someone starts using it (focus
 * or a press inside it), whichever comes first. Nothing runs on load but this scheduling.
 */
import { whenIdleOrUsed } from '~/lib/dom/when-idle-or-used';
import { setupSearchBox } from './setup';

export { whenIdleOrUsed };

export function enhanceSearchBoxes(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-searchbox]')) {
    whenIdleOrUsed(root, () => setupSearchBox(root));
  }
}
