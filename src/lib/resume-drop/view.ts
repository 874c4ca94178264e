/**
 * The parts of the resume upload box the script writes: the progress while uploading, the error,
 * and the uploaded view filled from its server-rendered <template>.
 */
import type { ResumeDropConfig } from './config';
import { aroundFileName, continueUrl, fill, parsedRows } from './messages';
import type { UploadedResume } from './types';

/** A message with the file name in a <bdi>. */
export function withFileName(template: string, fileName: string): Node[] {
  const [before, after] = aroundFileName(template, fileName);
  const name = document.createElement('bdi');
  name.textContent = fileName;
  return [document.createTextNode(before), name, document.createTextNode(after)];
}

/** "Uploading and reading <name>…" with an indeterminate progress bar, announced politely. */
export function renderProgress(template: string, fileName: string): HTMLElement {
  const status = document.createElement('div');
  status.className = 'resume-drop__progress';
  status.setAttribute('role', 'status');
  const text = document.createElement('p');
  text.append(...withFileName(template, fileName));
  const bar = document.createElement('progress');
  bar.setAttribute('aria-label', fill(template, { fileName }));
  status.append(text, bar);
  return status;
}

/** The message under the box (role=alert), which the button points to (aria-describedby). */
export function renderError(id: string, message: string): HTMLElement {
  const error = document.createElement('p');
  error.id = id;
  error.className = 'resume-drop__error';
  error.setAttribute('role', 'alert');
  error.textContent = message;
  return error;
}

/**
 * Fills a copy of the uploaded view's template: the file's name and download link, the fields
 * read from it (or the note that none were), and the continue link with the resume id.
 */
export function fillUploaded(
  view: HTMLElement,
  resume: UploadedResume,
  config: Pick<ResumeDropConfig, 'strings' | 'locale' | 'continueHref'>,
): void {
  const file = view.querySelector('.resume-drop__file');
  const download = file?.querySelector('a');
  if (file && download) {
    download.href = `/api/resumes/${resume.resumeId}`;
    download.download = resume.fileName;
    file.prepend(...withFileName(config.strings.uploadedFile, resume.fileName), ' ');
  }
  const rows = parsedRows(resume.parsed, config.strings, config.locale);
  const list = view.querySelector('dl');
  if (resume.reading) {
    // Fields come when the OCR queue has read the scan (setup.ts asks again).
    view.querySelector('[data-rd-nothing]')?.remove();
    view.querySelector('[data-rd-review]')?.remove();
  } else if (rows.length > 0) {
    view.querySelector('[data-rd-nothing]')?.remove();
    list?.append(
      ...rows.map(([label, value]) => {
        const row = document.createElement('div');
        row.className = 'resume-drop__field';
        const term = document.createElement('dt');
        term.textContent = label;
        const text = document.createElement('bdi');
        text.textContent = value;
        const detail = document.createElement('dd');
        detail.append(text);
        row.append(term, detail);
        return row;
      }),
    );
  } else {
    view.querySelector('[data-rd-review]')?.remove();
    list?.remove();
  }
  if (!resume.reading) view.querySelector('[data-rd-reading]')?.remove();
  const onwards = view.querySelector<HTMLAnchorElement>('a[data-rd-continue]');
  if (onwards && config.continueHref)
    onwards.href = continueUrl(config.continueHref, resume.resumeId);
}
