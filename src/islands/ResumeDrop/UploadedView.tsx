/** The resume drop zone once a resume is uploaded: its name, the fields read, where to go next. */
import { useEffect, useRef } from 'react';
import type { ResumeDropConfig } from '~/lib/resume-drop/config';
import { aroundFileName, continueUrl, parsedRows } from '~/lib/resume-drop/messages';
import type { UploadedResume } from '~/lib/resume-drop/types';

export function UploadedView(props: {
  config: Pick<ResumeDropConfig, 'id' | 'strings' | 'locale' | 'continueHref'>;
  resume: UploadedResume;
  onAnother: () => void;
}) {
  const { config, resume } = props;
  const { id, strings, locale, continueHref } = config;
  const rows = parsedRows(resume.parsed, strings, locale);
  // Shown after an upload: focus moves to the uploaded file (the zone pressed is gone).
  const fileRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => fileRef.current?.focus(), []);
  return (
    <section className="resume-drop resume-drop--done" aria-labelledby={id}>
      <h2 id={id} className="resume-drop__title">
        {strings.uploadedTitle}
      </h2>
      <p className="resume-drop__file" role="status" tabIndex={-1} ref={fileRef}>
        <WithFileName template={strings.uploadedFile} fileName={resume.fileName} />{' '}
        <a href={`/api/resumes/${resume.resumeId}`} download={resume.fileName}>
          {strings.download}
        </a>
      </p>
      {resume.reading ? (
        // A scan is being read in the background; ResumeDrop asks until its fields are in.
        <p className="resume-drop__note" data-rd-reading role="status">
          {strings.reading}
        </p>
      ) : rows.length > 0 ? (
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
        <p className="resume-drop__note" data-rd-nothing>
          {strings.nothingRead}
        </p>
      )}
      <div className="resume-drop__actions">
        {continueHref && (
          <a className="button" href={continueUrl(continueHref, resume.resumeId)} data-rd-continue>
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
export function WithFileName({ template, fileName }: { template: string; fileName: string }) {
  const [before, after] = aroundFileName(template, fileName);
  return (
    <>
      {before}
      <bdi>{fileName}</bdi>
      {after}
    </>
  );
}
