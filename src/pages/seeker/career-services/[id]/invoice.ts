/**
 * GET [/hi|/ar]/seeker/career-services/<order id>/invoice: see invoiceResponse in
 * src/server/commerce/http.ts. Under a language prefix the middleware rewrites the request, and
 * an endpoint reached by a rewrite gets no params: the id is read from the path then.
 */
import type { APIRoute } from 'astro';
import { invoiceResponse } from '~/server/commerce/http';

export const prerender = false;

const ORDER_ID = /\/seeker\/career-services\/([^/]+)\/invoice$/;

export const GET: APIRoute = (context) =>
  invoiceResponse(
    context,
    context.params.id || (ORDER_ID.exec(new URL(context.request.url).pathname)?.[1] ?? ''),
  );
