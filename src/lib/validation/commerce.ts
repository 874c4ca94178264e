/**
 * Inputs of the career services forms and API (valibot; the same schemas in pages and endpoints).
 * A price or total sent with any of them is not part of the schema and is never read.
 */
import * as v from 'valibot';
import { SKU_RE } from '~/lib/commerce/sku';
import { checkboxField } from './checkbox';
import { MobileSchema } from './account';
import { EMAIL_MESSAGE, EMAIL_RE, NAME_MESSAGE, NAME_RE, PHONE_MESSAGE } from './formats';
import { withMobileRule } from './mobile';
import { ACCOUNT_MESSAGES } from './account';

/** Internal leads: a contact is needed, a mobile or an email address. */
export const LEAD_CONTACT_REQUIRED = 'Please enter a mobile number or an email address.';

/** The commerce forms' messages by their key (commerce:validation.<key>); see ./messages.ts. */
export const COMMERCE_MESSAGES = {
  chooseService: 'Please choose a service.',
  promoRequired: 'Please enter a promo code.',
  promoInvalid: 'Please enter a valid promo code.',
  mobileRequired: ACCOUNT_MESSAGES.mobileRequired,
  mobileInvalid: PHONE_MESSAGE,
  isdInvalid: 'Please select a valid country code.',
  orderNotFound: 'Order not found.',
  nameInvalid: NAME_MESSAGE,
  emailInvalid: EMAIL_MESSAGE,
  contactRequired: LEAD_CONTACT_REQUIRED,
} as const;
const M = COMMERCE_MESSAGES;

export { SKU_RE };

const text = () => v.pipe(v.optional(v.string(), ''), v.trim());

export const SkuSchema = v.pipe(
  v.string(M.chooseService),
  v.trim(),
  v.regex(SKU_RE, M.chooseService),
);

export const AddToCartBody = v.object({
  sku: v.optional(SkuSchema),
  skus: v.optional(v.pipe(v.array(SkuSchema), v.maxLength(10))),
});
export const RemoveFromCartBody = v.object({ sku: SkuSchema });
export const PromoBody = v.object({
  promoCode: v.pipe(
    text(),
    v.nonEmpty(M.promoRequired),
    v.maxLength(40, M.promoInvalid),
    v.regex(/^[A-Za-z0-9_-]+$/, M.promoInvalid),
  ),
});
export const CartOptionsBody = v.object({
  useEcash: checkboxField(),
  paymentMode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20))),
  profileId: v.optional(
    v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(1)),
  ),
  notes: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
});
export const OrderIdSchema = v.pipe(v.string(M.orderNotFound), v.trim(), v.uuid(M.orderNotFound));
export const GenerateOrderBody = v.object({
  useEcash: checkboxField(),
  paymentMode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20))),
});
export const MakePaymentBody = v.object({
  orderId: OrderIdSchema,
  paymentMode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20))),
  idempotencyKey: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{8,80}$/))),
});
export const SaveOrderOptionsBody = v.object({
  orderId: OrderIdSchema,
  paymentMode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20))),
  notes: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
});
export const PrefillQuery = v.object({
  skus: v.pipe(v.array(SkuSchema), v.minLength(1, M.chooseService), v.maxLength(10)),
});

/** The call-back request (SPEC §7 trex/career-services/api/v1/callback, §5 messages). */
export const CallbackBody = (isdCodes: readonly string[]) =>
  withMobileRule(
    v.object({
      isdCode: v.pipe(
        v.optional(v.string(), ''),
        v.trim(),
        v.transform((s) => s.replace(/^\+/, '')),
        v.transform((s) => (s === '' && isdCodes.length === 1 ? (isdCodes[0] ?? '') : s)),
        v.check((s) => (s === '' && isdCodes.length > 1) || isdCodes.includes(s), M.isdInvalid),
      ),
      mobile: MobileSchema,
      name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80))),
      service: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
    }),
    isdCodes,
    M.mobileInvalid,
  );

/** An optional field: empty text counts as not given. */
const blankless = <S extends v.GenericSchema>(schema: S) =>
  v.pipe(
    v.unknown(),
    v.transform((x) => (typeof x === 'string' && x.trim() === '' ? undefined : x)),
    v.optional(schema),
  );

/**
 * Internal leads (campaign-renderer createInternalLeads v1 / v2): a name (SPEC §5: letters and
 * spaces, 2-30) and a contact, a mobile (with a country code of the site) or an email address,
 * checked with the account forms' rules.
 */
export const InternalLeadBody = (isdCodes: readonly string[]) =>
  v.pipe(
    v.object({
      name: v.pipe(v.optional(v.string(), ''), v.trim(), v.regex(NAME_RE, M.nameInvalid)),
      email: blankless(v.pipe(v.string(), v.trim(), v.regex(EMAIL_RE, M.emailInvalid))),
      isdCode: v.pipe(
        v.optional(v.string(), ''),
        v.trim(),
        v.transform((s) => s.replace(/^\+/, '')),
      ),
      mobile: blankless(MobileSchema),
      service: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
      source: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
      message: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000))),
    }),
    v.forward(
      v.check((lead) => lead.mobile !== undefined || lead.email !== undefined, M.contactRequired),
      ['mobile'],
    ),
    v.forward(
      v.check((lead) => lead.mobile === undefined || isdCodes.includes(lead.isdCode), M.isdInvalid),
      ['isdCode'],
    ),
  );

/** Cart abandonment capture (penguin notification captureUserClick). */
export const CaptureClickBody = v.object({
  action: v.pipe(
    v.string(),
    v.trim(),
    v.picklist(
      ['view-cart', 'add-to-cart', 'remove-from-cart', 'checkout', 'leave-cart'],
      'Unknown action.',
    ),
  ),
  sku: v.optional(SkuSchema),
});
