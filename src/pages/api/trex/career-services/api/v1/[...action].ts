/**
 * The career services API of SPEC §7 (trex/career-services/api/v1/<call>), in the envelope.
 * Reads are GET, changes POST (see src/lib/api-client/registry.ts). Amounts are whole minor units
 * of the site's currency with a display string; every price and total is the server's (a price
 * sent in a body is not part of any schema and is ignored). Calls about a user's orders,
 * subscriptions, profiles and resume need a login (401) and only ever see the caller's own data.
 *
 *   GET  fetchCareerService[?slug]  fetchAllCareerServicePrices  fetchCareerServicePrices/?slug
 *        getBenefits?slug  fetchCareerServiceAdditionalDetail?slug  getCart  getCartCount
 *        suggested-services  getPaymentModes  getAllPaymentModes  getPrefilledCartOrder?skus
 *        getOrders[?orderId]  getSubscriptions  profiles  getResumeScoreCard
 *        getEcashBalance[?tenantId&uei]
 *   POST addToCart {sku|skus}  removeFromCart {sku}  applyPromoCode {promoCode}  removePromoCode
 *        saveCartOptions {useEcash, paymentMode, profileId, notes}  generateOrder {useEcash,
 *        paymentMode}  makePayment {orderId, paymentMode?, idempotencyKey? | Idempotency-Key}
 *        saveOrderOptions {orderId, paymentMode?, notes?}  uploadResume (multipart, as falcon v1)
 *        callback {isdCode, mobile, name?, service?}
 */
import { keyIn } from '~/lib/i18n';
import type { APIContext } from 'astro';
import * as v from 'valibot';
import { catalogue } from '../../../../../../../catalogue';
import type { SiteKey } from '~/lib/commerce/catalogue-schema';
import {
  CallbackBody,
  GenerateOrderBody,
  MakePaymentBody,
  PrefillQuery,
  SaveOrderOptionsBody,
} from '~/lib/validation/commerce';
import { endpoint, HttpError, NOT_FOUND, ok, parseBody, parseQuery } from '~/server/api/envelope';
import { apiT, requireApiUser } from '~/server/accounts/http';
import { commerceDb } from '~/server/commerce/http';
import { latestResumeScore } from '~/server/commerce/resume-score';
import { clientIp } from '~/server/http/request';
import { listNamedProfiles } from '~/server/profiles/service';
import { createResumeUploadRoute } from '~/server/resumes/http';
import { summarizeCart } from '~/server/commerce/cart';
import {
  paymentModesOf,
  sellable,
  serviceViewBySlug,
  allServiceViews,
} from '~/server/commerce/catalogue';
import { ecashBalance } from '~/server/commerce/ecash';
import { CommerceError, fieldOf } from '~/server/commerce/errors';
import {
  CART_ACTIONS,
  commerceMessage,
  currentCart,
  payContext,
  runCartAction,
  translateIssue,
  type CartAction,
} from '~/server/commerce/http';
import { requestCallback } from '~/server/commerce/leads';
import { listOrders, saveOrderOptions } from '~/server/commerce/orders';
import { makePayment, placeOrder } from '~/server/commerce/payments';
import { listSubscriptions } from '~/server/commerce/subscriptions';
import { cartView, money, orderView } from '~/server/commerce/http-views';
import { readObjectBody } from '~/server/profiles/http';

export const prerender = false;

const SlugQuery = v.object({
  slug: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[a-z0-9-]{1,60}$/))),
});

const asHttp = async <T>(context: APIContext, fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof CommerceError) {
      const message = commerceMessage(apiT(context), error.code);
      const field = fieldOf(error.code);
      throw new HttpError(error.status, message, field ? [{ field, message }] : []);
    }
    throw error;
  }
};

async function serviceBySlugOr404(context: APIContext) {
  const { slug } = await parseQuery(SlugQuery, context.url);
  const service = slug
    ? serviceViewBySlug(slug, context.locals.site, context.locals.lang)
    : undefined;
  if (!service) throw new HttpError(404, NOT_FOUND, [{ field: 'slug', message: NOT_FOUND }]);
  return service;
}

const READS: Record<string, (context: APIContext) => Promise<unknown>> = {
  async fetchCareerService(context) {
    const { slug } = await parseQuery(SlugQuery, context.url);
    return slug
      ? serviceBySlugOr404(context)
      : allServiceViews(context.locals.site, context.locals.lang);
  },
  async fetchAllCareerServicePrices(context) {
    return allServiceViews(context.locals.site, context.locals.lang).flatMap((s) => [
      ...s.plans.map((p) => ({
        sku: p.sku,
        service: s.slug,
        plan: p.label,
        price: money(context, p.priceMinor),
      })),
    ]);
  },
  async fetchCareerServicePrices(context) {
    const s = await serviceBySlugOr404(context);
    return s.plans.map((p) => ({
      sku: p.sku,
      plan: p.label,
      durationDays: p.durationDays,
      price: money(context, p.priceMinor),
    }));
  },
  async getBenefits(context) {
    const s = await serviceBySlugOr404(context);
    return { slug: s.slug, benefits: s.benefits };
  },
  async fetchCareerServiceAdditionalDetail(context) {
    const s = await serviceBySlugOr404(context);
    return {
      slug: s.slug,
      tag: s.tag,
      description: s.description,
      addOns: s.addOns.map((a) => ({ ...a, price: money(context, a.priceMinor) })),
    };
  },
  async getCart(context) {
    return cartView(context, await currentCart(context));
  },
  async getCartCount(context) {
    return { count: (await currentCart(context)).count };
  },
  async 'suggested-services'(context) {
    return cartView(context, await currentCart(context)).suggested;
  },
  async getPaymentModes(context) {
    return paymentModesOf(context.locals.site).map((mode) => ({
      mode,
      label: context.locals.t(`commerce:modes.${mode}`),
    }));
  },
  async getAllPaymentModes() {
    return catalogue.paymentModes as Record<SiteKey, string[]>;
  },
  async getPrefilledCartOrder(context) {
    const { skus } = await parseQuery(PrefillQuery, context.url);
    const site = context.locals.site;
    const lines = skus
      .map((sku) => sellable(sku, site))
      .filter((l) => l !== undefined)
      .map((l) => ({ ...l, extends: null }));
    const summary = await summarizeCart(await commerceDb(), undefined, site);
    const subtotal = lines.reduce((n, l) => n + l.priceMinor, 0);
    return cartView(context, {
      ...summary,
      lines,
      count: lines.length,
      subtotalMinor: subtotal,
      totalMinor: subtotal,
    });
  },
  async getOrders(context) {
    const user = requireApiUser(context, apiT(context));
    const orderId = context.url.searchParams.get('orderId');
    if (orderId) return orderView(context, user.id, orderId);
    const rows = await listOrders(await commerceDb(), user.id);
    return rows.map(({ order, itemCount }) => ({
      id: order.id,
      number: order.number,
      status: order.status,
      createdAt: order.createdAt,
      items: itemCount,
      payable: money(context, order.payableMinor, order.currency),
    }));
  },
  async getSubscriptions(context) {
    const user = requireApiUser(context, apiT(context));
    const now = new Date();
    return (await listSubscriptions(await commerceDb(), user.id)).map((s) => ({
      service: s.serviceSlug,
      sku: s.sku,
      title: s.title[context.locals.lang] ?? s.title.en,
      flags: s.flags,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      active: s.endsAt === null || s.endsAt > now,
    }));
  },
  async profiles(context) {
    const user = requireApiUser(context, apiT(context));
    return (await listNamedProfiles(user.id)).map((p) => ({
      id: p.id,
      name: p.name,
      headline: p.headline,
      isDefault: p.isDefault,
    }));
  },
  async getEcashBalance(context) {
    const user = requireApiUser(context, apiT(context));
    const q = await parseQuery(
      v.object({
        tenantId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number)), '1'),
        uei: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64))),
      }),
      context.url,
    );
    const balance = await ecashBalance(await commerceDb(), {
      userId: user.id,
      currency: context.locals.site.currency.code,
      tenantId: q.tenantId,
      uei: q.uei ?? null,
    });
    return { tenantId: q.tenantId, uei: q.uei ?? null, balance: money(context, balance) };
  },
  async getResumeScoreCard(context) {
    const t = apiT(context);
    const user = requireApiUser(context, t);
    const scored = await latestResumeScore(user.id);
    if (!scored) throw new HttpError(404, t('commerce:scoreCard.noResume'));
    const { card } = scored;
    return {
      resumeId: scored.resumeId,
      fileName: scored.fileName,
      score: card.score,
      words: card.words,
      checks: card.checks.map((c) => ({
        ...c,
        message: c.advice ? t(keyIn('commerce:scoreCard', c.advice), c.detail) : null,
        service: c.service
          ? (serviceViewBySlug(c.service, context.locals.site, context.locals.lang)?.title ?? null)
          : null,
        serviceSlug: c.service,
      })),
    };
  },
};

const uploadResume = createResumeUploadRoute();

const WRITES: Record<string, (context: APIContext) => Promise<unknown>> = {
  async generateOrder(context) {
    const user = requireApiUser(context, apiT(context));
    const body = await parseBody(GenerateOrderBody, context.request);
    const order = await asHttp(context, async () =>
      placeOrder(await commerceDb(), user.id, context.locals.site, {
        useEcash: body.useEcash,
        lang: context.locals.lang,
        brand: context.locals.brand.id,
        ...(body.paymentMode ? { paymentMode: body.paymentMode } : {}),
      }),
    );
    return orderView(context, user.id, order.id);
  },
  async makePayment(context) {
    const user = requireApiUser(context, apiT(context));
    const body = await parseBody(MakePaymentBody, context.request);
    const key =
      body.idempotencyKey ?? context.request.headers.get('idempotency-key')?.slice(0, 80) ?? null;
    const db = await commerceDb();
    return asHttp(context, async () => {
      // An unoffered mode is refused (saveOrderOptions), never ignored.
      if (body.paymentMode)
        await saveOrderOptions(db, user.id, body.orderId, { paymentMode: body.paymentMode });
      const started = await makePayment(db, user.id, body.orderId, payContext(context, user, key));
      return started.kind === 'paid'
        ? { status: 'paid', orderId: started.orderId }
        : { status: 'redirect', redirectUrl: started.url };
    });
  },
  async saveOrderOptions(context) {
    const user = requireApiUser(context, apiT(context));
    const body = await parseBody(SaveOrderOptionsBody, context.request);
    await asHttp(context, async () =>
      saveOrderOptions(await commerceDb(), user.id, body.orderId, {
        ...(body.paymentMode ? { paymentMode: body.paymentMode } : {}),
        ...(body.notes ? { notes: body.notes } : {}),
      }),
    );
    return orderView(context, user.id, body.orderId);
  },
  async callback(context) {
    const t = apiT(context);
    const site = context.locals.site;
    const body = await parseBody(CallbackBody(site.isdCodes), context.request).catch(
      (error: unknown) => {
        if (error instanceof HttpError && error.errors.length)
          throw new HttpError(
            error.status,
            translateIssue(t, error.errors[0]!.message),
            error.errors.map((e) => ({ field: e.field, message: translateIssue(t, e.message) })),
          );
        throw error;
      },
    );
    const result = await requestCallback(
      await commerceDb(),
      {
        siteContext: site.context,
        userId: context.locals.user?.id ?? null,
        isdCode: body.isdCode,
        mobile: body.mobile,
        ...(body.name ? { name: body.name } : {}),
        ...(body.service ? { service: body.service } : {}),
      },
      clientIp(context),
    );
    if (!result.allowed)
      throw new HttpError(429, t('commerce:callback.tooMany'), [], {
        'retry-after': String(result.retryAfterSeconds),
      });
    return { message: t('commerce:callback.done') };
  },
};

/** addToCart, removeFromCart, applyPromoCode, removePromoCode, saveCartOptions: the cart after. */
const CART_CALLS: Record<string, CartAction> = {
  addToCart: 'add',
  removeFromCart: 'remove',
  applyPromoCode: 'applyPromo',
  removePromoCode: 'removePromo',
  saveCartOptions: 'options',
};

const actionOf = (context: APIContext) => (context.params.action ?? '').replace(/\/+$/, '');

export const GET = endpoint(async (context: APIContext) => {
  const read = READS[actionOf(context)];
  if (!read) throw new HttpError(404, NOT_FOUND);
  return ok(await read(context));
});

export const POST = endpoint(async (context: APIContext) => {
  const action = actionOf(context);
  if (action === 'uploadResume') return uploadResume(context);
  const cartAction = CART_CALLS[action];
  if (cartAction && (CART_ACTIONS as readonly string[]).includes(cartAction)) {
    const body = await readObjectBody(context.request);
    const result = await runCartAction(context, cartAction, body);
    if (!result.ok)
      throw new HttpError(
        result.status,
        result.message,
        result.field ? [{ field: result.field, message: result.message }] : [],
      );
    return ok({ ...cartView(context, await currentCart(context)), notice: result.message });
  }
  const write = WRITES[action];
  if (!write) throw new HttpError(404, NOT_FOUND);
  return ok(await write(context));
});
