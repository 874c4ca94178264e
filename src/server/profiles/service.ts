/**
 * The seeker profile service: reads and updates each section of SPEC §3 on the accounts tables
 * (seeker_profiles, seeker_employments, seeker_educations, seeker_job_preferences, users) and
 * the profiles tables (named profiles, extras, prompt states). Every function takes the owner's
 * user id from the session: no function reads or changes another user's rows (ids of entries
 * are always matched together with the user id).
 *
 * Named profiles (up to 5, exactly one default) each hold their own headline, resume choice, key
 * skills, preferred locations and expected salary; everything else is shared by all of them. The
 * default profile's skills, locations and expected salary are seeker_job_preferences (what
 * registration, the score, dialogs, cards and search read); another profile's are on its own row,
 * and making it the default swaps the two. Writes to one profile take a per-user lock so a swap
 * and a write never interleave.
 *
 * Inputs are the OUTPUT of the valibot schemas of src/lib/validation/profile.ts: callers parse
 * first. Business rules that need the database (5 profiles, one default, duplicate skills, an
 * employment to attach a salary to) throw ProfileError with a SPEC §5 or PROFILE_MESSAGES text;
 * nothing is written when a rule fails (each update is one statement or one transaction).
 */
export { type DbOptions, ProfileError } from './common';
export {
  getProfile,
  profilePart,
  type Profile,
  completenessOf,
  scoreOf,
  type DialogStep,
  pendingDialogs,
  dialogsToOpen,
  openDialogs,
  pendingCards,
  setPrompt,
} from './read';
export {
  DEFAULT_PROFILE_NAME,
  applicationProfile,
  listNamedProfiles,
  type ProfileValues,
  getNamedProfile,
  namedProfileFrom,
  type NamedProfile,
  createNamedProfile,
  renameNamedProfile,
  setDefaultProfile,
  deleteNamedProfile,
  saveResumeChoice,
  saveExpectedSalary,
} from './named';
export { saveEmployment, deleteEmployment, deleteEducation, saveEducation } from './entries';
export {
  saveExperience,
  saveLocations,
  saveMobile,
  saveCurrentSalary,
  saveSalary,
  saveNoticePeriod,
  addSkills,
  deleteSkill,
  saveVisaStatus,
  saveLinkedIn,
  saveDesignation,
  getPrivateFlags,
  setCovidLayoff,
  setLgbtq,
} from './sections';
