/** GET /seeker/resume-builder/download?format=pdf|docx&template=...: see src/server/builder/http.ts. */
import type { APIRoute } from 'astro';
import { downloadResponse } from '~/server/builder/http';

export const GET: APIRoute = (context) => downloadResponse(context);
