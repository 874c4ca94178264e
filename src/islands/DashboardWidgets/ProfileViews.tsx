/**
 * The dashboard's profile views: the total and a per-day bar chart (DailyChart.astro's markup:
 * oldest day on the start side, time left to right in every language), switched between the last
 * 30 and 90 days in place (profileStats ?days=); without JavaScript the switch is a link.
 */
import { useState } from 'react';
import { createApiClient } from '~/lib/api-client/client';
import { countText } from '~/lib/i18n/plural';
import type { ViewsProps, ViewsSeries } from './types';
import '~/styles/daily-chart.css';
import './DashboardWidgets.css';

const W = 600;
const H = 140;
const PAD = 18;

function Chart({ views, label }: { views: ViewsSeries; label: string }) {
  const max = Math.max(1, ...views.series.map((d) => d.count));
  const step = W / Math.max(1, views.series.length);
  const bar = Math.max(1, step * 0.7);
  const name = `${label}: ${views.total}`;
  return (
    <figure className="daily-chart" dir="ltr">
      <svg viewBox={`0 0 ${W} ${H + PAD}`} role="img" aria-label={name} preserveAspectRatio="none">
        <title>{name}</title>
        <line x1="0" y1={H} x2={W} y2={H} className="axis" />
        {views.series.map((d, i) => {
          const h = (d.count / max) * (H - 16);
          return (
            <rect
              key={d.day}
              x={i * step + (step - bar) / 2}
              y={H - h}
              width={bar}
              height={h}
              className="bar"
            >
              <title>{`${d.day}: ${d.count}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption>
        <bdi>{views.from}</bdi>
        <bdi>{views.to}</bdi>
      </figcaption>
    </figure>
  );
}

export default function ProfileViews(props: ViewsProps) {
  const { strings: s, lang } = props;
  const [views, setViews] = useState(props.views);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const other = views.days === 30 ? 90 : 30;

  async function toggle(event: React.MouseEvent) {
    event.preventDefault();
    setBusy(true);
    setStatus('');
    const res = await createApiClient({ site: props.site, lang }).call<{ views: ViewsSeries }>(
      'profileStats',
      { query: { days: other } },
    );
    setBusy(false);
    if (res.ok) setViews(res.data.views);
    else setStatus(s.error);
  }

  return (
    <div className="views-widget" aria-busy={busy} data-days={views.days}>
      <p className="stat">
        <strong>{views.total}</strong>{' '}
        <span className="field-hint">{countText(s.lastDays, lang, views.days)}</span>
      </p>
      <p className="widget-status" role="status">
        {status}
      </p>
      {views.total === 0 && <p className="field-hint">{s.noViews}</p>}
      <Chart views={views} label={countText(s.viewsLabel, lang, views.days)} />
      <p className="form-actions">
        <a href={props.otherHref.replace(/views=\d+/, `views=${other}`)} onClick={toggle}>
          {countText(s.lastDays, lang, other)}
        </a>
        <a href={props.detailsHref}>{s.details}</a>
      </p>
    </div>
  );
}
