/** Props of the EngagementDialogs island (plain data: built on the server by EngagementMount). */
import type { EngageStep, ReviewStep } from '~/lib/validation/profile';
import type { IslandSite } from '~/lib/sites/island';

export type DialogStepProp =
  | { mode: 'engage'; step: EngageStep }
  /** `value`: the saved value to review, already formatted for the page's language. */
  | { mode: 'review'; step: ReviewStep; value: string };

export interface Option {
  value: string;
  label: string;
}

export interface EngagementStrings {
  label: string;
  close: string;
  skip: string;
  save: string;
  confirm: string;
  update: string;
  sendOtp: string;
  resendOtp: string;
  verifyOtp: string;
  otpSent: string;
  verified: string;
  done: string;
  error: string;
  workPermitClaim: string;
  select: string;
  /** Said in the status line when a save moves on to the next step. */
  saved: string;
  /** Next to the progress: closing counts as skipping the step shown. */
  closeSkips: string;
  intro: { employment: string; education: string };
  engage: Record<EngageStep, string>;
  review: Record<ReviewStep, string>;
  fields: {
    years: string;
    months: string;
    preferredLocations: string;
    currentLocation: string;
    currentSalary: string;
    salaryMode: string;
    noticePeriod: string;
    lastWorkingDate: string;
    skills: string;
    commaHint: string;
    visaStatus: string;
    linkedinUrl: string;
    otp: string;
    designation: string;
    company: string;
    isCurrent: string;
    startDate: string;
    endDate: string;
    qualification: string;
    specialization: string;
    institute: string;
    board: string;
    medium: string;
    passingYear: string;
  };
}

export interface EngagementDialogsProps {
  steps: DialogStepProp[];
  strings: EngagementStrings;
  site: IslandSite;
  lang: string;
  /** The profile page (with language prefix): a new mobile number is entered there. */
  profilePath: string;
  /** English message (account / profile schemas) -> the page's language. */
  messages: Record<string, string>;
  options: {
    notice: Option[];
    salaryModes: Option[];
    visa: Option[];
    qualifications: Option[];
  };
}
