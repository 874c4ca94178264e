/**
 * POST trex/users/v1/email-otp (registry `emailOtp`, SPEC §7 "email otp get and verify"): as
 * middleware/reverifyMobile, for the logged-in seeker's own email address (mail adapter).
 */
import { ownCodeEndpoint } from '~/server/accounts/http';

export const prerender = false;

export const POST = ownCodeEndpoint('email');
