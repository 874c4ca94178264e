/**
 * Drains the analytics queue (window.jpq) into the site's tag: every event already queued and
 * every one pushed later. GA4 gets gtag('event', name, fields); Matomo a custom event with the
 * fields as JSON.
 */
import type { QueuedEvent } from './queue';

type Sink = (event: QueuedEvent) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    _paq?: unknown[][];
  }
}

function sinkFor(meta: Element): Sink | null {
  const kind = meta.getAttribute('data-kind');
  const id = meta.getAttribute('data-id') ?? '';
  if (kind === 'ga4') {
    window.dataLayer ??= [];
    const gtag = function (..._args: unknown[]) {
      // gtag.js reads the arguments object itself, as its snippet does.
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    gtag('js', new Date());
    gtag('config', id, { send_page_view: false });
    return ({ event, ...fields }) => gtag('event', event, fields);
  }
  if (kind === 'matomo') {
    window._paq ??= [];
    window._paq.push(['setTrackerUrl', `${meta.getAttribute('data-base') ?? ''}matomo.php`]);
    window._paq.push(['setSiteId', id]);
    return ({ event, ...fields }) => {
      if (event === 'page_view') window._paq!.push(['trackPageView']);
      else window._paq!.push(['trackEvent', 'portal', event, JSON.stringify(fields)]);
    };
  }
  return null;
}

export function drainInto(meta: Element | null): void {
  if (!meta) return;
  const sink = sinkFor(meta);
  if (!sink) return;
  const queue = (window.jpq ??= []);
  for (const event of queue.splice(0)) sink(event);
  // Later events go straight to the tag; the queue stays an array for anyone reading it.
  queue.push = (...events: QueuedEvent[]) => {
    for (const event of events) sink(event);
    return queue.length;
  };
}
