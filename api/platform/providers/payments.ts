import Stripe from "stripe";
import type { Env } from "../env";
import { newId } from "../data/ids";

/**
 * How money is taken and given back (ADR 0030). The order service writes the `payments` ledger row
 * itself, in the order's transaction, for whichever provider: the provider only does the outside part and answers the
 * reference the row keeps. `ledger` (the default) has no outside part: the ledger rows are the payment record.
 * `stripe` (when STRIPE_SECRET_KEY is set) makes one confirmed PaymentIntent per order and refunds through Stripe's
 * refunds API; Stripe's idempotency keys make a retried call (after a crash between Stripe and our commit) a no-op.
 */
export interface PaymentProvider {
  readonly name: "ledger" | "stripe";
  /** Takes `amountCents` (AUD) for the order; answers the reference kept as `orders.payment_intent_id`. */
  capture(input: {
    orderId: string;
    amountCents: number;
    idempotencyKey: string;
    paymentMethod?: string;
  }): Promise<{ ref: string }>;
  /** Gives back `amountCents` of the capture `paymentRef`; answers the refund's reference. */
  refund(input: {
    orderId: string;
    paymentRef: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ ref: string }>;
}

export const ledgerPayments: PaymentProvider = {
  name: "ledger",
  capture: async () => ({ ref: `ledger_${newId()}` }),
  refund: async () => ({ ref: `ledger_${newId()}` }),
};

/** A zero amount (a coupon covering everything) moves no money at Stripe, which refuses amounts under its minimum. */
const FREE = "free";

export function stripePayments(secretKey: string, paymentMethod: string, apiBase?: string): PaymentProvider {
  const url = apiBase ? new URL(apiBase) : undefined;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    ...(url
      ? {
          host: url.hostname,
          port: Number(url.port || (url.protocol === "https:" ? 443 : 80)),
          protocol: url.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
  return {
    name: "stripe",
    async capture({ orderId, amountCents, idempotencyKey, paymentMethod: customersCard }) {
      if (amountCents === 0) return { ref: FREE };
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: "aud",
          // the card the customer's app collected, else the configured test method (ADR 0030)
          payment_method: customersCard ?? paymentMethod,
          confirm: true,
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          metadata: { orderId },
        },
        { idempotencyKey: `capture-${idempotencyKey}` },
      );
      if (intent.status !== "succeeded") throw new Error(`payment ${intent.status}`);
      return { ref: intent.id };
    },
    async refund({ paymentRef, amountCents, idempotencyKey }) {
      if (amountCents === 0 || paymentRef === FREE) return { ref: FREE };
      const refund = await stripe.refunds.create(
        { payment_intent: paymentRef, amount: amountCents },
        { idempotencyKey: `refund-${idempotencyKey}` },
      );
      return { ref: refund.id };
    },
  };
}

/** Stripe when STRIPE_SECRET_KEY is set, else the ledger. */
export function createPayments(
  env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_PAYMENT_METHOD" | "STRIPE_API_BASE">,
): PaymentProvider {
  return env.STRIPE_SECRET_KEY
    ? stripePayments(env.STRIPE_SECRET_KEY, env.STRIPE_PAYMENT_METHOD, env.STRIPE_API_BASE)
    : ledgerPayments;
}
