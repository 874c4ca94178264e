/**
 * Wires one server-rendered resume upload box (src/components/resume-drop/ResumeDrop.astro): a
 * file dropped on it or picked with its button is checked with the server's rules and SPEC §5
 * messages (src/lib/validation/resume.ts), uploaded through the API client (`uploadResume`, 120 s
 * timeout) to the site's parser path, and the fields the server read are shown from the uploaded
 * view's <template> with a link that carries the resume id onwards. A scanned resume read by OCR
 * in the background (`reading`) is asked for again every few seconds until its fields are in.
 * Marks the box `data-ready`.
 */
import { createApiClient } from '~/lib/api-client/client';
import { resumeParsedPath, resumeUploadPath } from '~/lib/api-client/registry';
import { checkResumeFile } from '~/lib/validation/resume';
import { readConfig } from './config';
import { failureMessage } from './messages';
import type { UploadedResume } from './types';
import { fillUploaded, renderError, renderProgress } from './view';

/** How often, and how many times, the box asks whether a scanned resume has been read. */
const READING_POLL_MS = 4_000;
const READING_POLLS = 60;

/** True when a drag carries files (not text or a link). */
const withFiles = (event: DragEvent) =>
  Array.from(event.dataTransfer?.types ?? []).includes('Files');

export function setupResumeDrop(root: HTMLElement): void {
  const config = readConfig(root);
  const box = root.querySelector<HTMLElement>('.resume-drop');
  const input = box?.querySelector<HTMLInputElement>('input[type="file"]');
  const title = box?.querySelector<HTMLElement>('.resume-drop__title');
  const hint = box?.querySelector<HTMLElement>('.resume-drop__hint');
  const button = hint?.querySelector('button');
  const uploaded = root.querySelector<HTMLTemplateElement>('template[data-rd-uploaded]');
  if (root.dataset.ready || !config || !box || !input || !title || !hint || !button || !uploaded) {
    return;
  }
  const { strings } = config;
  const api = createApiClient({ site: config.site, lang: config.lang });
  const errorId = `${title.id}-error`;
  let busy = false;
  let progress: HTMLElement | null = null;
  let dragDepth = 0;

  const showError = (message: string | null) => {
    box.querySelector('.resume-drop__error')?.remove();
    box.classList.toggle('resume-drop--error', message !== null);
    if (message === null) {
      button.removeAttribute('aria-describedby');
      return;
    }
    box.append(renderError(errorId, message));
    button.setAttribute('aria-describedby', errorId);
  };

  const showUploading = (fileName: string | null) => {
    box.setAttribute('aria-busy', String(fileName !== null));
    if (fileName !== null) {
      progress = renderProgress(strings.uploading, fileName);
      hint.replaceWith(progress);
    } else if (progress) {
      progress.replaceWith(hint);
      progress = null;
    }
  };

  const showDragging = (on: boolean) => {
    box.classList.toggle('resume-drop--active', on);
    title.textContent = on ? strings.active : strings.title;
  };

  const showUploaded = (resume: UploadedResume, shown: Element = box) => {
    const view = uploaded.content.firstElementChild?.cloneNode(true);
    if (!(view instanceof HTMLElement)) return;
    fillUploaded(view, resume, config);
    view.querySelector('[data-rd-another]')?.addEventListener('click', () => {
      view.replaceWith(box);
      button.focus();
    });
    shown.replaceWith(view);
    if (resume.reading) void waitForReading(resume, view);
  };

  /** Asks until OCR has read the scan, then shows its fields in place of the waiting view. */
  const waitForReading = async (resume: UploadedResume, view: HTMLElement) => {
    for (let i = 0; i < READING_POLLS; i++) {
      await new Promise((resolve) => setTimeout(resolve, READING_POLL_MS));
      if (!view.isConnected) return; // the seeker chose another file
      const result = await api
        .call<Pick<UploadedResume, 'parseStatus' | 'reading' | 'parsed'>>('resumeParsed', {
          url: resumeParsedPath(resume.resumeId),
        })
        .catch(() => null);
      if (result?.ok && result.data && !result.data.reading) {
        showUploaded({ ...resume, ...result.data, reading: false }, view);
        return;
      }
    }
  };

  const upload = async (file: File) => {
    if (busy) return;
    const issue = checkResumeFile(file);
    if (issue) {
      showError(strings.errors[issue]);
      return;
    }
    busy = true;
    showError(null);
    showUploading(file.name);
    const body = new FormData();
    body.append('file', file, file.name);
    try {
      const result = await api.call<UploadedResume>('uploadResume', {
        url: resumeUploadPath(config.parser),
        body,
      });
      showUploading(null);
      if (result.ok && result.data) showUploaded(result.data);
      else showError(result.ok ? strings.errors.generic : failureMessage(result, strings));
    } catch {
      showUploading(null);
      showError(strings.errors.generic);
    } finally {
      busy = false;
    }
  };

  /** One resume at a time: several files at once are not a valid upload. */
  const take = (files: File[]) => {
    if (busy || files.length === 0) return;
    if (files.length > 1) showError(strings.errors.invalidFile);
    else void upload(files[0]!);
  };

  button.addEventListener('click', () => {
    if (!busy) input.click();
  });
  input.addEventListener('change', () => {
    const files = Array.from(input.files ?? []);
    // Picking the same file again after a refusal must fire change again.
    input.value = '';
    take(files);
  });

  box.addEventListener('dragenter', (event) => {
    if (!withFiles(event)) return;
    event.preventDefault();
    dragDepth += 1;
    if (!busy) showDragging(true);
  });
  box.addEventListener('dragover', (event) => {
    if (!withFiles(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
  });
  box.addEventListener('dragleave', () => {
    dragDepth = Math.max(0, dragDepth - 1);
    if (dragDepth === 0) showDragging(false);
  });
  box.addEventListener('drop', (event) => {
    if (!withFiles(event)) return;
    event.preventDefault();
    dragDepth = 0;
    showDragging(false);
    take(Array.from(event.dataTransfer?.files ?? []));
  });
  // A file dropped next to the box is not opened by the browser (which would leave the page).
  for (const type of ['dragover', 'drop'] as const) {
    document.addEventListener(type, (event) => {
      if (withFiles(event) && !(event.target instanceof Node && box.contains(event.target))) {
        event.preventDefault();
      }
    });
  }

  root.dataset.ready = 'true';
}
