/**
 * Dialling-code fields (SPEC §3): 100 ms after a `select[name=isdCode]` appears, the list from
 * /seeker/images/isd.json is fetched once and the field's codes are labelled with their
 * countries ("+971 United Arab Emirates"). The field keeps the codes the server accepts for the
 * site and its selection (the site's default code, rendered by the server).
 */
import { joinListIn } from '~/lib/format/lists';

export const ISD_FETCH_DELAY_MS = 100;
export const ISD_URL = '/seeker/images/isd.json';

export interface IsdEntry {
  n: string;
  isd: string;
  cc: string;
  i: number;
  label: string;
}

/**
 * The label of a code: its countries and the code, e.g. "Kuwait (+965)"; `lang` names the
 * countries in the page's language (Intl region names), isd.json's English names otherwise.
 * The code comes first, so a select narrowed by a phone screen still shows it, and in an
 * isolate (LRI...PDI), so Arabic pages show '+971', not '971+'.
 */
export function isdLabel(code: string, list: readonly IsdEntry[], lang?: string): string {
  let regions: Intl.DisplayNames | undefined;
  try {
    regions = lang ? new Intl.DisplayNames([lang], { type: 'region' }) : undefined;
  } catch {
    regions = undefined;
  }
  const names = list
    .filter((e) => e.isd === code)
    .map((e) => (regions && /^[A-Z]{2}$/.test(e.cc) ? (regions.of(e.cc) ?? e.n) : e.n));
  if (names.length === 0) return `+${code}`;
  const shown =
    names.length > 3 ? `${joinListIn(names.slice(0, 3), lang)}…` : joinListIn(names, lang);
  return `\u2066+${code}\u2069 ${shown}`;
}

function enhance(select: HTMLSelectElement, list: readonly IsdEntry[]): void {
  if (select.dataset.isdReady) return;
  select.dataset.isdReady = '1';
  for (const option of Array.from(select.options)) {
    if (option.value)
      option.textContent = isdLabel(option.value, list, document.documentElement.lang);
  }
}

let list: Promise<IsdEntry[]> | undefined;

function load(): Promise<IsdEntry[]> {
  list ??= fetch(ISD_URL)
    .then((r) => (r.ok ? (r.json() as Promise<IsdEntry[]>) : []))
    .catch(() => []);
  return list;
}

function schedule(selects: HTMLSelectElement[]): void {
  if (selects.length === 0) return;
  setTimeout(() => {
    void load().then((entries) => {
      for (const s of selects) enhance(s, entries);
    });
  }, ISD_FETCH_DELAY_MS);
}

const SELECTOR = 'select[name=isdCode]:not([data-isd-ready])';

export function watchIsdFields(root: Document = document): void {
  schedule(Array.from(root.querySelectorAll<HTMLSelectElement>(SELECTOR)));
  // Fields that islands and dialogs add later.
  new MutationObserver((records) => {
    const added: HTMLSelectElement[] = [];
    for (const r of records)
      for (const node of Array.from(r.addedNodes))
        if (node instanceof Element) {
          if (node.matches(SELECTOR)) added.push(node as HTMLSelectElement);
          added.push(...Array.from(node.querySelectorAll<HTMLSelectElement>(SELECTOR)));
        }
    schedule(added);
  }).observe(root.body, { childList: true, subtree: true });
}
