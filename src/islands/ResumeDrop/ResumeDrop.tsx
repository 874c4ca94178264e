/**
 * The resume drop zone (SPEC §1, §2 home "resume upload box (drag and drop)"; also the profile):
 * a resume dropped on it (react-dropzone) or picked with its button is checked with the server's
 * rules and SPEC §5 messages, uploaded through the API client (`uploadResume`, 120 s timeout) to
 * the site's parser path with its progress shown, then the fields the server read are listed with
 * a link that carries the resume id onwards (registration pre-fills from it). A scanned resume
 * is read by OCR in the background: the box says so and asks until its fields are in (useReading).
 *
 * Mounted by src/components/resume-drop/ResumeDrop.astro with `client:interaction`: server-rendered
 * complete, hydrated on the first pointer, focus, key or drag over it. A file dropped before that
 * is kept by the directive and uploaded once hydrated (usePendingFiles). `children` is the
 * server-rendered <noscript> part (the upload form or the builder link).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDropzone } from 'react-dropzone';
import { createApiClient } from '~/lib/api-client/client';
import { resumeUploadPath } from '~/lib/api-client/registry';
import type { ResumeDropConfig } from '~/lib/resume-drop/config';
import { chooseFile, stateAfterUpload, type DropState } from '~/lib/resume-drop/flow';
import { fill } from '~/lib/resume-drop/messages';
import type { UploadedResume } from '~/lib/resume-drop/types';
import { RESUME_ACCEPT_ATTRIBUTE } from '~/lib/validation/resume';
import { UploadedView, WithFileName } from './UploadedView';
import { usePendingFiles } from './usePendingFiles';
import { useReading } from './useReading';
import './ResumeDrop.css';

export default function ResumeDrop(props: ResumeDropConfig & { children?: ReactNode }) {
  const { id, strings, site, lang, parser } = props;
  const [state, setState] = useState<DropState>({ kind: 'idle', error: null });
  // A ref as well as the state: two files given in one tick must not both start an upload.
  const busy = useRef(false);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const focusChoose = useRef(false);
  const api = useMemo(() => createApiClient({ site, lang }), [site, lang]);

  const upload = useCallback(
    async (file: File) => {
      busy.current = true;
      setState({ kind: 'uploading', fileName: file.name });
      const body = new FormData();
      body.append('file', file, file.name);
      try {
        const result = await api.call<UploadedResume>('uploadResume', {
          url: resumeUploadPath(parser),
          body,
        });
        setState(stateAfterUpload(result, strings));
      } catch {
        setState({ kind: 'idle', error: strings.errors.generic });
      } finally {
        busy.current = false;
      }
    },
    [api, parser, strings],
  );

  const take = useCallback(
    (files: readonly File[]) => {
      if (busy.current) return;
      const choice = chooseFile(files, strings);
      if (!choice) return;
      if ('error' in choice) setState({ kind: 'idle', error: choice.error });
      else void upload(choice.file);
    },
    [upload, strings],
  );

  const { getRootProps, getInputProps, isDragActive, open, rootRef } = useDropzone({
    // Every file goes to `take`, which refuses several at once and checks each with SPEC §5.
    onDrop: (accepted, rejected) => take([...accepted, ...rejected.map((r) => r.file)]),
    noClick: true,
    noKeyboard: true,
    noPaste: true,
    // Not `disabled` while uploading: a disabled zone would let the browser open a dropped file.
  });

  usePendingFiles(rootRef, take);

  // A scan being read by OCR: the fields replace the waiting note when they are in.
  const onRead = useCallback((resume: UploadedResume) => setState({ kind: 'done', resume }), []);
  useReading(api, state.kind === 'done' ? state.resume : null, onRead);

  useEffect(() => {
    if (state.kind === 'idle' && focusChoose.current) {
      focusChoose.current = false;
      chooseRef.current?.focus();
    }
  }, [state]);

  if (state.kind === 'done') {
    return (
      <UploadedView
        config={props}
        resume={state.resume}
        onAnother={() => {
          focusChoose.current = true;
          setState({ kind: 'idle', error: null });
        }}
      />
    );
  }

  const uploading = state.kind === 'uploading';
  const dragging = isDragActive && !uploading;
  const error = state.kind === 'idle' ? state.error : null;
  const errorId = `${id}-error`;
  const className = [
    'resume-drop',
    dragging && 'resume-drop--active',
    error && 'resume-drop--error',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <section
      {...getRootProps({
        className,
        role: 'region',
        'aria-labelledby': id,
        'aria-busy': uploading,
      })}
    >
      <input
        {...getInputProps({
          accept: RESUME_ACCEPT_ATTRIBUTE,
          multiple: false,
          // The visible button opens the picker; the input itself stays out of the a11y tree.
          'aria-hidden': true,
          'aria-label': undefined,
          // react-dropzone hides the input with an inline style, which the page's content
          // security policy refuses; the classes hide it instead.
          style: undefined,
          className: 'visually-hidden resume-drop__input',
        })}
      />
      <svg className="resume-drop__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
        <path d="M14 2v6h6M12 18v-6M9 15l3-3 3 3" />
      </svg>
      <h2 id={id} className="resume-drop__title">
        {dragging ? strings.active : strings.title}
      </h2>
      {state.kind === 'uploading' ? (
        <div className="resume-drop__progress" role="status">
          <p>
            <WithFileName template={strings.uploading} fileName={state.fileName} />
          </p>
          <progress aria-label={fill(strings.uploading, { fileName: state.fileName })} />
        </div>
      ) : (
        <p className="resume-drop__hint">
          {strings.hint}{' '}
          <button
            ref={chooseRef}
            type="button"
            className="button"
            onClick={() => {
              if (!busy.current) open();
            }}
            aria-describedby={error ? errorId : undefined}
          >
            {strings.choose}
          </button>
        </p>
      )}
      {props.children}
      <p className="resume-drop__formats">{strings.formats}</p>
      {error && (
        <p id={errorId} className="resume-drop__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
