/**
 * The hero box's "Recent searches" links, built from the server-rendered
 * `<template data-sb-recent>` (heading and clear button in the page's language): each search as a
 * link to its results, "keywords · location · N years"; the clear button only for guests (a
 * logged-in seeker's list is on the server). Nothing is shown while the list is empty.
 */
import type { RecentSearch } from '~/lib/search/recent';

export interface RecentView {
  root: HTMLElement;
  /** The experience picker: its options give "3 years" in the page's language. */
  experience: HTMLSelectElement | null;
  href: (search: RecentSearch) => string;
  /** Guests can clear their list; null hides the button. */
  onClear: (() => void) | null;
}

/** "keywords · location · 3 years", empty parts left out. */
export function recentLabel(search: RecentSearch, years: string | undefined): string {
  return [search.keywords, search.location, years].filter(Boolean).join(' · ');
}

export function renderRecent(view: RecentView, list: readonly RecentSearch[]): void {
  const template = view.root.querySelector<HTMLTemplateElement>('template[data-sb-recent]');
  let section = view.root.querySelector<HTMLElement>('.sb-recent');
  if (!template || list.length === 0) {
    section?.remove();
    return;
  }
  if (!section) {
    section = (template.content.firstElementChild?.cloneNode(true) as HTMLElement | null) ?? null;
    if (!section) return;
    template.before(section);
    const clear = section.querySelector<HTMLButtonElement>('.sb-clear');
    if (view.onClear) clear?.addEventListener('click', view.onClear);
    else clear?.remove();
  }
  const links = list.map((search) => {
    const years =
      search.experience === null
        ? undefined
        : (view.experience
            ?.querySelector(`option[value="${search.experience}"]`)
            ?.textContent?.trim() ?? undefined);
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = view.href(search);
    a.dir = 'auto';
    a.textContent = recentLabel(search, years);
    li.append(a);
    return li;
  });
  section.querySelector('ul')?.replaceChildren(...links);
}
