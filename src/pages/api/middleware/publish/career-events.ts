/** POST middleware/publish/career-events (registry `careerEvent`, SPEC §7): stores the event as received. */
import { eventEndpoint } from '~/server/chrome/http';

export const prerender = false;

export const POST = eventEndpoint('career-events');
