/** Internal leads, v1 (SPEC §7): see src/server/commerce/leads-http.ts. */
import { createLeadRoute } from '~/server/commerce/http';

export const prerender = false;

export const POST = createLeadRoute(1);
