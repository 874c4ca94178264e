/**
 * The dashboard's recommended jobs with the reason each was picked, as JobCard.astro shows a job.
 * Refresh asks for them again (suggestedJobs) in place, e.g. after the profile changed; without
 * JavaScript it reloads the dashboard.
 */
import { useState } from 'react';
import { createApiClient } from '~/lib/api-client/client';
import type { JobCardView, RecommendedProps } from './types';
import './DashboardWidgets.css';

export default function RecommendedJobs(props: RecommendedProps) {
  const { strings: s, lang } = props;
  const [items, setItems] = useState(props.items);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  async function refresh(event: React.MouseEvent) {
    event.preventDefault();
    setBusy(true);
    setStatus('');
    const res = await createApiClient({ site: props.site, lang }).call<{ card: JobCardView }[]>(
      'suggestedJobs',
      { query: { limit: Math.max(5, props.items.length) } },
    );
    setBusy(false);
    if (res.ok) setItems(res.data.map((job) => job.card));
    else setStatus(s.error);
  }

  return (
    <div className="recommended-widget" aria-busy={busy}>
      <p className="widget-status" role="status">
        {status}
      </p>
      {items.length > 0 ? (
        <ol className="plain recommended-list">
          {items.map((job) => (
            <li key={job.id} className="recommended" data-job-id={job.id}>
              <div>
                <article className="job-card">
                  <h3 dir="auto">
                    <a href={job.href}>{job.title}</a>
                  </h3>
                  <p className="company" dir="auto">
                    {job.company}
                  </p>
                  <ul className="job-meta">
                    {job.meta.map((line, i) => (
                      <li key={i} dir="auto">
                        {line}
                      </li>
                    ))}
                    {job.walkin && (
                      <li>
                        <span className="tag">{job.walkin}</span>
                      </li>
                    )}
                  </ul>
                </article>
                <p className="reason" dir="auto">
                  {job.reason}
                </p>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="field-hint">{s.empty}</p>
      )}
      <p className="form-actions">
        {items.length > 0 && <a href={props.seeAllHref}>{s.seeAll}</a>}
        <a href={props.selfHref} onClick={refresh}>
          {s.refresh}
        </a>
      </p>
    </div>
  );
}
