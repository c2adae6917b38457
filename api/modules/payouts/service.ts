import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import { CAMPAIGN_VARIATION_QUANTITY_LIMIT, campaignStatus, type PayoutStatus } from "#contract/campaigns/campaigns";
import type {
  AddPayment,
  MyPayoutQuery,
  MyPayoutRow,
  MyTransaction,
  PaymentOutlineQuery,
  PaymentQuery,
  PayoutChange,
  PayoutDetailRow,
  PayoutRow,
  PayoutTerms,
  Transaction,
  UpdatePayment,
} from "#contract/campaigns/payouts-api";
import {
  campaignInfluencers,
  campaignPayoutCommissions,
  campaignPayoutProducts,
  campaignPayouts,
  campaignTransactions,
  campaigns,
  categories,
  productVariations,
  products,
  shops,
  streams,
  users,
} from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import { visibleTo } from "#api/platform/auth/tenancy";
import { inTransaction, type Deps } from "#api/platform/deps";
import { badRequest, fieldError, notFound } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";
import { toDollars } from "#api/platform/data/money";
import { formatPrice } from "#contract/products/products";

// spec 3 §3 payout terms, Payout row, Payout detail row, Transaction; §5 Payout terms, Payment; §7 Payouts, Payments
// and transactions (ADR 0060). What an influencer is owed for a campaign is the fee of their terms plus the sales
// commission earned: on the lines of the campaign's shop in orders placed during the campaign's streams they presented
// (`orders.campaign_id`, set when the order was placed while the stream was live), by the line's sub-category, on what
// the customer paid for the line before tax; a refunded line earns nothing. Every sum is SQL over those rows.
//
// The rule of ADR 0060: what has been paid never exceeds what is owed at the moment of a payment or of a change of
// terms. Every such write locks the influencer's membership row first (FOR UPDATE), so the writes for one influencer
// and campaign run one at a time, and checks owed ≥ paid before it commits; a refund after a payment can still lower
// what is owed below it (status `overpaid`, a credit for the shop).

/** A campaign the caller's shop may see, with its dates (404 for another shop's, as for one that does not exist). */
export async function campaignFor(deps: Deps, actor: Actor, campaignId: string) {
  const [campaign] = await deps.db
    .select({ id: campaigns.id, shopId: campaigns.shopId, startAt: campaigns.startAt, endAt: campaigns.endAt })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), isNull(campaigns.deletedAt), visibleTo(actor, campaigns.shopId)));
  if (!campaign) throw notFound();
  return campaign;
}

/** The influencer's membership of the campaign, locked for the rest of the transaction when `lock`. */
async function membership(deps: Deps, campaignId: string, influencerId: string, lock: boolean) {
  const query = deps.db
    .select({ id: campaignInfluencers.id, state: campaignInfluencers.state })
    .from(campaignInfluencers)
    .where(and(eq(campaignInfluencers.campaignId, campaignId), eq(campaignInfluencers.influencerId, influencerId)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The accepted member whose terms or payments change, locked (ADR 0060): others are refused. */
async function lockedMember(deps: Deps, campaignId: string, influencerId: string) {
  const member = await membership(deps, campaignId, influencerId, true);
  if (!member) throw notFound();
  if (member.state !== "accepted") throw badRequest(MSG.payoutNotAccepted);
  return member;
}

/** Commission earned (cents) by the member row in scope: see the note at the top. */
const commissionCents = sql<number>`coalesce((
  select sum(round((ol.line_cents - ol.coupon_discount_cents) * pc.percent / 100.0))
  from orders o
  join streams s on s.id = o.stream_id
  join order_lines ol on ol.order_id = o.id and ol.shop_id = ${campaignInfluencers.shopId} and not ol.is_refunded
  join campaign_payout_commissions pc on pc.payout_id = ${campaignPayouts.id} and pc.sub_category_id = ol.category_id
  where o.campaign_id = ${campaignInfluencers.campaignId} and s.streamer_id = ${campaignInfluencers.influencerId}
    and o.deleted_at is null
), 0)`.mapWith(Number);

const paidCents = sql<number>`coalesce((
  select sum(t.amount_cents) from campaign_transactions t
  where t.campaign_id = ${campaignInfluencers.campaignId} and t.influencer_id = ${campaignInfluencers.influencerId}
    and t.deleted_at is null
), 0)`.mapWith(Number);

/**
 * Owed (fee + commission), paid, the influencer's contact and the campaign, per accepted member: of one campaign, of
 * one influencer's campaigns (their app's payouts), or one member (campaign and influencer).
 */
function sums(
  deps: Deps,
  of: { campaignId: string; influencerId?: string } | { influencerId: string; campaignId?: string },
) {
  return deps.db
    .select({
      influencerId: campaignInfluencers.influencerId,
      fName: users.fName,
      email: users.email,
      countryCode: users.countryCode,
      mobile: users.mobile,
      campaign: {
        id: campaigns.id,
        title: campaigns.title,
        isDraft: campaigns.isDraft,
        startAt: campaigns.startAt,
        endAt: campaigns.endAt,
      },
      shop: { id: shops.id, name: shops.name },
      feeCents: sql<number>`coalesce(${campaignPayouts.feeCents}, 0)`.mapWith(Number),
      commissionCents,
      paidCents,
    })
    .from(campaignInfluencers)
    .innerJoin(users, eq(users.id, campaignInfluencers.influencerId))
    .innerJoin(campaigns, eq(campaigns.id, campaignInfluencers.campaignId))
    .innerJoin(shops, eq(shops.id, campaignInfluencers.shopId))
    .leftJoin(
      campaignPayouts,
      and(
        eq(campaignPayouts.campaignId, campaignInfluencers.campaignId),
        eq(campaignPayouts.influencerId, campaignInfluencers.influencerId),
      ),
    )
    .where(
      and(
        of.campaignId ? eq(campaignInfluencers.campaignId, of.campaignId) : undefined,
        of.influencerId ? eq(campaignInfluencers.influencerId, of.influencerId) : undefined,
        eq(campaignInfluencers.state, "accepted"),
        isNull(campaigns.deletedAt),
      ),
    )
    .orderBy(asc(campaignInfluencers.acceptedAt), asc(campaignInfluencers.id));
}

const payoutStatus = (pendingCents: number): PayoutStatus =>
  pendingCents > 0 ? "pending" : pendingCents === 0 ? "settled" : "overpaid";

/**
 * Fails the transaction when what is paid would exceed what is owed (ADR 0060): for a change of terms, or for a
 * payment of `paymentCents` (the refusal says what was still owed without it).
 */
async function assertPaidWithinOwed(
  deps: Deps,
  campaignId: string,
  influencerId: string,
  check: { terms: true } | { paymentCents: number },
) {
  const [row] = await sums(deps, { campaignId, influencerId });
  const owed = row.feeCents + row.commissionCents;
  if (row.paidCents <= owed) return;
  if ("terms" in check) throw badRequest(MSG.payoutTermsBelowPaid);
  const pending = Math.max(0, owed - (row.paidCents - check.paymentCents));
  throw fieldError("amount", MSG.paymentExceedsOwed(formatPrice(toDollars(pending))));
}

/** GET campaign/payment-outline: the payouts table (spec 3 §3 Payout row). */
export async function paymentOutline(deps: Deps, actor: Actor, q: PaymentOutlineQuery) {
  const campaign = await campaignFor(deps, actor, q.campaignId);
  const rows = await sums(deps, { campaignId: campaign.id }).limit(q.limit + 1);
  const data = rows.slice(0, q.limit).map((r): PayoutRow => {
    const owed = r.feeCents + r.commissionCents;
    return {
      influencer: { fName: r.fName, email: r.email, countryCode: r.countryCode, mobile: r.mobile },
      Total: toDollars(owed),
      Paid: toDollars(r.paidCents),
      Pending: toDollars(owed - r.paidCents),
      status: payoutStatus(owed - r.paidCents),
      influencerId: r.influencerId,
      campaignId: campaign.id,
    };
  });
  return { data, count: data.length, isNext: rows.length > q.limit };
}

/** The terms of an influencer in a campaign, as stored (an empty set before the first save). */
async function termsOf(
  deps: Deps,
  campaign: { id: string; shopId: string },
  influencerId: string,
): Promise<PayoutTerms> {
  const [payout] = await deps.db
    .select()
    .from(campaignPayouts)
    .where(and(eq(campaignPayouts.campaignId, campaign.id), eq(campaignPayouts.influencerId, influencerId)));
  const empty = { campaignId: campaign.id, influencerId, shopId: campaign.shopId };
  if (!payout) return { _id: null, ...empty, fee: 0, freeProducts: [], salesCommission: [] };
  const [free, rows] = await Promise.all([
    deps.db
      .select({ row: campaignPayoutProducts, product: products, variant: productVariations.variant })
      .from(campaignPayoutProducts)
      .innerJoin(products, eq(products.id, campaignPayoutProducts.productId))
      .leftJoin(productVariations, eq(productVariations.id, campaignPayoutProducts.variationId))
      .where(eq(campaignPayoutProducts.payoutId, payout.id))
      .orderBy(asc(campaignPayoutProducts.createdAt), asc(campaignPayoutProducts.id)),
    deps.db
      .select({ row: campaignPayoutCommissions, name: categories.name })
      .from(campaignPayoutCommissions)
      .innerJoin(categories, eq(categories.id, campaignPayoutCommissions.subCategoryId))
      .where(eq(campaignPayoutCommissions.payoutId, payout.id))
      .orderBy(asc(campaignPayoutCommissions.position), asc(campaignPayoutCommissions.id)),
  ]);
  return {
    _id: payout.id,
    ...empty,
    fee: toDollars(payout.feeCents),
    freeProducts: free.map(({ row, product, variant }) => ({
      _id: row.id,
      productId: {
        _id: product.id,
        name: product.name,
        defaultImage: product.defaultImage,
        stock: product.stock,
        price: toDollars(product.priceCents),
      },
      variationId: row.variationId,
      variantName: variant,
      quantity: row.quantity,
    })),
    salesCommission: rows.map(({ row, name }) => ({
      _id: row.id,
      subCategory: { _id: row.subCategoryId, name },
      commission: row.percent,
    })),
  };
}

/** GET campaign/payout/{campaignId}/{influencerId}: a member's terms (any state: the card shows them read-only). */
export async function payoutTerms(deps: Deps, actor: Actor, campaignId: string, influencerId: string) {
  const campaign = await campaignFor(deps, actor, campaignId);
  if (!(await membership(deps, campaign.id, influencerId, false))) throw notFound();
  return termsOf(deps, campaign, influencerId);
}

/** The free products an add-product names: the product of the shop, and per variation the quantity checked. */
async function freeRows(
  deps: Deps,
  shopId: string,
  free: NonNullable<PayoutChange["freeProduct"]>,
): Promise<{ variationId: string | null; quantity: number }[]> {
  const [product] = await deps.db
    .select({ id: products.id, stock: products.stock, isVariationAvailable: products.isVariationAvailable })
    .from(products)
    .where(and(eq(products.id, free.productId), eq(products.shopId, shopId), isNull(products.deletedAt)));
  if (!product) throw fieldError("freeProduct.productId", MSG.payoutProductUnknown);
  if (!product.isVariationAvailable) {
    const quantity = free.quantity;
    if (quantity === undefined || !Number.isInteger(quantity) || quantity < 1 || quantity > product.stock)
      throw fieldError("freeProduct.quantity", MSG.payoutQuantityInvalid);
    return [{ variationId: null, quantity }];
  }
  const asked = free.variations ?? [];
  const variations = asked.length
    ? await deps.db
        .select({ id: productVariations.id, variant: productVariations.variant, stock: productVariations.stock })
        .from(productVariations)
        .where(
          and(
            eq(productVariations.productId, product.id),
            inArray(
              productVariations.id,
              asked.map((v) => v.variationId),
            ),
          ),
        )
    : [];
  const chosen: { variationId: string; quantity: number }[] = [];
  for (const [i, a] of asked.entries()) {
    const variation = variations.find((v) => v.id === a.variationId);
    if (!variation) throw fieldError(`freeProduct.variations.${i}.variationId`, MSG.payoutProductUnknown);
    const name = variation.variant.replace(/_/g, " / ");
    if (!Number.isInteger(a.quantity) || a.quantity < 0 || a.quantity >= CAMPAIGN_VARIATION_QUANTITY_LIMIT)
      throw fieldError(`freeProduct.variations.${i}.quantity`, MSG.payoutVariantQuantityInvalid(name));
    if (a.quantity > variation.stock)
      throw fieldError(`freeProduct.variations.${i}.quantity`, MSG.payoutVariantOverStock(name));
    if (a.quantity > 0) chosen.push({ variationId: variation.id, quantity: a.quantity });
  }
  if (!chosen.length) throw fieldError("freeProduct.variations", MSG.payoutQuantityInvalid);
  return chosen;
}

/**
 * POST and PUT campaign/payout/{campaignId}/{influencerId}: saves the fee, replaces the commission rows, or adds or
 * removes a free product, for an accepted member (the terms are made on the first save). One transaction, under the
 * member's lock; refused when the influencer would then have been paid more than is owed (ADR 0060).
 */
export async function changePayout(
  deps: Deps,
  actor: Actor,
  campaignId: string,
  influencerId: string,
  change: PayoutChange,
) {
  const campaign = await campaignFor(deps, actor, campaignId);
  return inTransaction(deps, async (tx) => {
    await lockedMember(tx, campaign.id, influencerId);
    const now = tx.now();
    const [existing] = await tx.db
      .select({ id: campaignPayouts.id })
      .from(campaignPayouts)
      .where(and(eq(campaignPayouts.campaignId, campaign.id), eq(campaignPayouts.influencerId, influencerId)));
    const payoutId = existing?.id ?? newId();
    if (!existing)
      await tx.db.insert(campaignPayouts).values({
        id: payoutId,
        campaignId: campaign.id,
        shopId: campaign.shopId,
        influencerId,
        feeCents: change.fee ?? 0,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      });
    else if (change.fee !== undefined)
      await tx.db
        .update(campaignPayouts)
        .set({ feeCents: change.fee, updatedAt: now })
        .where(eq(campaignPayouts.id, payoutId));

    if (change.salesCommission) {
      const ids = [...new Set(change.salesCommission.map((r) => r.subCategory))];
      const leaves = ids.length
        ? await tx.db
            .select({ id: categories.id })
            .from(categories)
            .where(and(inArray(categories.id, ids), eq(categories.level, 2)))
        : [];
      change.salesCommission.forEach((row, i) => {
        if (!leaves.some((l) => l.id === row.subCategory))
          throw fieldError(`salesCommission.${i}.subCategory`, MSG.payoutCategoryUnknown);
      });
      await tx.db.delete(campaignPayoutCommissions).where(eq(campaignPayoutCommissions.payoutId, payoutId));
      if (change.salesCommission.length)
        await tx.db.insert(campaignPayoutCommissions).values(
          change.salesCommission.map((row, position) => ({
            id: newId(),
            payoutId,
            shopId: campaign.shopId,
            subCategoryId: row.subCategory,
            percent: row.commission,
            position,
            createdAt: now,
            updatedAt: now,
          })),
        );
    }

    if (change.action === "add-product" && change.freeProduct) {
      const { productId } = change.freeProduct;
      const rows = await freeRows(tx, campaign.shopId, change.freeProduct);
      // adding a product again sets its quantities anew (under the member's lock, so no other save interleaves)
      await tx.db
        .delete(campaignPayoutProducts)
        .where(and(eq(campaignPayoutProducts.payoutId, payoutId), eq(campaignPayoutProducts.productId, productId)));
      await tx.db.insert(campaignPayoutProducts).values(
        rows.map((row) => ({
          id: newId(),
          payoutId,
          shopId: campaign.shopId,
          productId,
          variationId: row.variationId,
          quantity: row.quantity,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    if (change.action === "remove-product" && change.freeProduct)
      await tx.db
        .delete(campaignPayoutProducts)
        .where(
          and(
            eq(campaignPayoutProducts.payoutId, payoutId),
            eq(campaignPayoutProducts.productId, change.freeProduct.productId),
            change.freeProduct.variationId
              ? eq(campaignPayoutProducts.variationId, change.freeProduct.variationId)
              : undefined,
          ),
        );

    await assertPaidWithinOwed(tx, campaign.id, influencerId, { terms: true });
    return termsOf(tx, campaign, influencerId);
  });
}

const toTransaction = (t: typeof campaignTransactions.$inferSelect): Transaction => ({
  _id: t.id,
  campaignId: t.campaignId,
  influencerId: t.influencerId,
  createdAt: t.createdAt.toISOString(),
  amount: toDollars(t.amountCents),
  note: t.note,
});

/** GET campaign/payment: one member's transactions, or their payout detail rows (isPayment false). */
export async function payments(deps: Deps, actor: Actor, q: PaymentQuery) {
  const campaign = await campaignFor(deps, actor, q.campaignId);
  if (!(await membership(deps, campaign.id, q.influencerId, false))) throw notFound();
  const rows =
    q.isPayment === "true" ? await transactionsOf(deps, campaign.id, q) : await detailOf(deps, campaign.id, q);
  const data = rows.slice(0, q.limit);
  return { data, count: data.length, isNext: rows.length > q.limit };
}

async function transactionsOf(deps: Deps, campaignId: string, q: PaymentQuery) {
  const rows = await deps.db
    .select()
    .from(campaignTransactions)
    .where(
      and(
        eq(campaignTransactions.campaignId, campaignId),
        eq(campaignTransactions.influencerId, q.influencerId),
        isNull(campaignTransactions.deletedAt),
      ),
    )
    .orderBy(desc(campaignTransactions.createdAt), desc(campaignTransactions.id))
    .limit(q.limit + 1);
  return rows.map(toTransaction);
}

/** spec 3 §3 Payout detail row: the fee (when there is one) and the commission each of their streams earned. */
async function detailOf(deps: Deps, campaignId: string, q: PaymentQuery): Promise<PayoutDetailRow[]> {
  const [payout] = await deps.db
    .select({ feeCents: campaignPayouts.feeCents, createdAt: campaignPayouts.createdAt })
    .from(campaignPayouts)
    .where(and(eq(campaignPayouts.campaignId, campaignId), eq(campaignPayouts.influencerId, q.influencerId)));
  const earned = await deps.db
    .select({
      id: streams.id,
      name: streams.name,
      startAt: streams.startAt,
      cents: sql<number>`coalesce((
        select sum(round((ol.line_cents - ol.coupon_discount_cents) * pc.percent / 100.0))
        from orders o
        join order_lines ol on ol.order_id = o.id and ol.shop_id = streams.shop_id and not ol.is_refunded
        join campaign_payouts p on p.campaign_id = ${campaignId} and p.influencer_id = ${q.influencerId}
        join campaign_payout_commissions pc on pc.payout_id = p.id and pc.sub_category_id = ol.category_id
        where o.stream_id = streams.id and o.campaign_id = ${campaignId} and o.deleted_at is null
      ), 0)`.mapWith(Number),
    })
    .from(streams)
    .where(and(eq(streams.campaignId, campaignId), eq(streams.streamerId, q.influencerId)))
    .orderBy(desc(streams.startAt), desc(streams.id))
    .limit(q.limit + 1);
  const rows: PayoutDetailRow[] = earned.map((s) => ({
    createdAt: s.startAt.toISOString(),
    streamId: { _id: s.id, name: s.name },
    for: "commission",
    amount: toDollars(s.cents),
  }));
  if (payout && payout.feeCents > 0)
    rows.push({
      createdAt: payout.createdAt.toISOString(),
      streamId: null,
      for: "fee",
      amount: toDollars(payout.feeCents),
    });
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** POST campaign/payment: a payment to an accepted member, never past what is owed (ADR 0060). */
export async function addPayment(deps: Deps, actor: Actor, body: AddPayment) {
  const campaign = await campaignFor(deps, actor, body.campaignId);
  return inTransaction(deps, async (tx) => {
    await lockedMember(tx, campaign.id, body.influencerId);
    const now = tx.now();
    const [row] = await tx.db
      .insert(campaignTransactions)
      .values({
        id: newId(),
        campaignId: campaign.id,
        shopId: campaign.shopId,
        influencerId: body.influencerId,
        amountCents: body.amount,
        note: body.note,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await assertPaidWithinOwed(tx, campaign.id, body.influencerId, { paymentCents: body.amount });
    return toTransaction(row);
  });
}

/** A live transaction of a campaign the caller sees. */
async function transactionFor(deps: Deps, actor: Actor, transactionId: string) {
  const [row] = await deps.db
    .select()
    .from(campaignTransactions)
    .where(
      and(
        eq(campaignTransactions.id, transactionId),
        isNull(campaignTransactions.deletedAt),
        visibleTo(actor, campaignTransactions.shopId),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** PUT campaign/payment/{transactionId}: a new amount or note; the new amount too stays within what is owed. */
export async function updatePayment(deps: Deps, actor: Actor, transactionId: string, body: UpdatePayment) {
  const found = await transactionFor(deps, actor, transactionId);
  return inTransaction(deps, async (tx) => {
    await membership(tx, found.campaignId, found.influencerId, true);
    const [row] = await tx.db
      .update(campaignTransactions)
      .set({ amountCents: body.amount, note: body.note, updatedAt: tx.now() })
      .where(and(eq(campaignTransactions.id, found.id), isNull(campaignTransactions.deletedAt)))
      .returning();
    if (!row) throw notFound();
    // a lower amount always stands; a higher one must stay within what is owed beside the other payments
    if (body.amount > found.amountCents)
      await assertPaidWithinOwed(tx, found.campaignId, found.influencerId, { paymentCents: body.amount });
    return toTransaction(row);
  });
}

/** DELETE campaign/payment/{transactionId}: the transaction goes (kept, marked deleted); sums skip it. */
export async function deletePayment(deps: Deps, actor: Actor, transactionId: string) {
  const found = await transactionFor(deps, actor, transactionId);
  const [row] = await deps.db
    .update(campaignTransactions)
    .set({ deletedAt: deps.now(), updatedAt: deps.now() })
    .where(and(eq(campaignTransactions.id, found.id), isNull(campaignTransactions.deletedAt)))
    .returning({ id: campaignTransactions.id });
  if (!row) throw notFound();
  return { _id: row.id };
}

// The influencers' app door (ADR 0057): the signed-in influencer's own payouts and payments, read only. The influencer
// comes from the token; a campaign they are not accepted in answers 404, as one that does not exist.

type CampaignRef = { id: string; title: string; isDraft: boolean; startAt: Date | null; endAt: Date | null };
const campaignRef = (c: CampaignRef, now: Date) => ({
  _id: c.id,
  title: c.title,
  status: campaignStatus(
    { isDraft: c.isDraft, start: c.startAt?.toISOString() ?? null, end: c.endAt?.toISOString() ?? null },
    now,
  ),
  start: c.startAt?.toISOString() ?? null,
  end: c.endAt?.toISOString() ?? null,
});

/** GET influencer/payout: per campaign the caller is accepted in, what the shop's payouts table counts for them. */
export async function myPayouts(deps: Deps, influencerId: string, q: MyPayoutQuery) {
  const rows = await sums(deps, { influencerId, campaignId: q.campaignId }).limit(q.limit + 1);
  if (q.campaignId && !rows.length) throw notFound();
  const now = deps.now();
  const data = rows.slice(0, q.limit).map((r): MyPayoutRow => {
    const owed = r.feeCents + r.commissionCents;
    return {
      campaign: campaignRef(r.campaign, now),
      shop: { _id: r.shop.id, name: r.shop.name },
      fee: toDollars(r.feeCents),
      commission: toDollars(r.commissionCents),
      Total: toDollars(owed),
      Paid: toDollars(r.paidCents),
      Pending: toDollars(owed - r.paidCents),
      status: payoutStatus(owed - r.paidCents),
    };
  });
  return { data, count: data.length, isNext: rows.length > q.limit };
}

/** GET influencer/payment: the payments made to the caller (of one of their campaigns), newest first. */
export async function myTransactions(deps: Deps, influencerId: string, q: MyPayoutQuery) {
  if (q.campaignId) {
    const member = await membership(deps, q.campaignId, influencerId, false);
    if (!member) throw notFound();
  }
  const rows = await deps.db
    .select({ t: campaignTransactions, campaign: campaigns, shop: { id: shops.id, name: shops.name } })
    .from(campaignTransactions)
    .innerJoin(campaigns, eq(campaigns.id, campaignTransactions.campaignId))
    .innerJoin(shops, eq(shops.id, campaignTransactions.shopId))
    .where(
      and(
        eq(campaignTransactions.influencerId, influencerId),
        q.campaignId ? eq(campaignTransactions.campaignId, q.campaignId) : undefined,
        isNull(campaignTransactions.deletedAt),
        isNull(campaigns.deletedAt),
      ),
    )
    .orderBy(desc(campaignTransactions.createdAt), desc(campaignTransactions.id))
    .limit(q.limit + 1);
  const now = deps.now();
  const data = rows.slice(0, q.limit).map((r): MyTransaction => ({
    ...toTransaction(r.t),
    campaign: campaignRef(r.campaign, now),
    shop: { _id: r.shop.id, name: r.shop.name },
  }));
  return { data, count: data.length, isNext: rows.length > q.limit };
}
