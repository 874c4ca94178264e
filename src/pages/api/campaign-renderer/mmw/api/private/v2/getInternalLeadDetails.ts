/** The caller's own internal leads (SPEC §7): see src/server/commerce/leads-http.ts. */
import { getLeadsRoute } from '~/server/commerce/http';

export const prerender = false;

export const GET = getLeadsRoute;
