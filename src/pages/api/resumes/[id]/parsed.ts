/**
 * What was read from one uploaded resume, for its owner only (404 for anyone else): the upload
 * box asks for it while a scanned resume is read by OCR. See src/server/resumes/http.ts.
 */
import { createResumeParsedRoute } from '~/server/resumes/http';

export const prerender = false;

export const GET = createResumeParsedRoute();
