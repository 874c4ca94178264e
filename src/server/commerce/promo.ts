/**
 * Promo codes: one per cart, valid between two dates on one site, with a cap on orders in total
 * and per user. Usage counts orders that hold the code and are pending or paid (a cancelled order
 * gives its use back). The same check runs when a code is applied and again, under a row lock,
 * when the order is generated, so a cap cannot be overrun by two checkouts at once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import { orders, promoCodes, type PromoCode } from '~/server/db/schema-commerce';
import { percentOf } from '~/lib/commerce/money';
import { siteByKey } from '../../../sites';
import { promoCodeConfigs } from '../../../catalogue';
import { CommerceError } from './errors';

export const normalizeCode = (code: string) => code.trim().toUpperCase();

const synced = new WeakSet<object>();

/**
 * Writes catalogue/promo-codes.json into promo_codes once per process and database (the file is
 * where editors define codes; the table counts their use).
 */
export async function syncPromoCodes(db: Queryable): Promise<void> {
  if (synced.has(db)) return;
  for (const c of promoCodeConfigs) {
    const site = siteByKey(c.site);
    if (!site) continue;
    await upsertPromo(db, {
      code: c.code,
      siteContext: site.context,
      ...(c.percentOff !== undefined ? { percentOff: c.percentOff } : {}),
      ...(c.amountOffMinor !== undefined ? { amountOffMinor: c.amountOffMinor } : {}),
      validFrom: c.validFrom,
      validUntil: c.validUntil,
      maxUses: c.maxUses ?? null,
      maxUsesPerUser: c.maxUsesPerUser,
    });
  }
  synced.add(db);
}

export async function findPromo(db: Queryable, code: string, siteContext: string) {
  await syncPromoCodes(db);
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.code, normalizeCode(code)), eq(promoCodes.siteContext, siteContext)));
  return row;
}

const LIVE = ['pending', 'paid'] as const;

async function usesOf(db: Queryable, promoId: number, userId?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.promoCodeId, promoId),
        inArray(orders.status, [...LIVE]),
        userId ? eq(orders.userId, userId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Throws the reason a code cannot be used now (by this user, when known). */
export async function assertPromoUsable(
  db: Queryable,
  promo: PromoCode,
  context: { userId: string | null; now: Date; excludeOrderId?: string },
): Promise<void> {
  if (context.now < promo.validFrom) throw new CommerceError('promoNotYetValid');
  if (context.now > promo.validUntil) throw new CommerceError('promoExpired');
  if (promo.maxUses !== null && (await usesOf(db, promo.id)) >= promo.maxUses)
    throw new CommerceError('promoUsedUp');
  if (context.userId && (await usesOf(db, promo.id, context.userId)) >= promo.maxUsesPerUser)
    throw new CommerceError('promoAlreadyUsed');
}

/** The discount a code gives on a subtotal (never more than the subtotal). */
export function discountOf(promo: PromoCode, subtotalMinor: number): number {
  const off =
    promo.percentOff !== null
      ? percentOf(subtotalMinor, promo.percentOff)
      : (promo.amountOffMinor ?? 0);
  return Math.min(off, subtotalMinor);
}

export interface NewPromo {
  code: string;
  siteContext: string;
  percentOff?: number;
  amountOffMinor?: number;
  validFrom: Date;
  validUntil: Date;
  maxUses?: number | null;
  maxUsesPerUser?: number;
}

/** Creates (or updates) a code; for operators and tests. */
export async function upsertPromo(db: Queryable, promo: NewPromo): Promise<PromoCode> {
  const values = {
    code: normalizeCode(promo.code),
    siteContext: promo.siteContext,
    percentOff: promo.percentOff ?? null,
    amountOffMinor: promo.amountOffMinor ?? null,
    validFrom: promo.validFrom,
    validUntil: promo.validUntil,
    maxUses: promo.maxUses ?? null,
    maxUsesPerUser: promo.maxUsesPerUser ?? 1,
  };
  const [row] = await db
    .insert(promoCodes)
    .values(values)
    .onConflictDoUpdate({ target: [promoCodes.code, promoCodes.siteContext], set: values })
    .returning();
  return row!;
}
