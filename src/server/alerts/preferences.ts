/**
 * Which messages a seeker allows (SPEC §7 "email preferences edit", used for WhatsApp too): by
 * kind (alerts, recommended jobs, profile reminders, career-services offers) and channel (mail,
 * WhatsApp). Everything is allowed until the seeker says otherwise. The alert worker reads them.
 */
import { isChecked } from '~/lib/validation/checkbox';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb, type Queryable } from '~/server/db/client';
import { MESSAGE_KINDS, messagePreferences, type MessageKind } from '~/server/db/schema-alerts';

export type Channel = 'mail' | 'whatsapp';
export type Preferences = Record<MessageKind, Record<Channel, boolean>>;

export function defaultPreferences(): Preferences {
  return Object.fromEntries(
    MESSAGE_KINDS.map((k) => [k, { mail: true, whatsapp: true }]),
  ) as Preferences;
}

/** Preferences from the settings form: a checked box (`alerts.mail=on`) allows, a missing one doesn't. */
export function preferencesFromForm(form: Record<string, string>): Preferences {
  const out = defaultPreferences();
  for (const kind of MESSAGE_KINDS) {
    out[kind] = {
      mail: isChecked(form[`${kind}.mail`]),
      whatsapp: isChecked(form[`${kind}.whatsapp`]),
    };
  }
  return out;
}

export async function getPreferences(userId: string, db?: Queryable): Promise<Preferences> {
  const q = db ?? (await getDb());
  const rows = await q
    .select()
    .from(messagePreferences)
    .where(eq(messagePreferences.userId, userId));
  const out = defaultPreferences();
  for (const r of rows) out[r.kind] = { mail: r.mail, whatsapp: r.whatsapp };
  return out;
}

export async function savePreferences(
  userId: string,
  prefs: Preferences,
  db?: Queryable,
): Promise<void> {
  const q = db ?? (await getDb());
  for (const kind of MESSAGE_KINDS) {
    await q
      .insert(messagePreferences)
      .values({ userId, kind, ...prefs[kind] })
      .onConflictDoUpdate({
        target: [messagePreferences.userId, messagePreferences.kind],
        set: { ...prefs[kind], updatedAt: new Date() },
      });
  }
}

/** Of these seekers, those who turned off a kind of mail. */
export async function mailMuted(
  userIds: readonly string[],
  kind: MessageKind,
  db?: Queryable,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const q = db ?? (await getDb());
  const rows = await q
    .select({ userId: messagePreferences.userId })
    .from(messagePreferences)
    .where(
      and(
        inArray(messagePreferences.userId, [...new Set(userIds)]),
        eq(messagePreferences.kind, kind),
        eq(messagePreferences.mail, false),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}
