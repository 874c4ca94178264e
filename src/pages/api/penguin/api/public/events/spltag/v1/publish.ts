/** POST penguin/api/public/events/spltag/v1/publish (registry `spltagEvent`, SPEC §7): stores the event as received. */
import { eventEndpoint } from '~/server/chrome/http';

export const prerender = false;

export const POST = eventEndpoint('spltag');
