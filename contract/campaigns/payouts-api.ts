import { z, decimal, idField } from "../core/zod";
import { MSG } from "../core/messages";
import {
  CAMPAIGN_STATUSES,
  CAMPAIGN_COMMISSION_MAX,
  CAMPAIGN_COMMISSION_MIN,
  CAMPAIGN_PAYOUT_LIST_LIMIT,
  PAYOUT_FREE_PRODUCT_ACTIONS,
  PAYOUT_STATUSES,
} from "./campaigns";

// The schemas of the payout and payment calls (spec 3 §3 payout terms, Payout row, Payout detail row, Transaction;
// §5 Payout terms, Payment / transaction; §7 Payouts, Payments and transactions; ADR 0060). Money is in dollars on the
// wire (up to 2 decimals); the API stores cents.

/** spec 3 §5: the fee is up to 6 digits with up to 2 decimals. */
const FEE = /^\d{1,6}(\.\d{1,2})?$/;
const feeField = z.preprocess(
  (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v),
  z
    .string({ error: MSG.payoutFeeInvalid })
    .trim()
    .regex(FEE, MSG.payoutFeeInvalid)
    .transform((fee) => Math.round(Number(fee) * 100)),
);

/** spec 3 §5: a commission is digits only, 0 to 100 percent. */
const commissionField = z.preprocess(
  (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v),
  z
    .string({ error: MSG.payoutCommissionRequired })
    .trim()
    .min(1, MSG.payoutCommissionRequired)
    .regex(/^\d{1,3}$/, MSG.payoutCommissionRange)
    .transform(Number)
    .refine((n) => n >= CAMPAIGN_COMMISSION_MIN && n <= CAMPAIGN_COMMISSION_MAX, MSG.payoutCommissionRange),
);

const commissionRowSchema = z.object({
  subCategory: idField(MSG.payoutCategoryRequired),
  commission: commissionField,
});

/** A whole quantity; the service checks it against stock with the spec's messages. */
const quantityField = z.preprocess(decimal, z.number({ error: MSG.payoutQuantityInvalid }));

const freeProductSchema = z.object({
  productId: idField(MSG.payoutProductUnknown),
  /** a product without variations: how many */
  quantity: quantityField.optional(),
  /** a product with variations: how many of each (0 leaves one out), spec 3 §5 */
  variations: z
    .array(z.object({ variationId: idField(MSG.payoutProductUnknown), quantity: quantityField }))
    .max(100)
    .optional(),
  /** remove-product of one variation only; without it the product's every row goes */
  variationId: idField(MSG.payoutProductUnknown).optional(),
});

/**
 * POST and PUT campaign/payout/{campaignId}/{influencerId} (spec 3 §7 Payouts): the fee, the whole list of sales
 * commission rows, or one free-product action (`add-product` with freeProduct {productId, quantity | variations},
 * `remove-product` with freeProduct {productId}). Several may come in one call; at least one must.
 */
export const payoutChangeSchema = z
  .object({
    fee: feeField.optional(),
    salesCommission: z.array(commissionRowSchema).max(200).optional(),
    action: z.enum(PAYOUT_FREE_PRODUCT_ACTIONS, { error: MSG.fieldChoose }).optional(),
    freeProduct: freeProductSchema.optional(),
    // the spec's clients send these again; the path names the campaign and the influencer
    shopId: z.string().max(64).optional(),
    influencerId: z.string().max(64).optional(),
    campaignId: z.string().max(64).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.fee === undefined && !body.salesCommission && !body.action)
      ctx.addIssue({ code: "custom", message: MSG.payoutChangeRequired, path: [] });
    if (body.action && !body.freeProduct)
      ctx.addIssue({ code: "custom", message: MSG.payoutProductUnknown, path: ["freeProduct"] });
    const seen = new Set<string>();
    body.salesCommission?.forEach((row, i) => {
      if (seen.has(row.subCategory))
        ctx.addIssue({ code: "custom", message: MSG.payoutCategoryTwice, path: ["salesCommission", i, "subCategory"] });
      seen.add(row.subCategory);
    });
  });
export type PayoutChange = z.infer<typeof payoutChangeSchema>;
/** What a client sends (a form's quantities as typed: the schema reads them as numbers). */
export type PayoutChangeBody = z.input<typeof payoutChangeSchema>;

/** spec 3 §3 payout terms, as the accepted-influencer page shows them; what is owed so far beside them. */
export const payoutTermsSchema = z.object({
  /** null until terms were first saved */
  _id: z.string().nullable(),
  campaignId: z.string(),
  influencerId: z.string(),
  shopId: z.string(),
  fee: z.number(),
  freeProducts: z.array(
    z.object({
      _id: z.string(),
      productId: z.object({
        _id: z.string(),
        name: z.string(),
        defaultImage: z.string().nullable(),
        stock: z.number(),
        price: z.number(),
      }),
      variationId: z.string().nullable(),
      variantName: z.string().nullable(),
      quantity: z.number(),
    }),
  ),
  salesCommission: z.array(
    z.object({ _id: z.string(), subCategory: z.object({ _id: z.string(), name: z.string() }), commission: z.number() }),
  ),
});
export type PayoutTerms = z.infer<typeof payoutTermsSchema>;

/** spec 3 §5 Payment / transaction: amount required, numeric, at least 1; note optional. */
const amountField = z.preprocess(
  (v) => decimal(typeof v === "string" && v.trim() === "" ? undefined : v),
  z
    .number({ error: MSG.paymentAmountRequired })
    .refine((n) => Number.isFinite(n), MSG.paymentAmountRequired)
    .refine((n) => n >= 1, MSG.paymentAmountMin)
    .refine((n) => n < 1_000_000 && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, MSG.paymentAmountInvalid)
    .transform((n) => Math.round(n * 100)),
);
const noteField = z.string().trim().max(1000, MSG.paymentNoteTooLong).optional().default("");

/** POST campaign/payment (spec 3 §7): campaignId, influencerId, amount, note, isPayment true. */
export const addPaymentSchema = z.object({
  campaignId: idField(MSG.notFound),
  influencerId: idField(MSG.notFound),
  amount: amountField,
  note: noteField,
  isPayment: z.unknown().optional(),
});
export type AddPayment = z.infer<typeof addPaymentSchema>;

/** PUT campaign/payment/{transactionId} (spec 3 §7): amount and note; the ids the clients send again are ignored. */
export const updatePaymentSchema = z.object({
  amount: amountField,
  note: noteField,
  transactionId: z.string().max(64).optional(),
  campaignId: z.string().max(64).optional(),
  influencerId: z.string().max(64).optional(),
});
export type UpdatePayment = z.infer<typeof updatePaymentSchema>;

const limitField = z
  .preprocess(
    decimal,
    z
      .number({ error: MSG.listLimit(CAMPAIGN_PAYOUT_LIST_LIMIT) })
      .int(MSG.listLimit(CAMPAIGN_PAYOUT_LIST_LIMIT))
      .min(1, MSG.listLimit(CAMPAIGN_PAYOUT_LIST_LIMIT))
      .max(CAMPAIGN_PAYOUT_LIST_LIMIT, MSG.listLimit(CAMPAIGN_PAYOUT_LIST_LIMIT)),
  )
  .optional()
  .default(CAMPAIGN_PAYOUT_LIST_LIMIT);

/**
 * GET campaign/payment (spec 3 §7): one influencer's transactions (isPayment true, the default) or the payout detail
 * rows (isPayment false: the fee and the commission each campaign stream earned), newest first, at most 50.
 */
export const paymentQuerySchema = z.object({
  campaignId: idField(MSG.notFound),
  influencerId: idField(MSG.notFound),
  isPayment: z.enum(["true", "false"], { error: MSG.fieldChoose }).optional().default("true"),
  limit: limitField,
});
export type PaymentQuery = z.infer<typeof paymentQuerySchema>;

/** GET campaign/payment-outline (spec 3 §7): the campaign's payouts table, one row per accepted influencer. */
export const paymentOutlineQuerySchema = z.object({ campaignId: idField(MSG.notFound), limit: limitField });
export type PaymentOutlineQuery = z.infer<typeof paymentOutlineQuerySchema>;

/** spec 3 §3 Transaction. */
export const transactionSchema = z.object({
  _id: z.string(),
  campaignId: z.string(),
  influencerId: z.string(),
  createdAt: z.string(),
  amount: z.number(),
  note: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** spec 3 §3 Payout detail row: what a row of the influencer's earnings is for (the fee, or a stream's commission). */
export const payoutDetailRowSchema = z.object({
  createdAt: z.string(),
  streamId: z.object({ _id: z.string(), name: z.string() }).nullable(),
  for: z.enum(["fee", "commission"]),
  amount: z.number(),
});
export type PayoutDetailRow = z.infer<typeof payoutDetailRowSchema>;

/** GET campaign/payment answers transactions or payout detail rows, as isPayment asks. */
export const paymentRowSchema = z.union([transactionSchema, payoutDetailRowSchema]);
export type PaymentRow = Transaction | PayoutDetailRow;
/** A row of GET campaign/payment with isPayment true: a transaction (a detail row says what it is `for`). */
export const isTransaction = (row: PaymentRow): row is Transaction => !("for" in row);
export const isPayoutDetailRow = (row: PaymentRow): row is PayoutDetailRow => "for" in row;

/** spec 3 §3 Payout row (per influencer): Total owed, Paid, Pending (Total − Paid), status (ADR 0060). */
export const payoutRowSchema = z.object({
  influencer: z.object({
    fName: z.string(),
    email: z.string().nullable(),
    countryCode: z.string().nullable(),
    mobile: z.string().nullable(),
  }),
  Total: z.number(),
  Paid: z.number(),
  Pending: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  influencerId: z.string(),
  campaignId: z.string(),
});
export type PayoutRow = z.infer<typeof payoutRowSchema>;

/** DELETE campaign/payment/{transactionId}: the transaction that went. */
export const deletedTransactionSchema = z.object({ _id: z.string() });

// The influencers' app door (ADR 0057): the signed-in influencer's own payouts and payments, read only.

/** `GET influencer/payout` and `GET influencer/payment`: one of the caller's campaigns (optional), limit (50). */
export const myPayoutQuerySchema = z.object({
  campaignId: idField(MSG.myPayoutCampaignId).optional(),
  limit: limitField,
});
export type MyPayoutQuery = z.infer<typeof myPayoutQuerySchema>;

/** The campaign and shop a row of the influencer's payouts or payments belongs to. */
const myCampaignRefSchema = z.object({
  _id: z.string(),
  title: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  start: z.string().nullable(),
  end: z.string().nullable(),
});
const myShopRefSchema = z.object({ _id: z.string(), name: z.string() });

/**
 * A row of `GET influencer/payout`: per campaign the caller is accepted in, the fee of their terms, the sales commission
 * earned so far, Total owed (fee + commission), Paid, Pending (Total − Paid) and status, as the shop's payouts table
 * counts them (spec 3 §3 Payout row; ADR 0060).
 */
export const myPayoutRowSchema = z.object({
  campaign: myCampaignRefSchema,
  shop: myShopRefSchema,
  fee: z.number(),
  commission: z.number(),
  Total: z.number(),
  Paid: z.number(),
  Pending: z.number(),
  status: z.enum(PAYOUT_STATUSES),
});
export type MyPayoutRow = z.infer<typeof myPayoutRowSchema>;

/** A row of `GET influencer/payment`: a payment made to the caller (spec 3 §3 Transaction) with its campaign and shop. */
export const myTransactionSchema = transactionSchema.extend({
  campaign: myCampaignRefSchema,
  shop: myShopRefSchema,
});
export type MyTransaction = z.infer<typeof myTransactionSchema>;
