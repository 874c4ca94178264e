/**
 * Resume upload and parse (SPEC §7). The three parser paths share one handler: see
 * src/server/resumes/upload.ts for the request, the answer and every refusal.
 */
import { createResumeUploadRoute } from '~/server/resumes/http';

export const prerender = false;

export const POST = createResumeUploadRoute();
