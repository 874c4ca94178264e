/**
 * The resume upload box's script (ResumeDrop.astro's <script>): each `[data-resume-drop]` on the
 * page is wired when the browser is idle after loading, or at once when someone starts using it
 * (focus, a press, or a file dragged over it), whichever comes first.
 */
import { USE_EVENTS, whenIdleOrUsed } from '~/lib/dom/when-idle-or-used';
import { setupResumeDrop } from './setup';

export function enhanceResumeDrops(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-resume-drop]')) {
    whenIdleOrUsed(root, () => setupResumeDrop(root), [...USE_EVENTS, 'dragenter']);
  }
}
