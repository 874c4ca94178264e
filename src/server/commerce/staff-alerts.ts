/**
 * Telling staff about money that went wrong (a second capture refunded, a capture that did not
 * match its order refunded, a refund that failed):
 * a log line at error, the payment_alerts_total{kind} metric, and a mail to OPS_EMAIL when set.
 * Callers claim the alert first (a column set once), so each one is sent once.
 */
import client from 'prom-client';
import { config } from '~/server/config';
import { getMailSender } from '~/server/adapters/mail';
import { log } from '~/server/ops/logger';
import { registry } from '~/server/ops/metrics';

export type PaymentAlertKind =
  'second-capture' | 'promo-limit' | 'amount-mismatch' | 'refund-failed';

const METRIC = 'payment_alerts_total';

function counter(): client.Counter<'kind'> {
  const existing = registry.getSingleMetric(METRIC) as client.Counter<'kind'> | undefined;
  return (
    existing ??
    new client.Counter({
      name: METRIC,
      help: 'Payment alerts sent to staff, by kind (second capture, promo limit, amount mismatch, refund failed)',
      labelNames: ['kind'] as const,
      registers: [registry],
    })
  );
}

export interface PaymentAlert {
  kind: PaymentAlertKind;
  orderNumber: string;
  gateway: string;
  reference: string;
  amount: string;
  /** What was done about it (refunded, refund requested, refund failed: why). */
  outcome: string;
}

export async function alertStaff(alert: PaymentAlert): Promise<void> {
  log.error({ payment: alert }, `payment alert: ${alert.kind}`);
  counter().inc({ kind: alert.kind });
  if (!config.OPS_EMAIL) return;
  try {
    await getMailSender().send({
      to: config.OPS_EMAIL,
      subject: `[payments] ${alert.kind}: order ${alert.orderNumber}`,
      text: [
        `Order: ${alert.orderNumber}`,
        `Gateway: ${alert.gateway} (${alert.reference})`,
        `Amount: ${alert.amount}`,
        `What happened: ${alert.kind}`,
        `Done: ${alert.outcome}`,
      ].join('\n'),
    });
  } catch (error) {
    log.error({ err: error }, 'payment alert mail not sent');
  }
}
