import { randomBytes } from "node:crypto";
import { HttpResponse, http } from "msw";

// Stripe's HTTP API as the orders' payments use it (ADR 0030): PaymentIntents created and confirmed at once, and
// refunds. Checks the secret key and the form fields, honours Idempotency-Key like Stripe (same key, same answer), and
// answers Stripe's error shape. `pm_card_chargeDeclined` is declined, as in Stripe's test mode.

export interface StripeIntent {
  id: string;
  amount: number;
  currency: string;
  payment_method: string;
  metadata: Record<string, string>;
  status: "succeeded";
}
export interface StripeRefund {
  id: string;
  amount: number;
  payment_intent: string;
}
export const stripeIntents: StripeIntent[] = [];
export const stripeRefunds: StripeRefund[] = [];
const answered = new Map<string, Response>();

const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const stripeError = (status: number, error: Record<string, string>) => HttpResponse.json({ error }, { status });

/** Stripe's form encoding: `metadata[orderId]=…` → { metadata: { orderId } }. */
function formOf(text: string) {
  const out: Record<string, string> & { metadata: Record<string, string> } = { metadata: {} } as never;
  for (const [k, v] of new URLSearchParams(text)) {
    const m = k.match(/^metadata\[(.+)\]$/);
    if (m) out.metadata[m[1]] = v;
    else out[k] = v;
  }
  return out;
}

function once(request: Request, answer: () => Promise<Response> | Response) {
  const key = request.headers.get("idempotency-key");
  const earlier = key && answered.get(key);
  if (earlier) return earlier.clone();
  return Promise.resolve(answer()).then((res) => {
    if (key && res.status < 500) answered.set(key, res.clone());
    return res;
  });
}

const authorised = (request: Request) => /^Bearer sk_test_\w+$/.test(request.headers.get("authorization") ?? "");

export const stripeHandlers = [
  http.post("https://api.stripe.com/v1/payment_intents", async ({ request }) => {
    if (!authorised(request))
      return stripeError(401, { type: "invalid_request_error", message: "Invalid API Key provided" });
    const form = formOf(await request.text());
    return once(request, () => {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50)
        return stripeError(400, {
          type: "invalid_request_error",
          code: "amount_too_small",
          message: "Amount must be at least $0.50 aud",
        });
      if (form.payment_method === "pm_card_chargeDeclined")
        return stripeError(402, { type: "card_error", code: "card_declined", message: "Your card was declined." });
      const intent: StripeIntent = {
        id: stripeId("pi"),
        amount,
        currency: form.currency,
        payment_method: form.payment_method,
        metadata: form.metadata,
        status: "succeeded",
      };
      stripeIntents.push(intent);
      return HttpResponse.json({ object: "payment_intent", ...intent });
    });
  }),
  http.post("https://api.stripe.com/v1/refunds", async ({ request }) => {
    if (!authorised(request))
      return stripeError(401, { type: "invalid_request_error", message: "Invalid API Key provided" });
    const form = formOf(await request.text());
    return once(request, () => {
      const intent = stripeIntents.find((i) => i.id === form.payment_intent);
      if (!intent)
        return stripeError(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such payment_intent: '${form.payment_intent}'`,
        });
      const amount = Number(form.amount);
      const refunded = stripeRefunds.filter((r) => r.payment_intent === intent.id).reduce((s, r) => s + r.amount, 0);
      if (refunded + amount > intent.amount)
        return stripeError(400, {
          type: "invalid_request_error",
          code: "charge_already_refunded",
          message: "Refund amount is greater than the unrefunded amount",
        });
      const refund: StripeRefund = { id: stripeId("re"), amount, payment_intent: intent.id };
      stripeRefunds.push(refund);
      return HttpResponse.json({ object: "refund", status: "succeeded", ...refund });
    });
  }),
];
