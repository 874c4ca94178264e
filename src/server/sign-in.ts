/**
 * Logging a seeker in, across domains: a new session (accounts), the resumes this browser uploaded
 * as a guest (resumes), a guest's pending apply (applications), and where to go next: the apply's
 * applied-success, the return path, the registration step still to do (profiles) or the dashboard;
 * for a deleted account, the offer to restore it (privacy) instead.
 */
import { localizedPath } from '~/lib/sites/links';
import { startSession } from '~/server/accounts/http';
import { completePendingApply } from '~/server/applications/http';
import type { User } from '~/server/db/schema';
import type { WebContext } from '~/server/http/context';
import { offerAccountRestore } from '~/server/privacy/http';
import { STEP_PATHS, registrationStepOf } from '~/server/profiles/registration';
import { readGuestToken } from '~/server/resumes/http';
import { claimGuestResumes } from '~/server/resumes/service';

/**
 * Logs the user in: a new session and its cookie, then where to go: a pending apply's
 * applied-success, the return path, the registration step still to do, or the dashboard.
 */
export async function logIn(
  context: WebContext,
  user: User,
  returnPath: string | null,
): Promise<string> {
  // A deleted account in its grace period gets no session: it is offered its restore.
  if (user.closedAt) return offerAccountRestore(context, user.id);
  await startSession(context, user.id);
  // Resumes this browser uploaded as a guest become the account's.
  const guestToken = readGuestToken(context.cookies);
  if (guestToken) await claimGuestResumes(guestToken, user.id);
  const applied = await completePendingApply(context, user);
  if (applied) return applied;
  if (returnPath) return returnPath;
  // An unfinished registration resumes where the seeker left it.
  return localizedPath(context.locals.lang, STEP_PATHS[await registrationStepOf(user.id)]);
}
