/** Cart abandonment capture (SPEC §7): see src/server/commerce/leads-http.ts. */
import { captureClickRoute } from '~/server/commerce/http';

export const prerender = false;

export const POST = captureClickRoute;
