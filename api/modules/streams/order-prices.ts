import { and, eq, isNull } from "drizzle-orm";
import { streamProducts, streams } from "#api/db/schema";
import type { Deps } from "#api/platform/deps";

// Orders placed from a stream: while the stream is broadcasting, `POST order` with its id
// charges the promotion price of the products the shop promoted in it (spec 3 §5 Promotion discount).

type PromotionRow = Pick<
  typeof streamProducts.$inferSelect,
  "productId" | "variationId" | "allVariations" | "promotionType" | "promotionCents" | "promotionPercent"
>;

/** A promotion price from a price in cents (spec 3 §5 Promotion discount), never below 0; null for a row without one. */
export function promotedCents(
  cents: number,
  sp: Pick<PromotionRow, "promotionType" | "promotionCents" | "promotionPercent">,
) {
  if (sp.promotionType === "flat") return Math.max(0, cents - (sp.promotionCents ?? 0));
  if (sp.promotionType === "percentage") return Math.max(0, Math.round(cents * (1 - (sp.promotionPercent ?? 0) / 100)));
  return null;
}

/** The stream an order names, as the order sees it. */
export interface OrderStream {
  id: string;
  shopId: string;
  /** broadcasting now: its promotions hold */
  live: boolean;
  /**
   * The campaign an order placed now belongs to (spec 3: an order placed during a campaign stream): the stream's
   * campaign while it is live, else null (a replay's or a scheduled stream's orders belong to no campaign).
   */
  campaignId: string | null;
  /**
   * The promotion price of a line of the stream's shop from its list price (the product's, or the variation's): a
   * variation's own promotion, else the product's all-variations one; a product without variations, its own. Null
   * when the line is not promoted or the stream is not live.
   */
  promotionCents(productId: string, variationId: string | undefined, listCents: number): number | null;
}

/**
 * The stream `streamId` names, read inside the order's transaction with a share lock, so it cannot finish (or be
 * archived, or lose a promotion) while the order is priced; null when no such stream exists.
 */
export async function streamForOrder(deps: Deps, streamId: string): Promise<OrderStream | null> {
  const [stream] = await deps.db
    .select({ id: streams.id, shopId: streams.shopId, status: streams.status, campaignId: streams.campaignId })
    .from(streams)
    .where(and(eq(streams.id, streamId), isNull(streams.deletedAt)))
    .for("share");
  if (!stream) return null;
  const live = stream.status === "broadcasting";
  const rows: PromotionRow[] = live
    ? await deps.db
        .select({
          productId: streamProducts.productId,
          variationId: streamProducts.variationId,
          allVariations: streamProducts.allVariations,
          promotionType: streamProducts.promotionType,
          promotionCents: streamProducts.promotionCents,
          promotionPercent: streamProducts.promotionPercent,
        })
        .from(streamProducts)
        .where(eq(streamProducts.streamId, stream.id))
        .for("share")
    : [];
  return {
    id: stream.id,
    shopId: stream.shopId,
    live,
    campaignId: live ? stream.campaignId : null,
    promotionCents(productId, variationId, listCents) {
      const own = rows.find(
        (r) => r.productId === productId && (r.variationId ?? undefined) === variationId && !r.allVariations,
      );
      const wide = variationId ? rows.find((r) => r.productId === productId && r.allVariations) : undefined;
      const row = own?.promotionType ? own : wide;
      return row ? promotedCents(listCents, row) : null;
    },
  };
}
