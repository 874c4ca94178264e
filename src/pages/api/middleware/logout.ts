/**
 * POST middleware/logout (registry `logout`, SPEC §6 credentialed, §7 "User logout posts to a
 * logout URL, then clears chat state"): ends the session on the server and clears the
 * MSSOCLIENT cookie. The client then clears its chat state (src/stores/session.ts
 * markLoggedOut). Answers { loggedOut: true } for guests too (logging out twice is harmless).
 */
import { endpoint, ok } from '~/server/api/envelope';
import { logOut } from '~/server/accounts/http';

export const prerender = false;

export const POST = endpoint(async (context) => {
  await logOut(context);
  return ok({ loggedOut: true });
});
