/**
 * The dashboard's notifications panel (SPEC §2): the latest notifications with the unread count,
 * each marked read or dismissed in place, all marked read, or the list refreshed, through the
 * bell notifications calls. It shares the notifications store with the header bell, which it wakes
 * on a change so the bell's count drops at once.
 *
 * Without JavaScript the same markup works: each button sits in a form posting to
 * /seeker/notifications (op, id, back=dashboard), and refresh is a link to the dashboard.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { wakeIslands } from '~/lib/dom/wake';
import { countText } from '~/lib/i18n/plural';
import { $notifications, seedNotifications } from '~/stores/notifications';
import { notificationsApi, type Change } from './api';
import type { PanelProps } from './types';
import './Notifications.css';

export default function NotificationsPanel(props: PanelProps) {
  const { site, lang, notificationsPath, strings: s } = props;
  const state = useStore($notifications);
  const [mounted, setMounted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const api = useMemo(() => notificationsApi(site, lang), [site, lang]);
  const limit = useRef(Math.max(5, props.items.length)).current;
  useEffect(() => {
    seedNotifications(props.unread, props.items);
    setMounted(true);
  }, [props.unread, props.items]);

  const live = mounted && state.seeded && state.items !== null;
  const items = live ? state.items! : props.items;
  const unread = live ? state.unread : props.unread;

  async function run(work: () => Promise<boolean>) {
    setBusy(true);
    setStatus('');
    const ok = await work();
    wakeIslands('notifications');
    setBusy(false);
    if (!ok) setStatus(s.error);
  }
  const send = (change: Change) => (event: React.SyntheticEvent) => {
    event.preventDefault();
    void run(() => api.change(change));
  };
  const refresh = (event: React.MouseEvent) => {
    event.preventDefault();
    void run(() => api.refresh(limit));
  };
  /** One change as a form: posted to the notifications page without JavaScript, sent in place with it. */
  const changeForm = (change: Change, label: string, className = 'link-button') => {
    const id = 'id' in change ? change.id : undefined;
    return (
      <form method="post" action={notificationsPath} onSubmit={send(change)}>
        <input type="hidden" name="op" value={change.action} />
        {id !== undefined && <input type="hidden" name="id" value={String(id)} />}
        <input type="hidden" name="back" value="dashboard" />
        <button
          type="submit"
          className={className}
          aria-describedby={id !== undefined ? `bell-item-${id}` : undefined}
          disabled={busy}
        >
          {label}
        </button>
      </form>
    );
  };

  return (
    <div className="bell-panel" aria-busy={busy}>
      <div className="bell-panel-head">
        <p className="field-hint" data-unread={unread}>
          {countText(s.unread, lang, unread)}
        </p>
        <a href={props.refreshHref} className="bell-panel-refresh" onClick={refresh}>
          {s.refresh}
        </a>
      </div>
      <p className="bell-panel-status" role="status">
        {status}
      </p>
      {items.length === 0 ? (
        <p className="field-hint">{s.empty}</p>
      ) : (
        <ul className="plain bell-panel-list">
          {items.map((n) => (
            <li key={n.id} className={n.unread ? 'unread' : undefined} data-notification={n.id}>
              <a href={n.href} dir="auto" id={`bell-item-${n.id}`}>
                {n.text}
              </a>
              <div className="bell-panel-actions">
                {n.unread && changeForm({ action: 'read', id: n.id }, s.markRead)}
                {changeForm({ action: 'dismiss', id: n.id }, s.dismiss)}
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="bell-panel-foot">
        {unread > 0 && changeForm({ action: 'readAll' }, s.markAll, 'button-secondary')}
        <a href={notificationsPath}>{s.seeAll}</a>
      </div>
    </div>
  );
}
