/** The body of each kind of step: a review to confirm, mobile verification, a form to save. */
import type { FieldKit } from './fields';
import { stepInputs } from './inputs';
import type { EngagementFlow } from './useEngagementFlow';
import type { DialogStepProp, EngagementDialogsProps } from './types';

interface StepProps {
  step: DialogStepProp;
  flow: EngagementFlow;
  strings: EngagementDialogsProps['strings'];
}

/** Skip: the step is not asked again. */
function SkipButton({ flow, strings: s }: Omit<StepProps, 'step'>) {
  return (
    <button
      type="button"
      className="ed-link"
      onClick={() => flow.remember('skipped')}
      disabled={flow.busy}
    >
      {s.skip}
    </button>
  );
}

/** Confirm, update (in the dialog, or on the profile for the mobile number) or skip. */
export function ReviewStep({
  step,
  flow,
  strings: s,
  profilePath,
}: StepProps & { profilePath: string }) {
  const { remember, busy, setEditing } = flow;
  return (
    <div className="ed-actions">
      <button type="button" onClick={() => remember('confirmed')} disabled={busy}>
        {s.confirm}
      </button>
      {step.step === 'mobile' ? (
        <a className="ed-secondary" href={`${profilePath}#mobile`}>
          {s.update}
        </a>
      ) : (
        <button type="button" className="ed-secondary" onClick={() => setEditing(true)}>
          {s.update}
        </button>
      )}
      <SkipButton flow={flow} strings={s} />
    </div>
  );
}

/** Send an OTP to the mobile number, then verify it. */
export function MobileStep({ flow, strings: s, kit }: Omit<StepProps, 'step'> & { kit: FieldKit }) {
  const { otpSent, otp, busy } = flow;
  return (
    <div className="ed-form">
      {otpSent && kit.field('otp', s.fields.otp, { dir: 'ltr', inputMode: 'numeric' })}
      <div className="ed-actions">
        {otpSent ? (
          <>
            <button type="button" onClick={() => otp('verify')} disabled={busy}>
              {s.verifyOtp}
            </button>
            <button
              type="button"
              className="ed-secondary"
              onClick={() => otp('send')}
              disabled={busy}
            >
              {s.resendOtp}
            </button>
          </>
        ) : (
          <button type="button" onClick={() => otp('send')} disabled={busy}>
            {s.sendOtp}
          </button>
        )}
        <SkipButton flow={flow} strings={s} />
      </div>
    </div>
  );
}

/** A step's inputs, saved through its endpoint. */
export function FormStep({
  step,
  flow,
  strings: s,
  kit,
  options,
}: StepProps & { kit: FieldKit; options: EngagementDialogsProps['options'] }) {
  const { save, busy, values } = flow;
  const key = step.step;
  return (
    <form className="ed-form" onSubmit={save} noValidate>
      {key === 'workPermit' && <p className="ed-claim">{s.workPermitClaim}</p>}
      {(key === 'employment' || key === 'education') && step.mode === 'engage' && (
        <p className="ed-intro">{s.intro[key]}</p>
      )}
      {stepInputs(key, kit, values, { strings: s, options })}
      <div className="ed-actions">
        <button type="submit" disabled={busy}>
          {s.save}
        </button>
        <SkipButton flow={flow} strings={s} />
      </div>
    </form>
  );
}
