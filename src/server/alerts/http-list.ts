/**
 * /seeker/job-alert-list's request: the one-click unsubscribe of a mail's link, a guest's manage
 * link, and the seeker's own alerts with their edit, pause/resume and delete POSTs (an `intent`
 * in the URL). Answers a redirect, or what the page shows (`AlertListView`, rendered by
 * components/alerts/AlertList.astro); the rules are service.ts's.
 */
import { keyIn } from '~/lib/i18n';
import { savedFormValues } from '~/lib/alerts/form';
import type { AlertFrequency, AlertStatus } from '~/lib/alerts/kinds';
import { requireUser } from '~/server/accounts/http';
import type { WebContext } from '~/server/http/context';
import {
  alertFormOptions,
  alertOwner,
  pagePath,
  readAlertForm,
  type AlertFormOptions,
  type FormValues,
} from './http';
import { alertLabel } from './mails';
import {
  deleteAlert,
  getOwnedAlert,
  listAlerts,
  manageLinkActor,
  setPaused,
  unsubscribe,
  unsubscribeTarget,
  updateAlert,
  type AlertActor,
} from './service';

/** The page's context: Astro's, with the response whose status the page sets. */
type Context = WebContext & { response: { status?: number } };

/** One alert of the list, as the page shows it. */
export interface AlertRow {
  id: string;
  /** What the alert looks for, in the page's language ('' when it names nothing). */
  label: string;
  status: AlertStatus;
  frequency: AlertFrequency;
  email: string;
  lastRunAt: Date | null;
}

/** What the list page shows: a refusal, the unsubscribe question, one alert's form or the list. */
export type AlertListView = {
  /** The error (role=alert) and the done notice (role=status) above the content. */
  alert: string;
  notice: string;
  /** The page's own path (with a guest's manage token) and its separator for more parameters. */
  self: string;
  join: '?' | '&';
  createHref: string;
} & (
  | { kind: 'badLink' }
  | { kind: 'unsubscribe'; label: string | null; action: string }
  | {
      kind: 'edit';
      id: string;
      values: FormValues;
      errors: Record<string, string>;
      options: AlertFormOptions;
    }
  | { kind: 'list'; alerts: AlertRow[] }
);

const DONE = ['saved', 'paused', 'resumed', 'deleted'] as const;

/** Runs the page's request: a Response to send (a redirect, the login) or the view to render. */
export async function alertListPage(context: Context): Promise<Response | AlertListView> {
  const { t, lang, site } = context.locals;
  const params = context.url.searchParams;
  const post = context.request.method === 'POST';
  const listPath = pagePath(context, '/seeker/job-alert-list');
  const successPath = pagePath(context, '/seeker/job-alert-success');
  const manageToken = params.get('manage');
  const manageActor = manageToken === null ? null : manageLinkActor(manageToken);
  // Every link and form of the page keeps the manage token.
  const self = listPath + (manageActor ? `?manage=${encodeURIComponent(manageToken ?? '')}` : '');
  const base = {
    alert: '',
    notice: '',
    self,
    join: self.includes('?') ? ('&' as const) : ('?' as const),
    createHref: pagePath(context, '/seeker/free-job-alert'),
  };

  // One-click unsubscribe from a mail: no login needed, the signed token is the proof.
  const unsubscribeToken = params.get('unsubscribe');
  if (unsubscribeToken !== null) {
    const unsubscribed = context.redirect(`${successPath}?status=unsubscribed`, 303);
    if (post && (await unsubscribe(unsubscribeToken))) return unsubscribed;
    const target = await unsubscribeTarget(unsubscribeToken);
    if (target === 'gone') return unsubscribed;
    if (!target) context.response.status = 400;
    const action = `${listPath}?unsubscribe=${encodeURIComponent(unsubscribeToken)}`;
    return {
      ...base,
      kind: 'unsubscribe',
      label: target ? alertLabel(target, lang) : null,
      action,
    };
  }
  if (manageToken !== null && !manageActor) {
    context.response.status = 400;
    return { ...base, kind: 'badLink' };
  }
  let owner: AlertActor;
  if (manageActor) owner = manageActor;
  else {
    const user = requireUser(context);
    if (user instanceof Response) return user;
    owner = alertOwner(user);
  }

  if (post) {
    const acted = await act(context, owner, base);
    if (acted instanceof Response || acted.kind === 'edit') return acted;
    return { ...(await listView(context, owner, base)), alert: acted.alert };
  }
  const done = DONE.find((d) => d === params.get('done'));
  const view = { ...base, notice: done ? t(keyIn('alerts:list', done)) : '' };
  const editId = params.get('edit');
  const editing = editId ? await getOwnedAlert(owner, editId) : null;
  if (editing) {
    const options = alertFormOptions(site.context);
    const values = savedFormValues(editing);
    return { ...view, kind: 'edit', id: editing.id, values, errors: {}, options };
  }
  return listView(context, owner, view);
}

type Base = Omit<Extract<AlertListView, { kind: 'badLink' }>, 'kind'>;

async function listView(context: Context, owner: AlertActor, base: Base): Promise<AlertListView> {
  const alerts = (await listAlerts(owner)).map((a) => ({
    id: a.id,
    label: alertLabel(a, context.locals.lang),
    status: a.status,
    frequency: a.frequency,
    email: a.email,
    lastRunAt: a.lastRunAt,
  }));
  return { ...base, kind: 'list', alerts };
}

/**
 * A POST's intent on one alert: done is a redirect to the list with its notice; a form with
 * mistakes comes back with them (422); an alert not the actor's is "not found" (404).
 */
async function act(
  context: Context,
  owner: AlertActor,
  base: Base,
): Promise<Response | AlertListView | { kind: 'failed'; alert: string }> {
  const { t, site } = context.locals;
  const intent = context.url.searchParams.get('intent') ?? '';
  const id = context.url.searchParams.get('id') ?? '';
  const done = (what: (typeof DONE)[number]) =>
    context.redirect(`${base.self}${base.join}done=${what}`, 303);
  if (intent === 'save') {
    const read = await readAlertForm(context);
    if (!read.ok) {
      context.response.status = 422;
      const options = alertFormOptions(site.context);
      const alert = t('alerts:messages.fixFields');
      return {
        ...base,
        alert,
        kind: 'edit',
        id,
        values: read.values,
        errors: read.errors,
        options,
      };
    }
    if (await updateAlert(owner, id, read.form)) return done('saved');
  } else if (intent === 'pause' || intent === 'resume') {
    if (await setPaused(owner, id, intent === 'pause'))
      return done(intent === 'pause' ? 'paused' : 'resumed');
  } else if (intent === 'delete') {
    if (await deleteAlert(owner, id)) return done('deleted');
  }
  context.response.status = 404;
  return { kind: 'failed', alert: t('alerts:messages.notFound') };
}
