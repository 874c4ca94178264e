/** What every domain's HTTP part takes: the Astro global of a page or an endpoint's APIContext. */
import type { APIContext } from 'astro';

/** What pages and endpoints have in common (Astro global or APIContext). */
export type WebContext = Pick<APIContext, 'request' | 'url' | 'cookies' | 'locals' | 'redirect'> & {
  clientAddress?: string;
};
