/**
 * Any /api/... path (and method) that no endpoint file serves: 404 in the envelope, so islands
 * read it like any other API failure. Rest routes have the lowest priority in Astro's routing,
 * so every real endpoint under src/pages/api/ wins over this one.
 */
import { endpoint, HttpError, NOT_FOUND } from '~/server/api/envelope';

export const prerender = false;

export const ALL = endpoint(() => {
  throw new HttpError(404, NOT_FOUND);
});
