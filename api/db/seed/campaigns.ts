import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { refundLines } from "#api/modules/orders";
import { addPayment, changePayout, paymentOutline } from "#api/modules/payouts";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import type { Database } from "../client";
import {
  campaignInfluencers,
  campaigns,
  productVariations,
  products,
  shopCategories,
  shops,
  streams,
  users,
} from "../schema";
import { createCampaign, createCampaignInfluencer } from "./campaign-factories";
import type { SeedFiles } from "./catalogue";
import { LIVE_STREAM_ORDERS, actorFor, placeStreamOrders, serviceDeps } from "./orders";
import { createStream } from "./stream-factories";
import { LIVE, RECORDINGS, thumbnail } from "./streams";

// Demo campaigns: on every approved shop, one campaign of each status (Draft, Upcoming, Ongoing, Past),
// and on the published ones influencers in every state (spec 3 §4 Influencer in a campaign: invited, requested,
// accepted; and the ones the lists also show, declined and removed). Written after every other
// demo record, and changing none of them.

const DAY = 24 * 60 * 60 * 1000;

/**
 * Each published campaign's memberships, one approved demo influencer each (there are three). The last is always
 * `accepted`: that influencer streams in the campaign and has payout terms.
 */
const PLANS = [
  { title: "Spring Launch Draft", draft: true, from: 0, to: 0, states: [] },
  { title: "Winter Warmers Week", draft: false, from: 6, to: 13, states: ["invited", "requested", "accepted"] },
  { title: "Live Summer Sale", draft: false, from: -3, to: 4, states: ["invited", "declined", "accepted"] },
  { title: "Autumn Clearance Recap", draft: false, from: -30, to: -20, states: ["declined", "removed", "accepted"] },
] as const;

export async function seedCampaigns(db: Database) {
  const now = Date.now();
  const approved = await db
    .select({ id: shops.id, ownerId: shops.ownerId, name: shops.name })
    .from(shops)
    .where(and(eq(shops.status, "Approved"), isNull(shops.deletedAt)))
    .orderBy(asc(shops.createdAt), asc(shops.id));
  const influencers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "influencer"), eq(users.status, "Approved"), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt), asc(users.id));
  for (const [s, shop] of approved.entries()) {
    for (const [p, plan] of PLANS.entries()) {
      const campaign = await createCampaign(db, {
        shopId: shop.id,
        title: `${plan.title}`,
        description: `${shop.name}: ${plan.title.toLowerCase()} with our favourite streamers.`,
        isDraft: plan.draft,
        startAt: plan.draft ? null : new Date(now + plan.from * DAY),
        endAt: plan.draft ? null : new Date(now + plan.to * DAY),
        createdBy: shop.ownerId,
        createdAt: new Date(now - (10 - p) * DAY - s * 60_000),
        updatedAt: new Date(now - (10 - p) * DAY - s * 60_000),
      });
      if (plan.draft) continue;
      for (const [i, state] of plan.states.entries()) {
        const influencer = influencers[(s + p + i) % Math.max(1, influencers.length)];
        if (!influencer || i >= influencers.length) break;
        await createCampaignInfluencer(db, {
          campaignId: campaign.id,
          shopId: shop.id,
          influencerId: influencer.id,
          state,
          at: new Date(now - (5 - i) * DAY),
        });
      }
    }
  }
}

// spec 3 §3, §7 (ADR 0060): what the accepted influencers of the published campaigns that have begun (Ongoing, Past)
// did. Each has payout terms (a fee, a free product, a commission on the sub-categories of the products they show),
// presented campaign streams (finished ones with their recording; on the first shop's Ongoing campaign one live now, on
// the simulated live playlist), and the orders placed by POST order's service while each stream was live — so the
// order carries the campaign, as every order placed during a live campaign stream does — a few lines refunded, and
// payments within what is owed. Terms, orders, refunds and payments go through the services of their calls.

interface CampaignStreamPlan {
  /** the campaign (PLANS) it belongs to */
  plan: (typeof PLANS)[number]["title"];
  name: string;
  /** start, in days from the seeding */
  inDays: number;
  likes: number;
  /** live now (on the first shop only); else finished after an hour with its recording */
  live?: boolean;
  /** orders placed while it was live (fewer when the seed's order count is smaller) */
  orders: number;
  /** the nth order's first line refunded two days later */
  refund?: number;
}
const CAMPAIGN_STREAMS: CampaignStreamPlan[] = [
  { plan: "Autumn Clearance Recap", name: "Clearance Picks Unboxed", inDays: -28, likes: 35, orders: 3, refund: 1 },
  { plan: "Autumn Clearance Recap", name: "Last Call Favourites", inDays: -24, likes: 51, orders: 3 },
  { plan: "Live Summer Sale", name: "Summer Sale Try-On", inDays: -2, likes: 73, orders: 3, refund: 2 },
  { plan: "Live Summer Sale", name: "Summer Sale Live Now", inDays: 0, likes: 19, orders: 4, live: true },
];

const HOUR = 60 * 60 * 1000;
const QUARTER = 15 * 60 * 1000;

/** Terms for the accepted influencer of a campaign, through the payout service (fee in cents, commission in %). */
async function seedTerms(
  deps: Deps,
  owner: Actor,
  campaignId: string,
  influencerId: string,
  { feeCents, subCategories, free }: { feeCents: number; subCategories: string[]; free: FreeProduct | null },
) {
  await changePayout(deps, owner, campaignId, influencerId, {
    fee: feeCents,
    salesCommission: subCategories.map((subCategory, i) => ({ subCategory, commission: [8, 12, 10][i % 3]! })),
  });
  if (free) await changePayout(deps, owner, campaignId, influencerId, { action: "add-product", freeProduct: free });
}

type FreeProduct = { productId: string; quantity?: number; variations?: { variationId: string; quantity: number }[] };

/** The shop's first product in stock, as a free product of one unit (of its first variation in stock). */
async function freeProductOf(db: Database, shopId: string): Promise<FreeProduct | null> {
  const [product] = await db
    .select({ id: products.id, isVariationAvailable: products.isVariationAvailable })
    .from(products)
    .where(and(eq(products.shopId, shopId), isNull(products.deletedAt), gt(products.stock, 0)))
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(1);
  if (!product) return null;
  if (!product.isVariationAvailable) return { productId: product.id, quantity: 1 };
  const [variation] = await db
    .select({ id: productVariations.id })
    .from(productVariations)
    .where(and(eq(productVariations.productId, product.id), gt(productVariations.stock, 0)))
    .orderBy(asc(productVariations.id))
    .limit(1);
  return variation ? { productId: product.id, variations: [{ variationId: variation.id, quantity: 1 }] } : null;
}

/**
 * The campaign streams, their orders, the accepted influencers' terms and payments (see above). `orders`: at most this
 * many campaign orders in all (the seed's order count; 0: the streams and terms only). Runs after seedCampaigns.
 */
export async function seedCampaignActivity(
  db: Database,
  files: SeedFiles,
  { orders, now = new Date() }: { orders: number; now?: Date },
) {
  let budget = orders;
  let buyersUsed = LIVE_STREAM_ORDERS;
  const clock = { now };
  const deps = serviceDeps(db, files, clock);
  const approved = await db
    .select({ id: shops.id, ownerId: shops.ownerId, name: shops.name })
    .from(shops)
    .where(and(eq(shops.status, "Approved"), isNull(shops.deletedAt)))
    .orderBy(asc(shops.createdAt), asc(shops.id));
  for (const [s, shop] of approved.entries()) {
    const owner = actorFor(shop.ownerId, "shopOwner", shop.id);
    const stock = await db
      .select({ id: products.id, subcategoryId: products.subcategoryId })
      .from(products)
      .where(and(eq(products.shopId, shop.id), isNull(products.deletedAt), gt(products.stock, 0)))
      .orderBy(asc(products.createdAt), asc(products.id))
      .limit(12);
    const departments = (
      await db.select({ id: shopCategories.categoryId }).from(shopCategories).where(eq(shopCategories.shopId, shop.id))
    ).map((d) => d.id);
    const free = await freeProductOf(db, shop.id);
    for (const [p, plan] of PLANS.entries()) {
      const planned = CAMPAIGN_STREAMS.filter((c) => c.plan === plan.title && (!c.live || s === 0));
      if (!planned.length) continue;
      const [row] = await db
        .select({ campaign: campaigns, influencerId: campaignInfluencers.influencerId })
        .from(campaigns)
        .innerJoin(campaignInfluencers, eq(campaignInfluencers.campaignId, campaigns.id))
        .where(
          and(
            eq(campaigns.shopId, shop.id),
            eq(campaigns.title, plan.title),
            eq(campaignInfluencers.state, "accepted"),
          ),
        )
        .limit(1);
      if (!row?.campaign.startAt || !row.campaign.endAt) continue;
      const { campaign, influencerId } = row;
      const startAt = campaign.startAt!;
      // each stream shows three of the shop's products, the first at 15% off
      const shownOf = (k: number) =>
        stock.slice((k * 3) % Math.max(1, stock.length - 2), ((k * 3) % Math.max(1, stock.length - 2)) + 3);
      const subCategories = [
        ...new Set(planned.flatMap((_, k) => shownOf(p * 2 + k).map((product) => product.subcategoryId))),
      ];
      const feeCents = (plan.to < 0 ? 25_000 : 18_000) + s * 5_000;
      clock.now = new Date(startAt.getTime() - DAY);
      await seedTerms(deps, owner, campaign.id, influencerId, {
        feeCents,
        subCategories,
        free,
      });

      for (const [k, c] of planned.entries()) {
        const at = c.live
          ? new Date(now.getTime() - 25 * 60 * 1000)
          : new Date(Math.floor((now.getTime() + c.inDays * DAY) / QUARTER) * QUARTER + 2 * HOUR);
        const stream = await createStream(
          db,
          {
            shopId: shop.id,
            streamerId: influencerId,
            name: c.name,
            status: "broadcasting",
            startAt: at,
            endAt: new Date(at.getTime() + HOUR),
            startedAt: at,
            viewUrl: LIVE,
            image: await thumbnail(db, files, shop.ownerId, `${shop.name} ${c.name}`, (s * 53 + k * 71) % 360, at),
            video: RECORDINGS[k % 2],
            likes: c.likes,
            viewersCount: c.likes * 4,
            campaignId: campaign.id,
            createdBy: shop.ownerId,
            createdAt: new Date(startAt.getTime() - 2 * HOUR + k * 60_000),
            updatedAt: new Date(startAt.getTime() - 2 * HOUR + k * 60_000),
          },
          {
            categories: departments.slice(0, 2),
            products: shownOf(p * 2 + k).map((product, i) => ({
              productId: product.id,
              ...(i === 0 ? { promotionType: "percentage" as const, promotionPercent: 15 } : {}),
            })),
          },
        );
        // the orders, placed while the stream is live (so each carries the campaign); then it finishes
        const end = c.live ? now : new Date(at.getTime() + 50 * 60 * 1000);
        const count = Math.min(c.orders, Math.max(0, budget));
        const placed = await placeStreamOrders(db, files, stream.id, { count, from: at, to: end, skip: buyersUsed });
        budget -= placed.length;
        buyersUsed += placed.length;
        if (!c.live)
          await db
            .update(streams)
            .set({ status: "finished", finishedAt: end, viewUrl: null, streamVideo: RECORDINGS[(k + 1) % 2] })
            .where(eq(streams.id, stream.id));
        const refunded = c.refund === undefined ? undefined : placed[c.refund];
        if (refunded) {
          clock.now = new Date(Math.min(Date.parse(refunded.createdAt) + 2 * DAY, now.getTime()));
          const line = refunded.products[0]!;
          await refundLines(deps, owner, {
            orderId: refunded._id,
            productsEntryId: [line._id],
            reason: "Customer changed their mind",
          });
          // what the refund put back is written off, so the stock stays where the product seed put it
          await db
            .update(products)
            .set({ stock: sql`${products.stock} - ${line.quantity}` })
            .where(eq(products.id, line.productId));
          if (line.variationId)
            await db
              .update(productVariations)
              .set({ stock: sql`${productVariations.stock} - ${line.quantity}` })
              .where(eq(productVariations.id, line.variationId));
        }
      }

      // payments: a Past campaign settled in two payments (the fee, then the rest); an Ongoing one part of the fee
      const pending = async () => {
        const outline = await paymentOutline(deps, owner, { campaignId: campaign.id, limit: 50 });
        const mine = outline.data.find((r) => r.influencerId === influencerId);
        return Math.round((mine?.Pending ?? 0) * 100);
      };
      if (plan.to < 0) {
        clock.now = new Date(campaign.endAt!.getTime() + DAY);
        await addPayment(deps, owner, {
          campaignId: campaign.id,
          influencerId,
          amount: feeCents,
          note: "Fee, as agreed",
        });
        const rest = await pending();
        clock.now = new Date(campaign.endAt!.getTime() + 5 * DAY);
        if (rest >= 100)
          await addPayment(deps, owner, {
            campaignId: campaign.id,
            influencerId,
            amount: rest,
            note: "Sales commission",
          });
      } else {
        clock.now = new Date(now.getTime() - DAY);
        await addPayment(deps, owner, {
          campaignId: campaign.id,
          influencerId,
          amount: Math.round(feeCents * 0.4),
          note: "Fee, first part",
        });
      }
    }
  }
}
