/**
 * The engagement dialogs' flow: which step is shown, the inputs' values and messages, and what
 * skip, confirm, save, the OTP buttons and close do (each saved on the server, see
 * EngagementDialogs.tsx). Focus handling lives here too: it follows the flow's state.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import { createApiClient, type ApiResult } from '~/lib/api-client/client';
import type { EndpointName } from '~/lib/api-client/registry';
import { keepTabInside } from '~/lib/dom/keep-tab-inside';
import { fieldMessages } from '~/lib/validation/account';
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
import { educationBody, employmentBody, placeErrors, stepsAfterSave, type Values } from './logic';
import type { DialogStepProp, EngagementDialogsProps } from './types';

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

export const promptKey = (s: DialogStepProp) => `${s.mode}:${s.step}`;

export function useEngagementFlow(props: EngagementDialogsProps) {
  const { strings: s, site, lang, messages } = props;
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
  useEffect(() => setHydrated(true), []);
  const dialogRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const id = useId();
  const step = steps[index];
  const finished = index >= steps.length;

  const close = useCallback(() => {
    setOpen(false);
    // Kept shut for a week, for this seeker on every device (the server's dialogsToOpen); the
    // server also opens it once per sign-in at most.
    void api.call('seekerPrompt', { body: { prompt: 'dialogs:closed', state: 'skipped' } });
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
    if (dialogRef.current) keepTabInside(dialogRef.current, event);
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

  /** Changing a field clears its message: it described the old value. */
  const change = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  return {
    id,
    dialogRef,
    steps,
    index,
    step,
    finished,
    /** Rendered only once hydrated, open and with steps: without JavaScript it could not close. */
    shown: hydrated && open && steps.length > 0,
    editing,
    setEditing,
    values,
    errors,
    message,
    busy,
    otpSent,
    change,
    close,
    onKeyDown,
    remember,
    save,
    otp,
  };
}

export type EngagementFlow = ReturnType<typeof useEngagementFlow>;
