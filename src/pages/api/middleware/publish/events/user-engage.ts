/** POST middleware/publish/events/user-engage (registry `userEngageEvent`, SPEC §7): stores the event as received. */
import { eventEndpoint } from '~/server/chrome/http';

export const prerender = false;

export const POST = eventEndpoint('user-engage');
