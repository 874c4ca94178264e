/**
 * What the profile page's section components show, worked out once from the loaded profile: the
 * value and message of each field (what was posted if that form failed, else what is saved), the
 * entry being edited, select options in the page's language, and links that keep the shown
 * named profile selected. Pure: the page loads the data and passes it here.
 */
import { isChecked } from '~/lib/validation/checkbox';
import { keyIn, type Translate } from '~/lib/i18n';
import { NOTICE_PERIODS, PERCENTAGE_BANDS } from '~/lib/reference-lists';
import { formatDate } from '~/lib/format/dates';
import type { Lang, Site } from '~/lib/sites/schema';
import { EDUCATION_TYPES, QUALIFICATIONS, SALARY_MODES } from '~/lib/validation/account';
import { LGBTQ_STATUSES, VISA_STATUSES } from '~/lib/validation/profile';
import type { FailedForm, PageFor } from '~/server/profiles/http-page';
import type { NamedProfile, Profile } from '~/server/profiles/service';

export interface ProfileViewInput {
  t: Translate;
  lang: Lang;
  site: Site;
  url: URL;
  failed: FailedForm | null;
  profile: Profile;
  own: NamedProfile;
  pageFor: PageFor;
  /** A profile's name as shown. */
  profileName: (name: string) => string;
}

export function profileView({
  t,
  lang,
  site,
  url,
  failed,
  profile,
  own,
  pageFor,
  profileName,
}: ProfileViewInput) {
  const ownId = own.id;

  /** The value to show in a field of `section`: what was posted if that form failed, else saved. */
  const val = (section: string, name: string, saved: unknown): string =>
    failed?.section === section ? (failed.values[name] ?? '') : saved == null ? '' : String(saved);
  const err = (section: string, name: string): string | undefined =>
    failed?.section === section ? failed.errors[name] : undefined;
  const formError = (section: string): string | undefined =>
    failed?.section === section ? (failed.errors[''] ?? failed.errors.id) : undefined;
  /** A Field of `section`'s form: its id prefix, name, and the value and message to show. */
  const fieldOf = (section: string, name: string, saved: unknown) => ({
    form: section,
    name,
    value: val(section, name, saved),
    error: err(section, name),
  });
  /** Whether a checkbox of `section`'s form is ticked: as posted if that form failed, else saved. */
  const checkedOf = (section: string, name: string, saved: boolean): boolean =>
    failed?.section === section ? isChecked(failed.values[name]) : saved;

  const fresher = profile.account.careerStage === 'fresher';
  const current = profile.currentEmployment;
  const editEmploymentId = Number(url.searchParams.get('employment') ?? '') || null;
  const editEmployment =
    failed?.section === 'employment'
      ? null
      : (profile.employments.find((e) => e.id === editEmploymentId) ??
        (editEmploymentId === null ? (current ?? null) : null));
  const editEducationId = Number(url.searchParams.get('education') ?? '') || null;
  const editEducation =
    failed?.section === 'education'
      ? null
      : (profile.educations.find((e) => e.id === editEducationId) ??
        (editEducationId === null ? (profile.educations[0] ?? null) : null));
  const addingEmployment = url.searchParams.get('employment') === 'new';
  const addingEducation = url.searchParams.get('education') === 'new';
  const emp = addingEmployment ? null : editEmployment;
  const edu = addingEducation ? null : editEducation;
  /** This page for the shown profile (links keep it selected). */
  const here = (query = '', anchor = '') => pageFor(own.isDefault ? null : ownId, query, anchor);
  const photo = profile.extras.photo;
  const photoSrc = photo ? `/api/trex/seeker/v1/photo/${photo.id}` : null;
  const select = t('account:fields.select');
  const modeLabel = (m: string | null | undefined) => (m ? t(keyIn('account:salaryMode', m)) : '');
  const qualificationLabel = (id: string) => t(keyIn('account:qualifications', id));
  const none = t('profile:values.none');
  const noticeOptions = NOTICE_PERIODS.map((n) => ({
    value: String(n.id),
    label: t(keyIn('account:noticePeriods', n.id)),
  }));
  const modeOptions = SALARY_MODES.map((m) => ({ value: m, label: modeLabel(m) }));
  /** Select options that show the number itself (years, months, passing years). */
  const numberOptions = (numbers: number[]) =>
    numbers.map((n) => ({ value: String(n), label: String(n) }));
  /** 0 .. count - 1. */
  const range = (count: number) => Array.from({ length: count }, (_, i) => i);
  const qualificationOptions = QUALIFICATIONS.map((q) => ({
    value: q.id,
    label: qualificationLabel(q.id),
  }));
  const percentageOptions = PERCENTAGE_BANDS.map((b) => ({ value: String(b.id), label: b.value }));
  const educationTypeOptions = EDUCATION_TYPES.map((e) => ({
    value: e,
    label: t(`account:educationType.${e}`),
  }));
  const visaOptions = VISA_STATUSES.map((s) => ({ value: s, label: t(`profile:visa.${s}`) }));
  const lgbtqOptions = LGBTQ_STATUSES.map((s) => ({ value: s, label: t(`profile:lgbtq.${s}`) }));
  const resumeOptions = [
    {
      value: 'latest',
      label: own.resumes[0]
        ? t('profile:resumeChoice.latestNamed', { name: own.resumes[0].fileName })
        : t('profile:resumeChoice.latest'),
    },
    ...own.resumes.map((r) => ({
      value: r.id,
      label: `${r.fileName} (${formatDate(r.createdAt, lang, site)})`,
    })),
    { value: 'none', label: t('profile:resumeChoice.none') },
  ];
  /** Every form posts back to the page for the shown profile. */
  const action = here();
  const currentSalaryLabel = t('account:fields.currentSalary', { currency: site.currency.code });
  return {
    failed,
    profile,
    own,
    ownId,
    pageFor,
    profileName,
    val,
    err,
    formError,
    fieldOf,
    checkedOf,
    fresher,
    current,
    emp,
    edu,
    addingEmployment,
    addingEducation,
    here,
    photo,
    photoSrc,
    select,
    qualificationLabel,
    none,
    noticeOptions,
    modeOptions,
    numberOptions,
    range,
    qualificationOptions,
    percentageOptions,
    educationTypeOptions,
    visaOptions,
    lgbtqOptions,
    resumeOptions,
    action,
    currentSalaryLabel,
  };
}

export type ProfileView = ReturnType<typeof profileView>;

/** What each section component takes: the page's view of the profile. */
export interface SectionProps {
  view: ProfileView;
}
