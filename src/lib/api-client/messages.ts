/**
 * User-visible messages of SPEC §8, verbatim (spelling and punctuation included: "Occured",
 * "sometime", "do not have configured" are the product's wording, keep them).
 */

/** Generic failure shown when nothing more specific is known. */
export const SOMETHING_WENT_WRONG = 'Something went wrong please try again';
/** Generic failure used by older screens. */
export const ERROR_OCCURED_TRY_AGAIN = 'Error Occured Try Again';
/** Resume or attachment upload failed. */
export const UPLOAD_FAILED = 'Not able to upload file';
/** Downloading or previewing a stored file failed. */
export const FILE_FETCH_FAILED = 'Error Occured in fetching file.';
/** Registration could not create the profile. */
export const PROFILE_CREATE_FAILED = 'Not able to create your profile please try again.';
/** The requested profile does not exist (or is not the user's). */
export const PROFILE_NOT_FOUND = 'Profile not found';
/**
 * Some of the fields of a multi-field update (engagement dialogs) were not saved. SPEC §8 gives
 * the opening words and says the text asks the user to visit the profile and retry; this is the
 * full text we chose.
 */
export const PARTIAL_UPDATE_FAILED =
  'OOps! We encountered an issue while updating few details. Please visit your profile and retry.';
/** Mobile number verification failure (lower-case and with a full stop, as in the product). */
export const MOBILE_SOMETHING_WENT_WRONG = 'something went wrong.';
/** Any transport failure: network error, timeout, non-JSON body, 5xx without an envelope. */
export const NETWORK_ERROR = 'Network error. Please try again after sometime.';
/** Thrown (not returned) when a call that has no fixed url, the resume upload, gets none. */
export const NO_URL_CONFIGURED = 'This ajax request do not have configured any url.';

/** The same catalogue as one object, for lookups by key (e.g. from i18n or tests). */
export const MESSAGES = {
  SOMETHING_WENT_WRONG,
  ERROR_OCCURED_TRY_AGAIN,
  UPLOAD_FAILED,
  FILE_FETCH_FAILED,
  PROFILE_CREATE_FAILED,
  PROFILE_NOT_FOUND,
  PARTIAL_UPDATE_FAILED,
  MOBILE_SOMETHING_WENT_WRONG,
  NETWORK_ERROR,
  NO_URL_CONFIGURED,
} as const;

export type MessageKey = keyof typeof MESSAGES;
