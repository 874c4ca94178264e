/** Guest resume rows as the upload stores them, for tests of the purge of expired ones. */
import { GUEST_COOKIE_DAYS } from '~/server/resumes/service';

/** A moment past a guest resume's keeping time (its cookie's days, and one more). */
export const expiredGuestDate = () => new Date(Date.now() - (GUEST_COOKIE_DAYS + 1) * 86_400_000);

/** A guest's uploaded text resume named `key`, stored at `createdAt`. */
export const guestResumeRow = (key: string, createdAt: Date) => ({
  guestTokenHash: `hash-${key}`,
  storageKey: `resumes/${key}.txt`,
  fileName: `${key}.txt`,
  mime: 'text/plain',
  size: 10,
  format: 'txt' as const,
  parseStatus: 'empty' as const,
  createdAt,
});
