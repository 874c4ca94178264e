/** /career-advice/rss.xml (also /hi/... and /ar/...): the site's articles in the request language. */
import type { APIRoute } from 'astro';
import { feedResponse } from '~/server/content/http';

export const GET: APIRoute = (context) => feedResponse(context, 'career-advice');
