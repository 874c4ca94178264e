/**
 * Inputs of the career services forms and API (valibot; the same schemas in pages and endpoints).
 * A price or total sent with any of them is not part of the schema and is never read.
 */
import * as v from 'valibot';
import { MobileSchema } from './account';
import { EMAIL_MESSAGE, EMAIL_RE, NAME_MESSAGE, NAME_RE } from './formats';
import { withMobileRule } from './mobile';

export const SKU_RE = /^[a-z0-9-]{1,60}\/[a-z0-9-]{1,60}$/;

const text = () => v.pipe(v.optional(v.string(), ''), v.trim());
const bool = () =>
  v.pipe(
    v.optional(v.union([v.boolean(), v.string()]), false),
    v.transform((x) => x === true || x === 'true' || x === 'on' || x === '1'),
  );

export const SkuSchema = v.pipe(
  v.string('Please choose a service.'),
  v.trim(),
  v.regex(SKU_RE, 'Please choose a service.'),
);

export const AddToCartBody = v.object({
  sku: v.optional(SkuSchema),
  skus: v.optional(v.pipe(v.array(SkuSchema), v.maxLength(10))),
});
export const RemoveFromCartBody = v.object({ sku: SkuSchema });
export const PromoBody = v.object({
  promoCode: v.pipe(
    text(),
    v.nonEmpty('Please enter a promo code.'),
    v.maxLength(40, 'Please enter a valid promo code.'),
    v.regex(/^[A-Za-z0-9_-]+$/, 'Please enter a valid promo code.'),
  ),
});
export const CartOptionsBody = v.object({
  useEcash: bool(),
  paymentMode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20))),
  profileId: v.optional(
    v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(1)),
  ),
  notes: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
});
export const OrderIdSchema = v.pipe(
  v.string('Order not found.'),
  v.trim(),
  v.uuid('Order not found.'),
);
export const GenerateOrderBody = v.object({
  useEcash: bool(),
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
  skus: v.pipe(v.array(SkuSchema), v.minLength(1, 'Please choose a service.'), v.maxLength(10)),
});

/** The call-back request (SPEC §7 trex/career-services/api/v1/callback, §5 messages). */
export const CallbackBody = (isdCodes: readonly string[]) =>
  withMobileRule(
    v.object({
      isdCode: v.pipe(
        v.optional(v.string(), ''),
        v.trim(),
        v.transform((s) => s.replace(/^\+/, '')),
        v.check((s) => isdCodes.includes(s), 'Please select a valid country code.'),
      ),
      mobile: MobileSchema,
      name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80))),
      service: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
    }),
    isdCodes,
    'Enter a Valid Mobile Number',
  );

/** Internal leads: a contact is needed, a mobile or an email address. */
export const LEAD_CONTACT_REQUIRED = 'Please enter a mobile number or an email address.';

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
      name: v.pipe(v.optional(v.string(), ''), v.trim(), v.regex(NAME_RE, NAME_MESSAGE)),
      email: blankless(v.pipe(v.string(), v.trim(), v.regex(EMAIL_RE, EMAIL_MESSAGE))),
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
      v.check(
        (lead) => lead.mobile !== undefined || lead.email !== undefined,
        LEAD_CONTACT_REQUIRED,
      ),
      ['mobile'],
    ),
    v.forward(
      v.check(
        (lead) => lead.mobile === undefined || isdCodes.includes(lead.isdCode),
        'Please select a valid country code.',
      ),
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
