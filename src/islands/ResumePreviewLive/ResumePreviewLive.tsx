/**
 * Live preview of the resume builder: redraws the preview as the seeker types, with the same
 * rules and document model as the server (src/lib), so what it shows is what the PDF holds.
 * Without JavaScript the page's own server-rendered preview (Update preview) does the same job;
 * this island only takes over the preview box once it hydrates. While the form does not pass
 * its rules, the last good preview stays.
 */
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { resumeDocument, type ResumeDocument, type ResumeLabels } from '~/lib/builder/document';
import { ResumeDraftSchema, draftInputFromForm, type BuilderLang } from '~/lib/validation/builder';

interface Props {
  lang: BuilderLang;
  labels: ResumeLabels;
  initial: ResumeDocument | null;
  emptyText: string;
}

function formValues(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new FormData(form).entries()) {
    if (typeof value === 'string' && !(key in out)) out[key] = value;
  }
  return out;
}

export default function ResumePreviewLive({ lang, labels, initial, emptyText }: Props) {
  const [resume, setResume] = useState<ResumeDocument | null>(initial);
  useEffect(() => {
    const form = document.querySelector<HTMLFormElement>('form[data-builder-form]');
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const parsed = v.safeParse(ResumeDraftSchema, draftInputFromForm(formValues(form)));
        if (parsed.success) setResume(resumeDocument(parsed.output, lang, labels));
      }, 250);
    };
    form.addEventListener('input', update);
    form.addEventListener('change', update);
    update();
    return () => {
      clearTimeout(timer);
      form.removeEventListener('input', update);
      form.removeEventListener('change', update);
    };
  }, [lang, labels]);

  if (!resume) return <p>{emptyText}</p>;
  return (
    <article
      className={`resume-sheet resume-sheet--${resume.template}`}
      lang={resume.lang}
      dir={resume.dir}
      data-resume-preview
      data-live
    >
      <header className="resume-sheet__head">
        <h3 className="resume-sheet__name">{resume.name}</h3>
        {resume.headline && <p className="resume-sheet__headline">{resume.headline}</p>}
        <p className="resume-sheet__contacts">
          {resume.contacts.map((c) => (
            <span dir="auto" key={c}>
              {c}
            </span>
          ))}
        </p>
      </header>
      {resume.sections.map((section) => (
        <section className="resume-sheet__section" key={section.kind}>
          <h4>{section.title}</h4>
          {section.text && <p>{section.text}</p>}
          {section.entries?.map((e, i) => (
            <div className="resume-sheet__entry" key={i}>
              <p className="resume-sheet__entry-title">
                <strong>{e.title}</strong>
                {e.org && <> — {e.org}</>}
              </p>
              {e.when && <p className="resume-sheet__when">{e.when}</p>}
              {e.body && <p>{e.body}</p>}
            </div>
          ))}
          {section.items && <p>{section.items.join(' · ')}</p>}
        </section>
      ))}
    </article>
  );
}
