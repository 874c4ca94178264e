/**
 * POST middleware/reverifyMobile (registry `reverifyMobile`, SPEC §4 mobile verification, §6
 * "the mobile reverify call"): { action: 'send' } sends a code to the logged-in seeker's own
 * number; { action: 'verify', otp } checks it and marks the number verified. 401 for guests.
 */
import { ownCodeEndpoint } from '~/server/accounts/http';

export const prerender = false;

export const POST = ownCodeEndpoint('sms');
