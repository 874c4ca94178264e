/** POST middleware/logoutOld (registry `logoutOld`, SPEC §7 "old logout", form-encoded): as logout. */
import { endpoint, ok } from '~/server/api/envelope';
import { logOut } from '~/server/accounts/http';

export const prerender = false;

export const POST = endpoint(async (context) => {
  await logOut(context);
  return ok({ loggedOut: true });
});
