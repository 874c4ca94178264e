/**
 * Engagement and review dialogs (SPEC §2, §4): one modal dialog that asks for the first missing
 * piece of the profile, one at a time (employment and education with their own short forms,
 * experience, locations, mobile verification with OTP, salary, notice period, skills, work permit
 * with the 93% claim, LinkedIn), then asks to review salary, notice period, location and mobile
 * (confirm, update or skip). Answers go through the same schemas as the profile page, first here
 * and then on the server, whose messages show by field. After a save the server's list of what is
 * still missing decides the next step (an employment also answers salary and notice period).
 *
 * Skip, confirm and close are saved on the server, so a step is not asked again on the next visit
 * or another device: closing (Escape, the × button, or Close) skips the step being shown and keeps
 * the dialog shut for a week for this seeker; the server opens it once per sign-in at most
 * (dialogsToOpen in server/profiles/read.ts). The backdrop does not close it: a stray
 * tap should not skip a question.
 *
 * Accessible: role="dialog" with aria-modal, focus moved in and kept inside (Tab wraps), focus goes
 * back where it was on close. Layout uses logical properties: right to left in Arabic.
 */
import { fieldKit } from './fields';
import { FormStep, MobileStep, ReviewStep } from './steps';
import type { EngagementDialogsProps } from './types';
import { promptKey, useEngagementFlow } from './useEngagementFlow';
import './EngagementDialogs.css';

export default function EngagementDialogs(props: EngagementDialogsProps) {
  const { strings: s, profilePath, options } = props;
  const flow = useEngagementFlow(props);
  const { id, dialogRef, steps, index, step, finished, editing, message, close, onKeyDown } = flow;
  if (!flow.shown) return null;
  const kit = fieldKit({
    id,
    values: flow.values,
    errors: flow.errors,
    change: flow.change,
    strings: s,
  });

  let title = s.done;
  let body: React.ReactNode = null;
  if (!finished && step) {
    if (step.mode === 'review' && !editing) {
      title = s.review[step.step].replace('{{value}}', step.value);
      body = <ReviewStep step={step} flow={flow} strings={s} profilePath={profilePath} />;
    } else if (step.step === 'mobile') {
      title = s.engage.mobile;
      body = <MobileStep flow={flow} strings={s} kit={kit} />;
    } else {
      title =
        step.mode === 'review'
          ? s.review[step.step].replace('{{value}}', step.value)
          : s.engage[step.step];
      body = <FormStep step={step} flow={flow} strings={s} kit={kit} options={options} />;
    }
  }

  return (
    <div className="ed-backdrop">
      <div
        ref={dialogRef}
        className="ed-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-status`}
        onKeyDown={onKeyDown}
        data-step={step ? promptKey(step) : 'done'}
      >
        <div className="ed-head">
          <p className="ed-kicker">{s.label}</p>
          <button type="button" className="ed-close" onClick={close} aria-label={s.close}>
            ×
          </button>
        </div>
        <h2 id={`${id}-title`} className="ed-title">
          {title}
        </h2>
        <p id={`${id}-status`} className="ed-status" role="status">
          {message}
        </p>
        {body}
        {finished && (
          <div className="ed-actions">
            <button type="button" onClick={close}>
              {s.close}
            </button>
          </div>
        )}
        {!finished && (
          <div className="ed-foot">
            <p className="ed-note">{s.closeSkips}</p>
            <p className="ed-progress" aria-hidden="true">
              <bdi>
                {index + 1} / {steps.length}
              </bdi>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
