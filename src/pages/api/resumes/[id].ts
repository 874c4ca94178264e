/**
 * One uploaded resume, for its owner only: GET downloads it, DELETE removes it. Anyone else gets
 * 404. See src/server/resumes/download.ts.
 */
import { createResumeFileRoutes } from '~/server/resumes/http';

export const prerender = false;

export const { GET, DELETE } = createResumeFileRoutes();
