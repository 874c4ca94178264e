/**
 * The account forms with a mobile number (registration, the OTP login), checked by the mobile rule
 * (mobile.ts, libphonenumber-js and its metadata). Apart from account.ts so that only the pages
 * and forms that take a number load the rule: the browser's form check imports this module when a
 * form of these is on the page (lib/forms/form-check.ts), the other account forms and the
 * engagement dialogs never do.
 */
import * as v from 'valibot';
import {
  ACCOUNT_MESSAGES as M,
  CAREER_STAGES,
  EmailFieldSchema,
  MobileSchema,
  NewPasswordSchema,
  OtpCodeSchema,
  OtpMobileSchema,
  accountFormSchema,
  field,
  isdField,
  oneOf,
  type AccountFormName,
} from './account';
import { NAME_RE } from './formats';
import { withMobileRule } from './mobile';

/** Step 1, /seeker/registration: career stage, name, email, password, mobile with ISD code. */
export const registrationSchema = (isdCodes: readonly string[]) =>
  withMobileRule(
    v.object({
      careerStage: oneOf(CAREER_STAGES, M.careerStageRequired),
      name: v.pipe(field(), v.nonEmpty(M.nameRequired), v.regex(NAME_RE, M.nameInvalid)),
      email: EmailFieldSchema,
      password: NewPasswordSchema,
      isdCode: isdField(isdCodes),
      mobile: MobileSchema,
    }),
    isdCodes,
    M.mobileInvalid,
  );
export type RegistrationInput = v.InferOutput<ReturnType<typeof registrationSchema>>;

/** /rio/login, step 1 of the OTP login: where to send it. */
export const otpRequestSchema = (isdCodes: readonly string[]) =>
  withMobileRule(
    v.object({ isdCode: isdField(isdCodes), mobile: OtpMobileSchema }),
    isdCodes,
    M.otpMobileInvalid,
  );

/** /rio/login, step 2 of the OTP login: the code. */
export const otpLoginSchema = (isdCodes: readonly string[]) =>
  withMobileRule(
    v.object({ isdCode: isdField(isdCodes), mobile: OtpMobileSchema, otp: OtpCodeSchema }),
    isdCodes,
    M.otpMobileInvalid,
  );

export const MOBILE_FORMS = ['registration', 'otpRequest', 'otpLogin'] as const;
export type MobileFormName = (typeof MOBILE_FORMS)[number];

/** Any account form's schema by name: the forms with a number here, the others account.ts's. */
export function formSchema(
  name: AccountFormName,
  isdCodes: readonly string[] = [],
): v.GenericSchema<Record<string, string>, unknown> {
  const schemas: Record<MobileFormName, () => v.GenericSchema> = {
    registration: () => registrationSchema(isdCodes),
    otpRequest: () => otpRequestSchema(isdCodes),
    otpLogin: () => otpLoginSchema(isdCodes),
  };
  if ((MOBILE_FORMS as readonly string[]).includes(name))
    return schemas[name as MobileFormName]() as v.GenericSchema<Record<string, string>, unknown>;
  return accountFormSchema(name, isdCodes);
}
