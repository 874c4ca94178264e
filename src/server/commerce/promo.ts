/**
 * Promo codes: one per cart, valid between two dates on one site, with a cap on orders in total
 * and per user. A use is an order holding the code that is paid, or pending with an open payment
 * attempt (an order nobody is paying holds nothing). The check runs when a code is applied, when
 * the order is generated and, under a lock on the code's row, when a payment attempt is reserved;
 * the settling transaction counts paid orders once more (usesAtSettlement), so two payments
 * racing past the earlier checks cannot both keep the code.
 */
import { and, eq, ne, or, sql } from 'drizzle-orm';
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

interface UseScope {
  userId?: string | null;
  excludeOrderId?: string | undefined;
  /** Only paid orders (the settling transaction's count). */
  paidOnly?: boolean;
}

async function usesOf(db: Queryable, promoId: number, scope: UseScope = {}): Promise<number> {
  const openAttempt = sql`exists (select 1 from payment_attempts a where a.order_id = ${orders.id} and a.status in ('starting', 'pending'))`;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.promoCodeId, promoId),
        scope.paidOnly
          ? eq(orders.status, 'paid')
          : or(eq(orders.status, 'paid'), and(eq(orders.status, 'pending'), openAttempt)),
        scope.userId ? eq(orders.userId, scope.userId) : undefined,
        scope.excludeOrderId ? ne(orders.id, scope.excludeOrderId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** The reason a code's caps refuse one more use, or null. */
async function capProblem(
  db: Queryable,
  promo: PromoCode,
  scope: UseScope,
): Promise<'promoUsedUp' | 'promoAlreadyUsed' | null> {
  const all = { ...scope, userId: null };
  if (promo.maxUses !== null && (await usesOf(db, promo.id, all)) >= promo.maxUses)
    return 'promoUsedUp';
  if (scope.userId && (await usesOf(db, promo.id, scope)) >= promo.maxUsesPerUser)
    return 'promoAlreadyUsed';
  return null;
}

/**
 * A code's row locked for the rest of the transaction, so that its caps are counted by one
 * transaction at a time; undefined when the code is gone.
 */
export async function lockPromo(tx: Queryable, promoId: number): Promise<PromoCode | undefined> {
  const [promo] = await tx
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.id, promoId))
    .for('update');
  return promo;
}

/** Throws the reason a code cannot be used now (by this user, when known). */
export async function assertPromoUsable(
  db: Queryable,
  promo: PromoCode,
  context: { userId: string | null; now: Date; excludeOrderId?: string },
): Promise<void> {
  if (context.now < promo.validFrom) throw new CommerceError('promoNotYetValid');
  if (context.now > promo.validUntil) throw new CommerceError('promoExpired');
  const problem = await capProblem(db, promo, {
    userId: context.userId,
    excludeOrderId: context.excludeOrderId,
  });
  if (problem) throw new CommerceError(problem);
}

/**
 * In the settling transaction (the code's row locked by the caller): whether this order may
 * still keep the code, counting only paid orders besides it. Validity dates are not checked
 * again: a code valid when the payment started stays honoured.
 */
export async function promoAllowedAtSettlement(
  db: Queryable,
  promo: PromoCode,
  order: { id: string; userId: string | null },
): Promise<boolean> {
  const problem = await capProblem(db, promo, {
    userId: order.userId,
    excludeOrderId: order.id,
    paidOnly: true,
  });
  return problem === null;
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
