/**
 * The commerce domain as pages and endpoints use it: who owns the cart (the logged-in seeker, or
 * a guest by a signed cookie), the guest cart's merge at login, the cart actions shared by the
 * no-JavaScript forms and the API, and messages in the visitor's language.
 */
import type { APIContext, AstroCookies } from 'astro';
import * as v from 'valibot';
import type { Translate } from '~/lib/i18n';
import {
  AddToCartBody,
  CaptureClickBody,
  CartOptionsBody,
  COMMERCE_MESSAGES,
  InternalLeadBody,
  PromoBody,
  RemoveFromCartBody,
} from '~/lib/validation/commerce';
import { keyOfMessage } from '~/lib/validation/messages';
import { endpoint, HttpError, ok, parseBody } from '~/server/api/envelope';
import { inRequestLanguage } from '~/server/api/language';
import { FIELD_CHECK, isValidatorText, issueMessage } from '~/lib/validation/issues';
import { apiT, requireApiUser, requireUser } from '~/server/accounts/http';
import { randomToken, sha256Hex } from '~/server/tokens';
import { getDb, type Db } from '~/server/db/client';
import { clientIp, isHttps } from '~/server/http/request';
import { serviceBySlug } from '../../../catalogue';
import {
  addToCart,
  applyPromoCode,
  findCart,
  mergeGuestCarts,
  removeFromCart,
  removePromoCode,
  saveCartOptions,
  summarizeCart,
  type CartOwner,
} from './cart';
import { mobileE164 } from '~/lib/validation/mobile';
import { CommerceError, fieldOf } from './errors';
import { captureCartClick, createInternalLead, internalLeadsOf } from './leads';
import { renderInvoicePdf } from './invoice-pdf';
import { findOwnOrder } from './orders';
import { receiptOf } from './receipt';
import { sign, verifySignature } from './secret';

/**
 * The database the commerce services run on, for pages and endpoints: they hand it to the
 * services (which take it explicitly, so tests and transactions pass their own) and never reach
 * tables themselves.
 */
export const commerceDb = (): Promise<Db> => getDb();

export const GUEST_CART_COOKIE = 'JP_CART';
const GUEST_CART_DAYS = 30;

type Ctx = Pick<APIContext, 'cookies' | 'locals' | 'request' | 'url'>;

/** The guest cart key of this browser when its cookie carries a valid signature. */
export function readGuestCartHash(cookies: Pick<AstroCookies, 'get'>): string | null {
  const value = cookies.get(GUEST_CART_COOKIE)?.value ?? '';
  const [token, signature] = value.split('.');
  if (!token || !signature || !/^[A-Za-z0-9_-]{32,64}$/.test(token)) return null;
  return verifySignature(`cart:${token}`, signature) ? sha256Hex(token) : null;
}

function ensureGuestCartHash(context: Ctx): string {
  const existing = readGuestCartHash(context.cookies);
  if (existing) return existing;
  const token = randomToken();
  context.cookies.set(GUEST_CART_COOKIE, `${token}.${sign(`cart:${token}`)}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(context),
    path: '/',
    maxAge: GUEST_CART_DAYS * 86_400,
  });
  return sha256Hex(token);
}

/** Whose cart this request works on; with `create`, a guest without one gets a cookie. */
export function cartOwner(context: Ctx, create: true): CartOwner;
export function cartOwner(context: Ctx, create?: boolean): CartOwner | null;
export function cartOwner(context: Ctx, create = false): CartOwner | null {
  const user = context.locals.user;
  if (user) return { userId: user.id };
  const hash = create ? ensureGuestCartHash(context) : readGuestCartHash(context.cookies);
  return hash ? { guestHash: hash } : null;
}

/** At login: the guest's cart joins the account's, and the guest cookie goes. */
export async function mergeGuestCartAtLogin(context: Ctx, userId: string): Promise<void> {
  const hash = readGuestCartHash(context.cookies);
  if (!hash) return;
  await mergeGuestCarts(await getDb(), hash, userId);
  context.cookies.delete(GUEST_CART_COOKIE, { path: '/' });
}

export async function currentCart(context: Ctx) {
  const owner = cartOwner(context);
  const db = await getDb();
  const cart = owner ? await findCart(db, owner, context.locals.site.context) : undefined;
  return summarizeCart(db, cart, context.locals.site);
}

export function commerceMessage(t: Translate, code: CommerceError['code']): string {
  return t(`commerce:errors.${code}`);
}

/**
 * A message of the commerce schemas in the visitor's language; another portal text through the
 * translation files (inRequestLanguage); valibot's own English as the field check.
 */
export function translateIssue(t: Translate, message: string): string {
  const text = isValidatorText(message) ? FIELD_CHECK : message;
  const key = keyOfMessage(COMMERCE_MESSAGES, text);
  return key ? t(`commerce:validation.${key}`) : inRequestLanguage(t, text);
}

export const CART_ACTIONS = ['add', 'remove', 'applyPromo', 'removePromo', 'options'] as const;
export type CartAction = (typeof CART_ACTIONS)[number];

export type CartActionResult =
  | { ok: true; notice: string; message: string }
  | { ok: false; status: number; message: string; field: string };

/** The notices a cart change answers with (commerce:cart.notices.<notice>). */
export const CART_NOTICES = [
  'added',
  'replaced',
  'removed',
  'promoApplied',
  'promoRemoved',
  'saved',
] as const;

/** One cart change from a form or the API; a refusal leaves the cart as it was. */
export async function runCartAction(
  context: Ctx,
  action: CartAction,
  body: Record<string, unknown>,
): Promise<CartActionResult> {
  const t = context.locals.t;
  const site = context.locals.site;
  const db = await getDb();
  const done = (notice: (typeof CART_NOTICES)[number]) => ({
    ok: true as const,
    notice,
    message: t(`commerce:cart.notices.${notice}`),
  });
  const parse = <S extends v.GenericSchema>(schema: S) => {
    const result = v.safeParse(schema, body);
    if (result.success) return result.output as v.InferOutput<S>;
    const issue = result.issues[0];
    throw Object.assign(new Error('invalid'), {
      refusal: {
        ok: false as const,
        status: 422,
        message: translateIssue(t, issueMessage(issue, schema)),
        field: v.getDotPath(issue) ?? '',
      },
    });
  };
  try {
    switch (action) {
      case 'add': {
        const input = parse(AddToCartBody);
        const skus = [...(input.sku ? [input.sku] : []), ...(input.skus ?? [])];
        if (skus.length === 0) throw new CommerceError('unknownItem');
        const { replaced } = await addToCart(db, cartOwner(context, true), site, skus, {
          lang: context.locals.lang,
          brand: context.locals.brand.id,
        });
        return done(replaced.length > 0 ? 'replaced' : 'added');
      }
      case 'remove': {
        const input = parse(RemoveFromCartBody);
        const owner = cartOwner(context);
        if (owner) await removeFromCart(db, owner, site, input.sku);
        return done('removed');
      }
      case 'applyPromo': {
        const input = parse(PromoBody);
        await applyPromoCode(db, cartOwner(context, true), site.context, input.promoCode);
        return done('promoApplied');
      }
      case 'removePromo': {
        const owner = cartOwner(context);
        if (owner) await removePromoCode(db, owner, site.context);
        return done('promoRemoved');
      }
      case 'options': {
        const input = parse(CartOptionsBody);
        await saveCartOptions(db, cartOwner(context, true), site, {
          useEcash: input.useEcash,
          ...(input.paymentMode ? { paymentMode: input.paymentMode } : {}),
          ...(input.profileId ? { profileId: input.profileId } : {}),
          ...(input.notes ? { notes: input.notes } : {}),
        });
        return done('saved');
      }
    }
  } catch (error) {
    const refusal = (error as { refusal?: CartActionResult }).refusal;
    if (refusal) return refusal;
    if (error instanceof CommerceError) {
      const field = fieldOf(error.code) || 'sku';
      return { ok: false, status: error.status, message: commerceMessage(t, error.code), field };
    }
    throw error;
  }
}

/** The pay context of a request: its origin, language prefix and the buyer. */
export function payContext(
  context: Ctx,
  user: { name: string; email: string | null; mobile: string | null; isdCode: string | null },
  requestKey: string | null,
) {
  const lang = context.locals.lang;
  return {
    site: context.locals.site,
    origin: context.locals.origin,
    langPrefix: lang === 'en' ? '' : `/${lang}`,
    customer: {
      name: user.name,
      email: user.email,
      mobile: user.mobile ? mobileE164(user.mobile, user.isdCode) : null,
    },
    requestKey,
  };
}

// --- internal leads (campaign-renderer v1 / v2) and cart abandonment capture (penguin) ---------

/** A body parsed with its field messages in the caller's language. */
async function body<S extends Parameters<typeof parseBody>[0]>(context: APIContext, schema: S) {
  try {
    return await parseBody(schema, context.request);
  } catch (error) {
    if (error instanceof HttpError && error.errors.length) {
      const t = apiT(context);
      const errors = error.errors.map((e) => ({
        field: e.field,
        message: translateIssue(t, e.message),
      }));
      throw new HttpError(error.status, errors[0]!.message, errors);
    }
    throw error;
  }
}

/**
 * createInternalLeads v1 / v2: a name and a contact (InternalLeadBody), and either a logged-in
 * seeker or a call-back context (the career service the guest asks about); rate-limited like
 * the call-back (429 with Retry-After).
 */
export const createLeadRoute = (version: 1 | 2) =>
  endpoint(async (context: APIContext) => {
    const { site, t, user } = context.locals;
    const data = await body(context, InternalLeadBody(site.isdCodes));
    if (!user && !(data.service && serviceBySlug(data.service))) {
      const message = t('commerce:validation.leadContext');
      throw new HttpError(422, message, [{ field: 'service', message }]);
    }
    const result = await createInternalLead(
      await getDb(),
      { siteContext: site.context, userId: user?.id ?? null, data, version },
      clientIp(context),
    );
    if (!result.allowed)
      throw new HttpError(429, t('commerce:callback.tooMany'), [], {
        'retry-after': String(result.retryAfterSeconds),
      });
    return ok({ leadId: result.lead.id, createdAt: result.lead.createdAt });
  });

export const getLeadsRoute = endpoint(async (context: APIContext) => {
  const user = requireApiUser(context, apiT(context));
  return ok(await internalLeadsOf(await getDb(), user.id, context.locals.site.context));
});

export const captureClickRoute = endpoint(async (context: APIContext) => {
  const input = await body(context, CaptureClickBody);
  const db = await getDb();
  const owner = cartOwner(context);
  const cart = owner ? await findCart(db, owner, context.locals.site.context) : undefined;
  await captureCartClick(db, {
    siteContext: context.locals.site.context,
    userId: context.locals.user?.id ?? null,
    cartId: cart?.id ?? null,
    action: input.action,
    ...(input.sku ? { sku: input.sku } : {}),
  });
  return ok({ captured: true });
});

/**
 * GET /seeker/career-services/<order id>/invoice: the invoice PDF of the buyer's own paid order
 * (the one the receipt mail carries), in the page's language and brand; anything else is 404.
 */
export async function invoiceResponse(context: APIContext, orderId: string): Promise<Response> {
  const user = requireUser(context);
  if (user instanceof Response) return user;
  const { lang, brand, site } = context.locals;
  const db = await getDb();
  const own = await findOwnOrder(db, user.id, orderId);
  const receipt =
    own && own.siteContext === site.context
      ? await receiptOf(db, own.id, { lang, brand })
      : undefined;
  if (!receipt)
    return new Response(context.locals.t('commerce:errors.orderNotFound'), {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  return new Response(Buffer.from(await renderInvoicePdf(receipt)), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="invoice-${receipt.order.number}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
}
