/**
 * eCash: a ledger per user, tenant (SPEC: tenantId, default 1) and currency. Entries are only ever
 * added: a credit, a spend on an order (negative), a release when that order is cancelled. The
 * balance is their sum. An order's spend and release are unique per order, so repeating either
 * changes nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import { ecashEntries } from '~/server/db/schema-commerce';

export const DEFAULT_TENANT = 1;

export interface EcashScope {
  userId: string;
  currency: string;
  tenantId?: number;
  uei?: string | null;
}

/** The seeker's entries in the scope's tenant and currency. */
const inScope = (scope: EcashScope) => [
  eq(ecashEntries.userId, scope.userId),
  eq(ecashEntries.tenantId, scope.tenantId ?? DEFAULT_TENANT),
  eq(ecashEntries.currency, scope.currency),
];

export async function ecashBalance(db: Queryable, scope: EcashScope): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ecashEntries.amountMinor}), 0)` })
    .from(ecashEntries)
    .where(and(...inScope(scope), scope.uei ? eq(ecashEntries.uei, scope.uei) : undefined));
  return Number(row?.total ?? 0);
}

export async function creditEcash(
  db: Queryable,
  scope: EcashScope,
  amountMinor: number,
  note: string,
) {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new Error('eCash credit must be a positive whole number of minor units');
  await db.insert(ecashEntries).values({
    userId: scope.userId,
    tenantId: scope.tenantId ?? DEFAULT_TENANT,
    uei: scope.uei ?? null,
    currency: scope.currency,
    amountMinor,
    reason: 'credit',
    note,
  });
}

/** Adds the entry of an order once (spend: negative, release: positive). */
export async function orderEntry(
  db: Queryable,
  scope: EcashScope,
  orderId: string,
  reason: 'order' | 'release' | 'order-late',
  amountMinor: number,
) {
  if (amountMinor === 0) return;
  await db
    .insert(ecashEntries)
    .values({
      userId: scope.userId,
      tenantId: scope.tenantId ?? DEFAULT_TENANT,
      currency: scope.currency,
      amountMinor,
      reason,
      orderId,
    })
    .onConflictDoNothing();
}

export async function ledger(db: Queryable, scope: EcashScope) {
  return db
    .select()
    .from(ecashEntries)
    .where(and(...inScope(scope)))
    .orderBy(ecashEntries.id);
}
