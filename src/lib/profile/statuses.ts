/**
 * Statuses a seeker's profile stores. No imports: the database schema
 * (src/server/db/schema-profiles.ts, loaded by drizzle-kit on its own) uses it too.
 */

/** Visa / work permit statuses (ids stored; labels in profile:visa.<id>). */
export const VISA_STATUSES = [
  'citizen',
  'permanent_resident',
  'work_permit',
  'dependant_visa',
  'visit_visa',
  'need_sponsorship',
] as const;
export type VisaStatus = (typeof VISA_STATUSES)[number];

export const LGBTQ_STATUSES = ['yes', 'no', 'undisclosed'] as const;
export type LgbtqStatus = (typeof LGBTQ_STATUSES)[number];
