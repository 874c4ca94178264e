/**
 * The dashboard's profile score gauge and pending actions (SPEC §4 bands), the markup of
 * ProfileScoreGauge.astro. Refresh reads the score again (profileStats) in place, e.g. after the
 * engagement dialog or another tab filled a section; without JavaScript it reloads the dashboard.
 */
import { useState } from 'react';
import { createApiClient } from '~/lib/api-client/client';
import { formatPercent } from '~/lib/format/numbers';
import type { ScoreProps } from './types';
import '~/styles/score.css';
import './DashboardWidgets.css';

const ARC = 'M 10 60 A 50 50 0 0 1 110 60';

export default function ProfileScore(props: ScoreProps) {
  const { strings: s, lang, hrefs } = props;
  const [data, setData] = useState({
    score: props.score,
    bandKey: props.bandKey,
    pending: props.pending,
  });
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const scoreText = formatPercent(data.score, lang);
  const bandText = s.bands[data.bandKey];
  const pending = data.pending.slice(0, props.maxActions);

  async function refresh(event: React.MouseEvent) {
    event.preventDefault();
    setBusy(true);
    setStatus('');
    const res = await createApiClient({ site: props.site, lang }).call<ScoreProps>('profileStats');
    setBusy(false);
    if (res.ok) {
      setData({ score: res.data.score, bandKey: res.data.bandKey, pending: res.data.pending });
    } else setStatus(s.error);
  }

  return (
    <section
      className={`score score--${data.bandKey}`}
      aria-labelledby="profile-score-title"
      aria-busy={busy}
    >
      <div className="widget-head">
        <h2 id="profile-score-title" className="score__title">
          {s.title}
        </h2>
        <a href={props.selfHref} className="widget-refresh" onClick={refresh}>
          {s.refresh}
        </a>
      </div>
      <p className="widget-status" role="status">
        {status}
      </p>
      <div
        className="score__gauge"
        role="meter"
        aria-labelledby="profile-score-title"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={data.score}
        aria-valuetext={s.summary.replace('{{score}}', scoreText).replace('{{band}}', bandText)}
      >
        <svg
          className="score__dial flip-rtl"
          viewBox="0 0 120 66"
          aria-hidden="true"
          focusable="false"
        >
          <path className="score__track" d={ARC} pathLength={100} />
          {data.score > 0 && (
            <path
              className="score__value"
              d={ARC}
              pathLength={100}
              strokeDasharray={`${data.score} 100`}
            />
          )}
        </svg>
        <p className="score__reading" aria-hidden="true">
          <span className="score__number">{scoreText}</span>
          <span className="score__band">{bandText}</span>
        </p>
      </div>
      {pending.length > 0 ? (
        <>
          <h2 className="score__subtitle">{s.pending}</h2>
          <ol className="score__actions">
            {pending.map(({ item, gain: g }) => {
              const href = hrefs[item];
              const text = s.actions[item] ?? item;
              return (
                <li key={item}>
                  {href ? <a href={href}>{text}</a> : <span>{text}</span>}
                  {g > 0 && (
                    <bdi className="score__gain">{formatPercent(g, lang, undefined, true)}</bdi>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      ) : (
        <p className="score__complete">{s.complete}</p>
      )}
    </section>
  );
}
