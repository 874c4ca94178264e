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
 * the dialog shut for the rest of this browser session. The backdrop does not close it: a stray
 * tap should not skip a question.
 *
 * Accessible: role="dialog" with aria-modal, focus moved in and kept inside (Tab wraps), focus goes
 * back where it was on close. Layout uses logical properties: right to left in Arabic.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import { createApiClient, type ApiResult } from '~/lib/api-client/client';
import type { EndpointName } from '~/lib/api-client/registry';
import { fieldMessages, passingYears } from '~/lib/validation/account';
import {
  AddSkillsSchema,
  CurrentLocationSchema,
  CurrentSalarySchema,
  ExperienceSchema,
  LinkedInSchema,
  NoticePeriodSchema,
  PreferredLocationSchema,
  ProfileEducationSchema,
  ProfileEmploymentSchema,
  VisaStatusSchema,
} from '~/lib/validation/profile';
import {
  educationBody,
  educationFields,
  employmentBody,
  employmentFields,
  isCurrentJob,
  placeErrors,
  stepsAfterSave,
  type Values,
} from './logic';
import type { DialogStepProp, EngagementDialogsProps, Option } from './types';
import './EngagementDialogs.css';

/** What saving a step sends: the endpoint, its schema and the body built from the inputs. */
interface SaveDef {
  name: EndpointName;
  schema: v.GenericSchema;
  body: (f: Values) => Record<string, string>;
}
const pick =
  (...names: string[]) =>
  (f: Values) =>
    Object.fromEntries(names.map((n) => [n, f[n] ?? '']));
const SAVE: Partial<Record<string, SaveDef>> = {
  employment: { name: 'addEmployment', schema: ProfileEmploymentSchema, body: employmentBody },
  education: { name: 'addEducation', schema: ProfileEducationSchema, body: educationBody },
  experience: {
    name: 'updateExperience',
    schema: ExperienceSchema,
    body: pick('experienceYears', 'experienceMonths'),
  },
  preferredLocation: {
    name: 'updateCardLocation',
    schema: PreferredLocationSchema,
    body: pick('preferredLocations'),
  },
  currentLocation: {
    name: 'updateCardCurrentLocation',
    schema: CurrentLocationSchema,
    body: pick('currentLocation'),
  },
  location: {
    name: 'updateCardCurrentLocation',
    schema: CurrentLocationSchema,
    body: pick('currentLocation'),
  },
  salary: {
    name: 'updateCurrentSalary',
    schema: CurrentSalarySchema,
    body: pick('currentSalary', 'salaryMode'),
  },
  noticePeriod: {
    name: 'updateNoticePeriod',
    schema: NoticePeriodSchema,
    body: pick('noticePeriod', 'lastWorkingDate'),
  },
  skills: { name: 'addSkills', schema: AddSkillsSchema, body: pick('skills') },
  workPermit: { name: 'updateCardWorkAuth', schema: VisaStatusSchema, body: pick('visaStatus') },
  linkedIn: { name: 'updateLinkedIn', schema: LinkedInSchema, body: pick('linkedinUrl') },
};

const promptKey = (s: DialogStepProp) => `${s.mode}:${s.step}`;
const CLOSED_KEY = 'jp-engagement-closed';

export default function EngagementDialogs(props: EngagementDialogsProps) {
  const { strings: s, site, lang, profilePath, options, messages } = props;
  const api = useMemo(() => createApiClient({ site, lang }), [site, lang]);
  const [steps, setSteps] = useState(props.steps);
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(props.steps.length > 0);
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [otpSent, setOtpSent] = useState(false);
  const [changed, setChanged] = useState(false);
  // Rendered only once hydrated: without JavaScript the modal could not be closed.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    try {
      if (sessionStorage.getItem(CLOSED_KEY)) setOpen(false);
    } catch {
      // storage blocked: open
    }
  }, []);
  const dialogRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const id = useId();
  const step = steps[index];
  const finished = index >= steps.length;

  const close = useCallback(() => {
    setOpen(false);
    try {
      // Not opened again on the next pages of this browser session.
      sessionStorage.setItem(CLOSED_KEY, '1');
    } catch {
      // storage blocked: it opens again (on the next step) on the next page
    }
    if (returnFocus.current instanceof HTMLElement) returnFocus.current.focus();
    // Closing skips the step shown, remembered like Skip (a failure only means it is asked again).
    if (!finished && step) {
      void api.call('seekerPrompt', { body: { prompt: promptKey(step), state: 'skipped' } });
    }
    // All answered: show the page's score and sections as they are now.
    if (changed && finished) window.location.reload();
  }, [api, changed, finished, step]);

  // Focus moves into the dialog when it opens and when the step changes.
  useEffect(() => {
    if (!open) return;
    if (!returnFocus.current) returnFocus.current = document.activeElement;
    const first = dialogRef.current?.querySelector<HTMLElement>(
      'input, select, button:not(.ed-close), a[href]',
    );
    first?.focus();
  }, [hydrated, open, index, editing, otpSent]);

  // Escape closes from anywhere (focus may have left a button that got disabled while saving).
  useEffect(() => {
    if (!open) return;
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [open, close]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [
      ...(dialogRef.current?.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled])',
      ) ?? []),
    ];
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  /** On to the next step; `data` (a save's answer) drops the steps it no longer lists. */
  const next = (status = '', data?: unknown) => {
    if (data !== undefined) setSteps((all) => stepsAfterSave(all, index, data));
    setIndex((i) => i + 1);
    setEditing(false);
    setValues({});
    setErrors({});
    setMessage(status);
    setOtpSent(false);
  };

  /** Shows a refused call's messages: by field where `shown` has the field, else in the status. */
  const show = (result: ApiResult, shown: readonly string[] = []): boolean => {
    if (result.ok) return true;
    const { byField, other } = placeErrors(result.errors, shown);
    setErrors(byField);
    setMessage(other || (Object.keys(byField).length > 0 ? '' : result.message || s.error));
    return false;
  };

  const remember = async (state: 'skipped' | 'confirmed') => {
    if (!step || busy) return;
    setBusy(true);
    const result = await api.call('seekerPrompt', { body: { prompt: promptKey(step), state } });
    setBusy(false);
    if (show(result)) next();
  };

  const save = async (event: React.SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!step || busy) return;
    const def = SAVE[step.step];
    if (!def) return;
    // The same checks as the server first (SPEC messages in the page's language).
    const body = def.body(values);
    const shown = Object.keys(body);
    const checked = v.safeParse(def.schema, body);
    if (!checked.success) {
      const issues = Object.entries(fieldMessages(checked.issues)).map(([field, m]) => ({
        field,
        message: messages[m] ?? m,
      }));
      const { byField, other } = placeErrors(issues, shown);
      setErrors(byField);
      setMessage(other);
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage('');
    const result = await api.call(def.name, { body });
    if (result.ok && step.mode === 'review') {
      await api.call('seekerPrompt', { body: { prompt: promptKey(step), state: 'confirmed' } });
    }
    setBusy(false);
    if (!show(result, shown) || !result.ok) return;
    setChanged(true);
    next(s.saved, result.data);
  };

  const otp = async (action: 'send' | 'verify') => {
    if (busy) return;
    setBusy(true);
    setErrors({});
    setMessage('');
    const body = action === 'send' ? { action } : { action, otp: values.otp ?? '' };
    const result = await api.call('reverifyMobile', { body });
    setBusy(false);
    if (!show(result, otpSent ? ['otp'] : [])) return;
    if (action === 'send') {
      setOtpSent(true);
      setMessage(s.otpSent);
    } else {
      setChanged(true);
      next(s.verified);
    }
  };

  if (!hydrated || !open || steps.length === 0) return null;

  /** Changing a field clears its message: it described the old value. */
  const change = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };
  const set = (name: string) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    change(name, e.target.value);
  const check = (name: string, label: string, on: boolean) => (
    <div className="ed-check" key={name}>
      <input
        id={`${id}-${name}`}
        name={name}
        type="checkbox"
        checked={on}
        onChange={(e) => change(name, e.target.checked ? 'on' : 'off')}
      />
      <label htmlFor={`${id}-${name}`}>{label}</label>
    </div>
  );
  /** Two short inputs side by side where there is room. */
  const pair = (key: string, ...items: React.ReactNode[]) => (
    <div className="ed-pair" key={key}>
      {items}
    </div>
  );
  const field = (
    name: string,
    label: string,
    extra: {
      type?: string;
      hint?: string;
      dir?: 'ltr';
      inputMode?: 'numeric' | 'url';
      maxLength?: number;
      autoComplete?: string;
    } = {},
  ) => (
    <div className="ed-field" key={name}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={extra.type ?? 'text'}
        value={values[name] ?? ''}
        onChange={set(name)}
        dir={extra.dir}
        inputMode={extra.inputMode}
        maxLength={extra.maxLength}
        autoComplete={extra.autoComplete}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${id}-${name}-error${extra.hint ? ` ${id}-${name}-hint` : ''}`}
      />
      {extra.hint && (
        <p className="ed-hint" id={`${id}-${name}-hint`}>
          {extra.hint}
        </p>
      )}
      <p className="ed-error" id={`${id}-${name}-error`}>
        {errors[name] ?? ''}
      </p>
    </div>
  );
  const choice = (name: string, label: string, list: Option[]) => (
    <div className="ed-field" key={name}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select
        id={`${id}-${name}`}
        name={name}
        value={values[name] ?? ''}
        onChange={set(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${id}-${name}-error`}
      >
        <option value="">{s.select}</option>
        {list.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <p className="ed-error" id={`${id}-${name}-error`}>
        {errors[name] ?? ''}
      </p>
    </div>
  );
  const range = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ value: String(i), label: String(i) }));

  /** The inputs of a step (engagement, or a review being updated). */
  const inputs = (key: string) => {
    switch (key) {
      case 'employment': {
        const current = isCurrentJob(values);
        const shown = employmentFields(values);
        return [
          field('designation', s.fields.designation, {
            maxLength: 100,
            autoComplete: 'organization-title',
          }),
          field('company', s.fields.company, { maxLength: 100, autoComplete: 'organization' }),
          check('isCurrent', s.fields.isCurrent, current),
          pair(
            'dates',
            field('startDate', s.fields.startDate, { type: 'date' }),
            !current && field('endDate', s.fields.endDate, { type: 'date' }),
            current && choice('noticePeriod', s.fields.noticePeriod, options.notice),
          ),
          shown.includes('lastWorkingDate') &&
            field('lastWorkingDate', s.fields.lastWorkingDate, { type: 'date' }),
          pair(
            'salary',
            field('currentSalary', s.fields.currentSalary, {
              dir: 'ltr',
              inputMode: 'numeric',
              maxLength: 15,
            }),
            choice('salaryMode', s.fields.salaryMode, options.salaryModes),
          ),
        ];
      }
      case 'education': {
        const shown = educationFields(values);
        const years = passingYears().map((y) => ({ value: String(y), label: String(y) }));
        return [
          choice('qualification', s.fields.qualification, options.qualifications),
          shown.includes('board')
            ? pair(
                'school',
                field('board', s.fields.board, { maxLength: 100 }),
                field('medium', s.fields.medium, { maxLength: 100 }),
              )
            : pair(
                'degree',
                field('specialization', s.fields.specialization, { maxLength: 100 }),
                field('institute', s.fields.institute, { maxLength: 100 }),
              ),
          choice('passingYear', s.fields.passingYear, years),
        ];
      }
      case 'experience':
        return [
          choice('experienceYears', s.fields.years, range(51)),
          choice('experienceMonths', s.fields.months, range(12)),
        ];
      case 'preferredLocation':
        return [
          field('preferredLocations', s.fields.preferredLocations, { hint: s.fields.commaHint }),
        ];
      case 'currentLocation':
      case 'location':
        return [field('currentLocation', s.fields.currentLocation)];
      case 'salary':
        return [
          field('currentSalary', s.fields.currentSalary, { dir: 'ltr', inputMode: 'numeric' }),
          choice('salaryMode', s.fields.salaryMode, options.salaryModes),
        ];
      case 'noticePeriod':
        return [
          choice('noticePeriod', s.fields.noticePeriod, options.notice),
          field('lastWorkingDate', s.fields.lastWorkingDate, { type: 'date' }),
        ];
      case 'skills':
        return [field('skills', s.fields.skills, { hint: s.fields.commaHint })];
      case 'workPermit':
        return [choice('visaStatus', s.fields.visaStatus, options.visa)];
      case 'linkedIn':
        return [field('linkedinUrl', s.fields.linkedinUrl, { dir: 'ltr', inputMode: 'url' })];
      default:
        return [];
    }
  };

  let title = s.done;
  let body: React.ReactNode = null;
  if (!finished && step) {
    if (step.mode === 'review' && !editing) {
      title = s.review[step.step].replace('{{value}}', step.value);
      body = (
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
          <button
            type="button"
            className="ed-link"
            onClick={() => remember('skipped')}
            disabled={busy}
          >
            {s.skip}
          </button>
        </div>
      );
    } else if (step.step === 'mobile') {
      title = s.engage.mobile;
      body = (
        <div className="ed-form">
          {otpSent && field('otp', s.fields.otp, { dir: 'ltr', inputMode: 'numeric' })}
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
            <button
              type="button"
              className="ed-link"
              onClick={() => remember('skipped')}
              disabled={busy}
            >
              {s.skip}
            </button>
          </div>
        </div>
      );
    } else {
      const key = step.step;
      title =
        step.mode === 'review'
          ? s.review[step.step].replace('{{value}}', step.value)
          : s.engage[step.step];
      body = (
        <form className="ed-form" onSubmit={save} noValidate>
          {key === 'workPermit' && <p className="ed-claim">{s.workPermitClaim}</p>}
          {(key === 'employment' || key === 'education') && step.mode === 'engage' && (
            <p className="ed-intro">{s.intro[key]}</p>
          )}
          {inputs(key)}
          <div className="ed-actions">
            <button type="submit" disabled={busy}>
              {s.save}
            </button>
            <button
              type="button"
              className="ed-link"
              onClick={() => remember('skipped')}
              disabled={busy}
            >
              {s.skip}
            </button>
          </div>
        </form>
      );
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
