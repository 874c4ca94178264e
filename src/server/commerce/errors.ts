/**
 * A refusal of the commerce domain: `code` names the message (commerce:errors.<code> in every
 * language), `status` the HTTP status the API and pages answer with.
 */
export type CommerceErrorCode =
  | 'unknownItem'
  | 'cartEmpty'
  | 'promoRequired'
  | 'promoUnknown'
  | 'promoNotYetValid'
  | 'promoExpired'
  | 'promoUsedUp'
  | 'promoAlreadyUsed'
  | 'promoNotApplicable'
  | 'orderNotFound'
  | 'orderNotPayable'
  | 'paymentModeUnavailable'
  | 'profileNotYours'
  | 'gatewayUnavailable'
  | 'paymentInProgress'
  | 'badSignature'
  | 'loginRequired';

/** The form field a refusal is about (the API's errors[0].field, the page's highlighted field). */
export function fieldOf(code: CommerceErrorCode): string {
  if (code.startsWith('promo')) return 'promoCode';
  if (code.startsWith('order')) return 'orderId';
  if (code === 'paymentModeUnavailable') return 'paymentMode';
  if (code === 'profileNotYours') return 'profileId';
  return '';
}

export class CommerceError extends Error {
  constructor(
    readonly code: CommerceErrorCode,
    readonly status: number = 422,
  ) {
    super(code);
    this.name = 'CommerceError';
  }
}
