/**
 * How much a request may send, by route (decision 0072): one table for the server, which counts
 * every body as it arrives (scripts/http/bodies.ts), and the middleware, which refuses an
 * announced length over it (for `npm run dev`). Handlers may keep smaller limits of their own
 * (a resume's 6 MB, a photo's 2 MB).
 */
import { MAX_BODY_BYTES } from '~/server/api/envelope';

/** Uploads (multipart forms): the largest file we take (6 MB resume) and room for the rest. */
export const MAX_MULTIPART_BYTES = 16 * 1024 * 1024;
/** Payment gateways' webhooks: a few KB each. */
export const MAX_WEBHOOK_BYTES = 256 * 1024;

/** SPEC §9: requests time out after 60 s, resume uploads (multipart) after 120 s. */
export const BODY_DEADLINE_MS = 60_000;
export const UPLOAD_DEADLINE_MS = 120_000;

const WEBHOOK_PATH = /^\/(?:[a-z]{2}\/)?api\/trex\/career-services\/api\/v1\/webhooks\//;

const isMultipart = (contentType: string | undefined) =>
  (contentType ?? '').trim().toLowerCase().startsWith('multipart/');

/** The most bytes a request to `path` with this content type may send. */
export function bodyLimit(path: string, contentType: string | undefined): number {
  if (WEBHOOK_PATH.test(path)) return MAX_WEBHOOK_BYTES;
  return isMultipart(contentType) ? MAX_MULTIPART_BYTES : MAX_BODY_BYTES;
}

/** How long the whole body may take to arrive. */
export function bodyDeadline(contentType: string | undefined): number {
  return isMultipart(contentType) ? UPLOAD_DEADLINE_MS : BODY_DEADLINE_MS;
}
