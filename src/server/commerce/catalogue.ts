/**
 * The catalogue as a site sells it: services, plans and add-ons with the site's prices (minor
 * units of its currency) and texts in the page's language. Every price the shop charges comes
 * from here, on the server; nothing a browser sends is taken as a price.
 */
import { CommerceError } from './errors';
import { addOnSku, parseSku, planSku, skuService } from '~/lib/commerce/sku';
import { addOnById, catalogue, serviceBySlug } from '../../../catalogue';
import type {
  AddOn,
  CareerService,
  PaymentMode,
  ServicePlan,
  SiteKey,
  Texts,
} from '~/lib/commerce/catalogue-schema';
import type { Lang, Site } from '~/lib/sites/schema';

export { catalogue };

/** One thing that can be in a cart: a service's plan or an add-on, with the site's price. */
export interface Sellable {
  sku: string;
  kind: 'plan' | 'addon';
  serviceSlug: string | null;
  title: Texts;
  planLabel: Texts | null;
  priceMinor: number;
  durationDays: number | null;
  flags: string[];
}

/** A site's price (catalogue/index.ts gave every site one when it loaded). */
function priceOn(prices: Record<SiteKey, number>, site: Pick<Site, 'key'>): number {
  const price = prices[site.key];
  if (price === undefined) throw new Error(`no price for site ${site.key}`);
  return price;
}

export { addOnSku, planSku };

function planSellable(
  service: CareerService,
  plan: ServicePlan,
  site: Pick<Site, 'key'>,
): Sellable {
  return {
    sku: planSku(service.slug, plan.id),
    kind: 'plan',
    serviceSlug: service.slug,
    title: service.title,
    planLabel: plan.label,
    priceMinor: priceOn(plan.prices, site),
    durationDays: plan.durationDays,
    flags: service.flags,
  };
}

function addOnSellable(addOn: AddOn, site: Pick<Site, 'key'>): Sellable {
  return {
    sku: addOnSku(addOn.id),
    kind: 'addon',
    serviceSlug: null,
    title: addOn.title,
    planLabel: null,
    priceMinor: priceOn(addOn.prices, site),
    durationDays: null,
    flags: [],
  };
}

/** What a sku sells on a site, or undefined for an unknown sku. */
export function sellable(sku: string, site: Pick<Site, 'key'>): Sellable | undefined {
  const parts = parseSku(sku);
  if (!parts) return undefined;
  if (parts.kind === 'addon') {
    const addOn = addOnById(parts.id);
    return addOn ? addOnSellable(addOn, site) : undefined;
  }
  const service = serviceBySlug(parts.service);
  const plan = service?.plans.find((p) => p.id === parts.plan);
  return service && plan ? planSellable(service, plan, site) : undefined;
}

/** A service as a page shows it in one language, with its plans' prices on the site. */
export interface ServiceView {
  slug: string;
  tag: string | null;
  title: string;
  summary: string;
  description: string;
  benefits: string[];
  plans: {
    id: string;
    sku: string;
    label: string;
    durationDays: number | null;
    priceMinor: number;
  }[];
  addOns: { id: string; sku: string; title: string; description: string; priceMinor: number }[];
  fromMinor: number;
}

export function serviceView(
  service: CareerService,
  site: Pick<Site, 'key'>,
  lang: Lang,
): ServiceView {
  const plans = service.plans.map((p) => ({
    id: p.id,
    sku: planSku(service.slug, p.id),
    label: p.label[lang],
    durationDays: p.durationDays,
    priceMinor: priceOn(p.prices, site),
  }));
  return {
    slug: service.slug,
    tag: service.tag,
    title: service.title[lang],
    summary: service.summary[lang],
    description: service.description[lang],
    benefits: service.benefits.map((b) => b[lang]),
    plans,
    addOns: service.addOns.flatMap((id) => {
      const a = addOnById(id);
      return a
        ? [
            {
              id: a.id,
              sku: addOnSku(a.id),
              title: a.title[lang],
              description: a.description[lang],
              priceMinor: priceOn(a.prices, site),
            },
          ]
        : [];
    }),
    fromMinor: Math.min(...plans.map((p) => p.priceMinor)),
  };
}

export function allServiceViews(site: Pick<Site, 'key'>, lang: Lang): ServiceView[] {
  return catalogue.services.map((s) => serviceView(s, site, lang));
}

export function serviceViewBySlug(slug: string, site: Pick<Site, 'key'>, lang: Lang) {
  const service = serviceBySlug(slug);
  return service ? serviceView(service, site, lang) : undefined;
}

/** Add-ons of the services in a cart that are not in it yet (the cart's suggestions). */
export function suggestedAddOns(skus: readonly string[], site: Pick<Site, 'key'>): Sellable[] {
  const inCart = new Set(skus);
  const ids = new Set<string>();
  for (const sku of skus) {
    const service = serviceBySlug(skuService(sku));
    for (const id of service?.addOns ?? []) ids.add(id);
  }
  return [...ids]
    .map((id) => addOnById(id))
    .filter((a): a is AddOn => a !== undefined && !inCart.has(addOnSku(a.id)))
    .map((a) => addOnSellable(a, site));
}

export function paymentModesOf(site: Pick<Site, 'key'>): PaymentMode[] {
  return catalogue.paymentModes[site.key] ?? ['card'];
}

/**
 * Every call that takes a payment mode (cart options, generateOrder, saveOrderOptions,
 * makePayment, checkout) refuses one the site does not offer, with the cart's message.
 */
export function assertOfferedMode(site: Pick<Site, 'key'> | undefined, mode: string | undefined) {
  if (mode === undefined) return;
  if (!site || !paymentModesOf(site).includes(mode as PaymentMode))
    throw new CommerceError('paymentModeUnavailable');
}
