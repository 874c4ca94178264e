/**
 * Everything the portal holds about a seeker, gathered from each owning domain's service (one
 * owner per table): the JSON of a data export and the uploaded files that go beside it.
 */
import type { Queryable } from '~/server/db/client';
import { exportAccountData } from '~/server/accounts/personal-data';
import { exportAlertData } from '~/server/alerts/personal-data';
import { exportApplicationData } from '~/server/applications/personal-data';
import { exportChromeData } from '~/server/chrome/personal-data';
import { exportCommerceData } from '~/server/commerce/personal-data';
import { exportProfileData } from '~/server/profiles/personal-data';
import { exportResumeData } from '~/server/resumes/personal-data';
import { exportSearchData } from '~/server/search/personal-data';

export interface PersonalFile {
  /** Path inside the ZIP's files/ folder. */
  name: string;
  /** Storage key of the bytes. */
  key: string;
}

export interface PersonalData {
  /** What my-data.json holds, by section, each a table's rows. */
  json: Record<string, unknown>;
  files: PersonalFile[];
}

/** The seeker's data, or null when there is no such account. */
export async function collectPersonalData(
  userId: string,
  db: Queryable,
  now = new Date(),
): Promise<PersonalData | null> {
  const account = await exportAccountData(userId, db);
  if (!account) return null;
  const email = account.users[0]?.email ?? null;
  const profile = await exportProfileData(userId, db);
  const resumes = await exportResumeData(userId, db);
  const alerts = await exportAlertData(userId, email, db);
  const { seeker_message_preferences: consents, ...alertRows } = alerts;
  return {
    json: {
      exportedAt: now.toISOString(),
      account,
      profile: profile.rows,
      resumes: resumes.rows,
      applications: await exportApplicationData(userId, db),
      alerts: alertRows,
      consents: { seeker_message_preferences: consents },
      searches: await exportSearchData(userId, db),
      commerce: await exportCommerceData(userId, db),
      site: await exportChromeData(userId, db),
    },
    files: [...profile.files, ...resumes.files.map((f) => ({ ...f, name: `resumes/${f.name}` }))],
  };
}
