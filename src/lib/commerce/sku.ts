/**
 * What a sku is, in one place: 'career-booster/3-months' is a plan of a service (slug/plan),
 * 'addon/cover-letter' an add-on. The catalogue makes and reads skus here, the cart groups them
 * by service (one plan each), the merge of a guest's cart uses the cart's rule, and the API checks
 * their form with SKU_RE.
 */
export const SKU_RE = /^[a-z0-9-]{1,60}\/[a-z0-9-]{1,60}$/;

const ADD_ON = 'addon';

export type SkuParts =
  { kind: 'plan'; service: string; plan: string } | { kind: 'addon'; id: string };

export const planSku = (service: string, plan: string) => `${service}/${plan}`;
export const addOnSku = (id: string) => `${ADD_ON}/${id}`;

/** The parts of a sku, or undefined when it is not of the form. */
export function parseSku(sku: string): SkuParts | undefined {
  const [head, tail, extra] = sku.split('/');
  if (!head || !tail || extra !== undefined) return undefined;
  return head === ADD_ON
    ? { kind: 'addon', id: tail }
    : { kind: 'plan', service: head, plan: tail };
}

export const skuKind = (sku: string): 'plan' | 'addon' =>
  sku.startsWith(`${ADD_ON}/`) ? 'addon' : 'plan';

/** The service a plan's sku belongs to ('' for an add-on). */
export const skuService = (sku: string): string =>
  skuKind(sku) === 'plan' ? (sku.split('/')[0] ?? '') : '';
