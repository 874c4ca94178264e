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
  | 'gatewayUnavailable'
  | 'paymentInProgress'
  | 'badSignature'
  | 'loginRequired';

export class CommerceError extends Error {
  constructor(
    readonly code: CommerceErrorCode,
    readonly status: number = 422,
  ) {
    super(code);
    this.name = 'CommerceError';
  }
}
