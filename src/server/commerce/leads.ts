/**
 * Call-back requests, internal leads and cart clicks (cart abandonment capture): stored as they
 * arrive (validated by the endpoints), for the sales team and the abandoned-cart reminder.
 * Call-backs and leads are rate-limited per client address and per contact.
 */
import { desc } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import { ownRows } from '~/server/db/owner';
import { callbackRequests, cartClicks, internalLeads } from '~/server/db/schema-commerce';
import { hitRateLimit, type RateRule } from '~/server/accounts/rate-limit';
import { mobileE164, parseMobile } from '~/lib/validation/mobile';

/**
 * Call-backs and leads alike: ten an hour per client address and three a day per contact (the
 * number of a call-back; a lead's mobile and email).
 */
const contactLimits = (name: string, contact: string) =>
  ({
    perIp: { name: `${name}:ip`, limit: 10, windowSeconds: 60 * 60 },
    perContact: { name: `${name}:${contact}`, limit: 3, windowSeconds: 24 * 60 * 60 },
  }) satisfies Record<string, RateRule>;
export const CALLBACK_LIMITS = contactLimits('cs-callback', 'number');
export const LEAD_LIMITS = contactLimits('cs-lead', 'contact');

/** Counts a request against each rule in turn: the wait of the first one over its limit, or null. */
async function limitWait(
  db: Queryable,
  checks: readonly (readonly [RateRule, string])[],
): Promise<number | null> {
  for (const [rule, subject] of checks) {
    const hit = await hitRateLimit(rule, subject, { db });
    if (!hit.allowed) return hit.retryAfterSeconds;
  }
  return null;
}

export async function requestCallback(
  db: Queryable,
  input: {
    siteContext: string;
    userId: string | null;
    isdCode: string;
    mobile: string;
    name?: string;
    service?: string;
  },
  ip: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const wait = await limitWait(db, [
    [CALLBACK_LIMITS.perIp, ip],
    [CALLBACK_LIMITS.perContact, mobileE164(input.mobile, input.isdCode)],
  ]);
  if (wait !== null) return { allowed: false, retryAfterSeconds: wait };
  await db.insert(callbackRequests).values({
    siteContext: input.siteContext,
    userId: input.userId,
    isdCode: input.isdCode,
    mobile: mobileE164(input.mobile, input.isdCode),
    name: input.name ?? null,
    service: input.service ?? null,
  });
  return { allowed: true, retryAfterSeconds: 0 };
}

/** A lead's mobile as one key however it was typed (E.164 when it reads as a number). */
const leadMobile = (mobile: string, isdCode: string) =>
  parseMobile(mobile, isdCode.replace(/\D/g, ''))?.e164 ?? mobileE164(mobile, isdCode);

export async function createInternalLead(
  db: Queryable,
  input: {
    siteContext: string;
    userId: string | null;
    data: { isdCode?: string; mobile?: string | undefined; email?: string | undefined } & Record<
      string,
      unknown
    >;
    version: 1 | 2;
  },
  ip: string,
): Promise<
  | { allowed: true; lead: { id: string; createdAt: Date } }
  | { allowed: false; retryAfterSeconds: number }
> {
  const contacts = [
    input.data.mobile ? leadMobile(input.data.mobile, input.data.isdCode ?? '') : null,
    input.data.email ? input.data.email.toLowerCase() : null,
  ].filter((c): c is string => c !== null);
  const wait = await limitWait(db, [
    [LEAD_LIMITS.perIp, ip],
    ...contacts.map((c) => [LEAD_LIMITS.perContact, c] as const),
  ]);
  if (wait !== null) return { allowed: false, retryAfterSeconds: wait };
  const [row] = await db
    .insert(internalLeads)
    .values({
      siteContext: input.siteContext,
      userId: input.userId,
      data: input.data,
      version: input.version,
    })
    .returning({ id: internalLeads.id, createdAt: internalLeads.createdAt });
  return { allowed: true, lead: row! };
}

/** The leads a user created (a user only ever sees their own). */
export async function internalLeadsOf(db: Queryable, userId: string, siteContext: string) {
  return db
    .select({ id: internalLeads.id, data: internalLeads.data, createdAt: internalLeads.createdAt })
    .from(internalLeads)
    .where(ownRows(internalLeads, userId, siteContext))
    .orderBy(desc(internalLeads.createdAt))
    .limit(20);
}

export async function captureCartClick(
  db: Queryable,
  input: {
    siteContext: string;
    userId: string | null;
    cartId: string | null;
    action: string;
    sku?: string;
  },
) {
  await db.insert(cartClicks).values({
    siteContext: input.siteContext,
    userId: input.userId,
    cartId: input.cartId,
    action: input.action,
    sku: input.sku ?? null,
  });
}
