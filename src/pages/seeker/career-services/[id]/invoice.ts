/** GET /seeker/career-services/<order id>/invoice: see invoiceResponse in src/server/commerce/http.ts. */
import type { APIRoute } from 'astro';
import { invoiceResponse } from '~/server/commerce/http';

export const prerender = false;

export const GET: APIRoute = (context) => invoiceResponse(context);
