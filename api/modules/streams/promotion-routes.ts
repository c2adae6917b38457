import { MSG } from "#contract/core/messages";
import {
  promotionProductsQuerySchema,
  promotionQuerySchema,
  promotionRemoveSchema,
  promotionWriteSchema,
} from "#contract/streams/streams-promote-api";
import type { Policy } from "#api/platform/auth/actor";
import { ok } from "#api/platform/http/http";
import { idPath } from "#api/platform/data/ids";
import { route } from "#api/platform/http/router";
import { promotableProducts, promotionDetail, removePromotion, setPromotion } from "./promotions";

// spec 3 §5 Promotion discount, §7 live-stream/promotion-temp-data (ADR 0039). Admins (any shop),
// owners (their shop) and staff with the stream module's 'promote stream'.
const PROMOTE: Policy = { roles: ["admin", "shopOwner", "staff"], staff: ["stream:promote"] };

export const streamPromotionRoutes = [
  route({
    method: "get",
    path: "/live-stream/promotion-products",
    summary:
      "The promote drawer (spec 3 §2): the products of stream {streamId}'s shop, search on the name, department (a department id), sort (name, createdAt), sortType, skip|page, limit; each with promoted (already one of the stream's products). Without streamId (an Add Stream page, ADR 0070): the caller's shop's products (shopId for an admin), none promoted; ids (comma-separated) narrows to those products",
    policy: PROMOTE,
    query: promotionProductsQuerySchema,
    handler: async ({ deps, actor, query }) => promotableProducts(deps, actor, query),
  }),
  route({
    method: "get",
    path: idPath("/live-stream/promotion-temp-data/:productId"),
    summary:
      "A product's promotions in stream {streamId} (isWeb=true is accepted): the product, its variations, and data [{variationId, allVariations, promotionType, promotion}]; without streamId (as spec 3 §7 writes the call) the product of the caller's shop and its variations, streamId null and data []",
    policy: PROMOTE,
    query: promotionQuerySchema,
    handler: async ({ deps, actor, params, query }) =>
      ok(await promotionDetail(deps, actor, query.streamId, params.productId)),
  }),
  route({
    method: "post",
    path: "/live-stream/promotion-temp-data",
    summary:
      "Set a product's promotions in a stream (spec 3 §7): {streamId, productId, data: [{promotionType flat|percentage, promotion (dollars | 0–100), variationId | allVariations}], fcmToken (ignored)}; the list replaces the product's promotions; a flat one never exceeds the price (of every variation for allVariations); finished streams are refused",
    policy: PROMOTE,
    body: promotionWriteSchema,
    handler: async ({ deps, actor, body }) => ok(await setPromotion(deps, actor, body), MSG.promotionAdded),
  }),
  route({
    method: "delete",
    path: "/live-stream/promotion-temp-data",
    summary:
      "Remove a product (and its promotions) from a stream's products: {streamId, productId}; finished streams are refused",
    policy: PROMOTE,
    body: promotionRemoveSchema,
    handler: async ({ deps, actor, body }) =>
      ok(await removePromotion(deps, actor, body.streamId, body.productId), MSG.promotionRemoved),
  }),
];
