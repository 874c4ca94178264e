/**
 * Files dropped on the drop zone before it was hydrated: `client:interaction`
 * (src/directives/interaction.ts) keeps them on the <astro-island> as `pendingFiles` and fires
 * `island:pending-files` once hydration has run. React may commit after that event (hydration is
 * a transition), so the files are also looked for at mount; whoever takes them clears them.
 * A button pressed before hydration (`pendingClick`) is pressed again at mount. Marks the
 * zone's wrapper `data-ready` once it listens.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { PendingFilesHost } from '~/directives/interaction';

export function usePendingFiles(
  rootRef: RefObject<HTMLElement | null>,
  take: (files: readonly File[]) => void,
): void {
  const latest = useRef(take);
  useEffect(() => {
    latest.current = take;
  }, [take]);

  useEffect(() => {
    const host = rootRef.current?.closest<PendingFilesHost>('astro-island');
    const wrapper = rootRef.current?.closest<HTMLElement>('[data-resume-drop]');
    if (wrapper) wrapper.dataset.ready = 'true';
    if (!host) return;
    const takePending = () => {
      const files = host.pendingFiles;
      if (!files?.length) return;
      delete host.pendingFiles;
      latest.current(files);
    };
    takePending();
    // "Choose file" pressed before hydration: press it again, now that it opens the picker.
    const click = host.pendingClick;
    delete host.pendingClick;
    if (click?.isConnected && rootRef.current?.contains(click)) click.click();
    host.addEventListener('island:pending-files', takePending);
    return () => host.removeEventListener('island:pending-files', takePending);
  }, [rootRef]);
}
