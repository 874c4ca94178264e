/**
 * The resume upload box (SPEC §1, §2 home "resume upload box (drag and drop)"; also registration
 * and profile): drag and drop or pick a file, checked here with the same rules and SPEC §5
 * messages as the server (src/lib/validation/resume.ts), uploaded through the API client
 * (`uploadResume`, 120 s timeout) to the site's parser path, then the fields the server read are
 * shown with a link that carries the resume id onwards (e.g. /seeker/registration?resume=<id>).
 *
 * Hydrate with client:visible: nothing happens before the visitor scrolls to it. Server-rendered
 * it shows the same box (the button works once hydrated).
 */
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { createApiClient } from '~/lib/api-client/client';
import { DEFAULT_RESUME_PARSER, resumeUploadPath } from '~/lib/api-client/registry';
import { checkResumeFile, RESUME_ACCEPT_ATTRIBUTE } from '~/lib/validation/resume';
import { setUploadedResume } from '~/stores/resume';
import { continueUrl, failureMessage, fill, parsedRows } from './messages';
import type { ResumeDropProps, ResumeDropStrings, UploadedResume } from './types';
import './ResumeDrop.css';

type State =
  | { kind: 'idle'; error: string | null }
  | { kind: 'uploading'; fileName: string }
  | { kind: 'done'; resume: UploadedResume };

export default function ResumeDrop(props: ResumeDropProps) {
  const { strings, site, lang, locale, continueHref } = props;
  const [state, setState] = useState<State>({ kind: 'idle', error: null });
  const busy = useRef(false);
  const generatedId = useId();
  const headingId = props.id ?? `resume-drop-${generatedId.replace(/:/g, '')}`;
  const api = useMemo(() => createApiClient({ site, lang }), [site, lang]);

  const upload = useCallback(
    async (file: File) => {
      if (busy.current) return;
      const issue = checkResumeFile(file);
      if (issue) {
        setState({ kind: 'idle', error: strings.errors[issue] });
        return;
      }
      busy.current = true;
      setState({ kind: 'uploading', fileName: file.name });
      const body = new FormData();
      body.append('file', file, file.name);
      try {
        const result = await api.call<UploadedResume>('uploadResume', {
          url: resumeUploadPath(props.parser ?? DEFAULT_RESUME_PARSER),
          body,
        });
        if (result.ok && result.data) {
          setState({ kind: 'done', resume: result.data });
          setUploadedResume(result.data);
        } else {
          setState({
            kind: 'idle',
            error: result.ok ? strings.errors.generic : failureMessage(result, strings),
          });
        }
      } finally {
        busy.current = false;
      }
    },
    [api, props.parser, strings],
  );

  const onDrop = useCallback(
    (accepted: File[], rejected: { file: File }[]) => {
      const files = [...accepted, ...rejected.map((r) => r.file)];
      if (files.length === 0) return;
      // One resume at a time: several files dropped at once are not a valid upload.
      if (files.length > 1) {
        setState({ kind: 'idle', error: strings.errors.invalidFile });
        return;
      }
      void upload(files[0]!);
    },
    [upload, strings],
  );

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop,
    multiple: false,
    noClick: true,
    noKeyboard: true,
    disabled: state.kind === 'uploading',
  });

  if (state.kind === 'done') {
    return (
      <UploadedResumeView
        resume={state.resume}
        strings={strings}
        locale={locale}
        continueHref={continueHref}
        headingId={headingId}
        onAnother={() => setState({ kind: 'idle', error: null })}
      />
    );
  }

  const uploading = state.kind === 'uploading';
  const error = state.kind === 'idle' ? state.error : null;
  const errorId = `${headingId}-error`;
  return (
    <section
      {...getRootProps({
        className: `resume-drop${isDragActive ? ' resume-drop--active' : ''}${error ? ' resume-drop--error' : ''}`,
        role: 'region',
        'aria-labelledby': headingId,
        'aria-busy': uploading,
      })}
    >
      <input
        {...getInputProps({
          accept: RESUME_ACCEPT_ATTRIBUTE,
          // The visible button opens the picker; the input itself stays out of the a11y tree.
          'aria-hidden': true,
          // react-dropzone hides the input with an inline style, which the page's content
          // security policy refuses; the class hides it instead.
          style: undefined,
          className: 'resume-drop__input',
        })}
      />
      <svg className="resume-drop__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
        <path d="M14 2v6h6M12 18v-6M9 15l3-3 3 3" />
      </svg>
      <h2 id={headingId} className="resume-drop__title">
        {isDragActive ? strings.active : strings.title}
      </h2>
      {uploading ? (
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
            type="button"
            className="button"
            onClick={open}
            aria-describedby={error ? errorId : undefined}
          >
            {strings.choose}
          </button>
        </p>
      )}
      <p className="resume-drop__formats">{strings.formats}</p>
      {error && (
        <p id={errorId} className="resume-drop__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** The uploaded resume: its name, the fields read from it, and where to go next. */
export function UploadedResumeView(props: {
  resume: UploadedResume;
  strings: ResumeDropStrings;
  locale: string;
  continueHref: string | null;
  headingId: string;
  onAnother?: () => void;
}) {
  const { resume, strings, locale, continueHref, headingId } = props;
  const rows = parsedRows(resume.parsed, strings, locale);
  return (
    <section className="resume-drop resume-drop--done" aria-labelledby={headingId}>
      <h2 id={headingId} className="resume-drop__title">
        {strings.uploadedTitle}
      </h2>
      <p className="resume-drop__file" role="status">
        <WithFileName template={strings.uploadedFile} fileName={resume.fileName} />{' '}
        <a href={`/api/resumes/${resume.resumeId}`} download={resume.fileName}>
          {strings.download}
        </a>
      </p>
      {rows.length > 0 ? (
        <>
          <p className="resume-drop__note">{strings.review}</p>
          <dl className="resume-drop__fields">
            {rows.map(([label, value]) => (
              <div key={label} className="resume-drop__field">
                <dt>{label}</dt>
                <dd>
                  <bdi>{value}</bdi>
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p className="resume-drop__note">{strings.nothingRead}</p>
      )}
      <div className="resume-drop__actions">
        {continueHref && (
          <a className="button" href={continueUrl(continueHref, resume.resumeId)}>
            {strings.continue}
          </a>
        )}
        <button type="button" className="button button-ghost" onClick={props.onAnother}>
          {strings.another}
        </button>
      </div>
    </section>
  );
}

/** A message with {{fileName}} in it; the name is isolated so right-to-left text keeps its order. */
function WithFileName({ template, fileName }: { template: string; fileName: string }) {
  const [before = '', ...rest] = template.split('{{fileName}}');
  return (
    <>
      {before}
      <bdi>{fileName}</bdi>
      {rest.join(fileName)}
    </>
  );
}
