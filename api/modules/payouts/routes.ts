import {
  addPaymentSchema,
  myPayoutQuerySchema,
  paymentOutlineQuerySchema,
  paymentQuerySchema,
  payoutChangeSchema,
  updatePaymentSchema,
} from "#contract/campaigns/payouts-api";
import { revenueQuerySchema } from "#contract/campaigns/revenue-api";
import { MSG } from "#contract/core/messages";
import type { Policy } from "#api/platform/auth/actor";
import { ok } from "#api/platform/http/http";
import { influencerRoute, route, type RouteDef } from "#api/platform/http/router";
import { idPath } from "#api/platform/data/ids";
import {
  addPayment,
  changePayout,
  deletePayment,
  myPayouts,
  myTransactions,
  payments,
  paymentOutline,
  payoutTerms,
  updatePayment,
} from "./service";
import { campaignCategorySales, campaignRevenue, campaignStreamStats, campaignTop } from "./revenue";

// spec 3 §7 Payouts, Payments and transactions (ADR 0060). Admins (every shop), shop owners (their shop) and staff
// with the campaign module (spec 3 §6: add, edit, view) read; changing terms and payments needs campaign:edit. A
// campaign of another shop answers 404, as one that does not exist.
const READ: Policy = { roles: ["admin", "shopOwner", "staff"], staff: ["campaign:view", "campaign:edit"] };
const EDIT: Policy = { roles: ["admin", "shopOwner", "staff"], staff: ["campaign:edit"] };
const TERMS = "/campaign/payout/:campaignId/:influencerId";

const changeTerms = (method: "post" | "put", summary: string) =>
  route({
    method,
    path: idPath(TERMS),
    summary,
    policy: EDIT,
    body: payoutChangeSchema,
    handler: async ({ deps, actor, params, body }) =>
      ok(await changePayout(deps, actor, params.campaignId, params.influencerId, body), MSG.payoutSaved),
  });

export const payoutRoutes = [
  route({
    method: "get",
    path: idPath(TERMS),
    summary: "An influencer's payout terms in a campaign: fee, free products, sales commission rows",
    policy: READ,
    handler: async ({ deps, actor, params }) =>
      ok(await payoutTerms(deps, actor, params.campaignId, params.influencerId)),
  }),
  changeTerms(
    "post",
    "Add an accepted influencer's payout terms (made on the first save): fee (up to 6 digits and 2 decimals), salesCommission [{subCategory, commission 0–100}] (replaces the rows), or action add-product with freeProduct {productId, quantity | variations [{variationId, quantity}]} / remove-product with freeProduct {productId, variationId?}; refused when the influencer would have been paid more than owed",
  ),
  changeTerms("put", "Edit an accepted influencer's payout terms: the same shapes as POST"),
  route({
    method: "get",
    path: "/campaign/payment-outline",
    summary:
      "The campaign's payouts table: per accepted influencer Total (fee + commission earned), Paid, Pending and status (pending, settled, overpaid); campaignId, limit (50)",
    policy: READ,
    query: paymentOutlineQuerySchema,
    handler: async ({ deps, actor, query }) => paymentOutline(deps, actor, query),
  }),
  route({
    method: "get",
    path: "/campaign/payment",
    summary:
      "One influencer's transactions (isPayment true, the default) or payout detail rows (isPayment false: the fee and each stream's commission), newest first; campaignId, influencerId, limit (50)",
    policy: READ,
    query: paymentQuerySchema,
    handler: async ({ deps, actor, query }) => payments(deps, actor, query),
  }),
  route({
    method: "post",
    path: "/campaign/payment",
    summary:
      "Record a payment to an accepted influencer: campaignId, influencerId, amount (at least 1), note; refused past what is owed",
    policy: EDIT,
    body: addPaymentSchema,
    handler: async ({ deps, actor, body }) => ok(await addPayment(deps, actor, body), MSG.paymentAdded),
  }),
  route({
    method: "put",
    path: idPath("/campaign/payment/:transactionId"),
    summary: "Edit a payment's amount or note; a higher amount stays within what is owed",
    policy: EDIT,
    body: updatePaymentSchema,
    handler: async ({ deps, actor, params, body }) =>
      ok(await updatePayment(deps, actor, params.transactionId, body), MSG.paymentUpdated),
  }),
  route({
    method: "delete",
    path: idPath("/campaign/payment/:transactionId"),
    summary: "Delete a payment",
    policy: EDIT,
    handler: async ({ deps, actor, params }) =>
      ok(await deletePayment(deps, actor, params.transactionId), MSG.transactionDeleted),
  }),
];

// spec 3 §7 Revenue: the revenue dashboard's figures (ADR 0060), for whoever reads the campaign.
export const revenueRoutes = [
  route({
    method: "get",
    path: idPath("/campaign/stats/:id"),
    summary:
      "Revenue by day and in all: start and end days (within the campaign; default the last 30 days), type stream (the campaign's sales), product (of the products promoted in its streams) or total (all the shop's sales)",
    policy: READ,
    query: revenueQuerySchema,
    handler: async ({ deps, actor, params, query }) => ok(await campaignRevenue(deps, actor, params.id, query)),
  }),
  route({
    method: "get",
    path: idPath("/campaign/stats/streams/:id"),
    summary:
      "The campaign's streams by state, their viewers and likes, and what they sold (orders, units, sale, profit)",
    policy: READ,
    handler: async ({ deps, actor, params }) => ok(await campaignStreamStats(deps, actor, params.id)),
  }),
  route({
    method: "get",
    path: idPath("/campaign/stats/top-products-streams/:id"),
    summary: "The five products and the five streams of the campaign that sold most",
    policy: READ,
    handler: async ({ deps, actor, params }) => ok(await campaignTop(deps, actor, params.id)),
  }),
  route({
    method: "get",
    path: idPath("/campaign/stats/subcategory-wise-sales/:id"),
    summary: "The five sub-categories that sold most in the campaign (Sales by Category)",
    policy: READ,
    handler: async ({ deps, actor, params }) => ok(await campaignCategorySales(deps, actor, params.id)),
  }),
];

// The influencers' app door (ADR 0057): the signed-in influencer's own payouts and payments, read only; the influencer
// comes from the token, and the console's sessions are refused.
export const influencerPayoutRoutes: RouteDef[] = [
  influencerRoute({
    method: "get",
    path: "/influencer/payout",
    summary:
      "The mobile app: the signed-in influencer's payouts, per campaign they are accepted in: campaign, shop, fee, commission earned, Total owed (fee + commission), Paid, Pending and status (pending, settled, overpaid), as the shop's payouts table counts them; campaignId (one of theirs; another answers 404), limit (50)",
    query: myPayoutQuerySchema,
    handler: async ({ deps, influencer, query }) => myPayouts(deps, influencer.id, query),
  }),
  influencerRoute({
    method: "get",
    path: "/influencer/payment",
    summary:
      "The mobile app: the payments made to the signed-in influencer, newest first, each with its campaign and shop; campaignId (one of theirs; another answers 404), limit (50)",
    query: myPayoutQuerySchema,
    handler: async ({ deps, influencer, query }) => myTransactions(deps, influencer.id, query),
  }),
];
