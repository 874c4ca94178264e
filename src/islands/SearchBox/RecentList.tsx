/**
 * Recent searches as links to their results, "keywords · location · N years", newest first; the
 * clear button only for guests (a logged-in seeker's list is on the server). Nothing is shown
 * while the list is empty. Used under the hero search box and by the dashboard's widget.
 */
import { recentLabel, type RecentSearch } from '~/lib/search/recent';

interface Props {
  headingId: string;
  heading: string;
  /** The heading's level: h2 under the hero box, h3 in a dashboard card. */
  level?: 2 | 3;
  clearLabel?: string;
  list: readonly RecentSearch[];
  href: (search: RecentSearch) => string;
  /** The experience's label ("3 years") in the page's language. */
  yearsOf: (search: RecentSearch) => string | undefined;
  /** Guests can clear their list; null hides the button. */
  onClear?: (() => void) | null;
  className?: string;
}

export function RecentList(props: Props) {
  const { list, level = 2 } = props;
  if (list.length === 0) return null;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={props.className ?? 'sb-recent'} aria-labelledby={props.headingId}>
      <Heading id={props.headingId}>{props.heading}</Heading>
      <ul className="plain">
        {list.map((search, i) => (
          <li key={`${i}-${search.keywords}`}>
            <a href={props.href(search)} dir="auto">
              {recentLabel(search, props.yearsOf(search))}
            </a>
          </li>
        ))}
      </ul>
      {props.onClear && (
        <button type="button" className="sb-clear" onClick={props.onClear}>
          {props.clearLabel}
        </button>
      )}
    </section>
  );
}
