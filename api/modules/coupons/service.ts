import { and, count, desc, eq, ilike, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { COUPON_IMAGE_PURPOSE, couponEndAt, couponStartAt } from "#contract/coupons/coupons";
import type { CouponEntity } from "#contract/coupons/coupons-api";
import {
  couponDataSchema,
  type AddCouponInput,
  type CouponData,
  type CouponListQuery,
  type CouponOrdersQuery,
} from "#contract/coupons/coupons-api";
import type { CouponStatus } from "#contract/coupons/coupons";
import { MSG } from "#contract/core/messages";
import { categories, coupons, orders, users } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { isUniqueViolation } from "#api/platform/data/db-errors";
import { ApiError, badRequest, fieldError, notFound, zodErrors } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";
import { toCents, toDollars } from "#api/platform/data/money";
import { likePattern, listPage, orderBy } from "#api/platform/data/list";
import { shopScope, visibleTo } from "#api/platform/auth/tenancy";
import { shopPartOfOrderTotal } from "#api/platform/data/order-totals";
import { checkNewImage } from "#api/modules/uploads";
import { checkTaxonomy } from "#api/modules/products";

// spec 2 §3, §5, §7 Coupon (ADR 0028). An admin's coupon is the platform's (shop_id null); an owner's or staff
// member's belongs to their shop. Admins see and edit every coupon; owners and staff only their shop's.
// Redemption (used, per-customer rules) belongs to POST order; this module never raises `used`.

const department = alias(categories, "department");
const category = alias(categories, "category");
const subcategory = alias(categories, "subcategory");

const joined = (deps: Deps, where: SQL | undefined) =>
  deps.db
    .select({
      coupon: coupons,
      departmentName: department.name,
      categoryName: category.name,
      subcategoryName: subcategory.name,
    })
    .from(coupons)
    .innerJoin(department, eq(department.id, coupons.departmentId))
    .innerJoin(category, eq(category.id, coupons.categoryId))
    .innerJoin(subcategory, eq(subcategory.id, coupons.subcategoryId))
    .where(where);
type Joined = Awaited<ReturnType<typeof joined>>[number];

function toEntity({ coupon: c, departmentName, categoryName, subcategoryName }: Joined): CouponEntity {
  return {
    _id: c.id,
    shopId: c.shopId,
    name: c.name,
    image: c.image,
    code: c.code,
    description: c.description,
    department: { _id: c.departmentId, name: departmentName },
    category: { _id: c.categoryId, name: categoryName },
    subcategory: { _id: c.subcategoryId, name: subcategoryName },
    minOrderPrice: toDollars(c.minOrderCents),
    quantity: c.quantity,
    used: c.used,
    start: c.startAt.toISOString(),
    end: c.endAt.toISOString(),
    discountType: c.discountType,
    discount: c.discountType === "flat" ? toDollars(c.discountCents ?? 0) : (c.discountPercent ?? 0),
    type: c.type,
    multi: c.multi,
    status: c.status,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The coupons this actor may see: every live one for an admin, their shop's for owners and staff (ADR 0028). */
const visible = (actor: Actor) => and(isNull(coupons.deletedAt), visibleTo(actor, coupons.shopId));

/** GET coupon: name or code search, sorted by an indexed column. */
export async function listCoupons(deps: Deps, actor: Actor, q: CouponListQuery) {
  const term = q.search ? likePattern(q.search) : null;
  const where = and(visible(actor), term ? or(ilike(coupons.name, term), ilike(coupons.code, term)) : undefined);
  const sorting = orderBy(
    q,
    {
      createdAt: coupons.createdAt,
      name: coupons.name,
      code: coupons.code,
      start: coupons.startAt,
      end: coupons.endAt,
    },
    coupons.id,
  );
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      joined(deps, where)
        .orderBy(...sorting)
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: coupons, where },
  );
  return { ...page, data: page.data.map(toEntity) };
}

/** One coupon this actor may see; another shop's is 404/1004 like one that does not exist. */
async function visibleCoupon(deps: Deps, actor: Actor, id: string) {
  const [row] = await joined(deps, and(eq(coupons.id, id), visible(actor)));
  if (!row) throw notFound();
  return row;
}

export async function couponDetails(deps: Deps, actor: Actor, id: string) {
  return toEntity(await visibleCoupon(deps, actor, id));
}

/**
 * The product form's rule (spec 2 §5, §6): department (level 0) → category (its child) → sub-category (its child); an
 * owner or staff member only from their shop's departments. The product rule names the category "categories".
 */
async function checkCouponTaxonomy(
  deps: Deps,
  actor: Actor,
  ids: { department: string; category: string; subcategory: string },
) {
  try {
    await checkTaxonomy(deps, actor, actor.shopId ?? "", {
      department: ids.department,
      categories: ids.category,
      subcategory: ids.subcategory,
    });
  } catch (error) {
    if (error instanceof ApiError && error.extra.errors?.categories) throw fieldError("category", error.message);
    throw error;
  }
}

/** The columns the form's data sets (money in cents, days as Sydney instants). */
function dataColumns(v: AddCouponInput | CouponData) {
  return {
    name: v.name,
    code: v.code,
    image: v.image,
    description: v.description ?? "",
    minOrderCents: toCents(v.minOrderPrice),
    quantity: v.quantity,
    startAt: couponStartAt(v.start),
    endAt: couponEndAt(v.end),
    discountType: v.discountType,
    discountCents: v.discountType === "flat" ? toCents(v.discount) : null,
    discountPercent: v.discountType === "percentage" ? v.discount : null,
    type: v.type,
    multi: v.multi,
  };
}

/** Runs a write; the unique index on live codes decides a clash, also between two simultaneous saves. */
async function uniqueCode<T>(write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("code", MSG.couponCodeTaken);
    throw error;
  }
}

/** POST coupon: an admin's coupon is the platform's; an owner's or staff member's is their shop's. */
export async function addCoupon(deps: Deps, actor: Actor, input: AddCouponInput) {
  await checkCouponTaxonomy(deps, actor, input);
  await checkNewImage(deps, actor, input.image, null, [COUPON_IMAGE_PURPOSE]);
  const now = deps.now();
  const id = newId();
  await uniqueCode(() =>
    deps.db.insert(coupons).values({
      id,
      // a platform coupon (null) for an admin, the caller's own shop's otherwise
      shopId: shopScope(actor),
      ...dataColumns(input),
      departmentId: input.department,
      categoryId: input.category,
      subcategoryId: input.subcategory,
      status: "active",
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    }),
  );
  return couponDetails(deps, actor, id);
}

/**
 * PUT coupon/{id} {id, data}: every field but department, category and sub-category (read-only, spec 2 §5). The
 * quantity never drops below the uses already made: the update is conditional on it, so a redemption that lands
 * between the read and the write cannot be lost.
 */
export async function updateCoupon(deps: Deps, actor: Actor, id: string, bodyId: string | undefined, data: CouponData) {
  if (bodyId && bodyId !== id) throw fieldError("id", MSG.couponIdMismatch);
  try {
    return await writeCoupon(deps, actor, id, data);
  } catch (error) {
    // the fields are the body's `data`: name them as its validation does (data.code, data.quantity…)
    if (error instanceof ApiError && error.extra.errors) {
      const errors = Object.fromEntries(Object.entries(error.extra.errors).map(([k, v]) => [`data.${k}`, v]));
      throw new ApiError(error.status, error.message, { ...error.extra, errors });
    }
    throw error;
  }
}

async function writeCoupon(deps: Deps, actor: Actor, id: string, data: CouponData) {
  const current = await visibleCoupon(deps, actor, id);
  await checkNewImage(deps, actor, data.image, current.coupon.image, [COUPON_IMAGE_PURPOSE]);
  const [row] = await uniqueCode(() =>
    deps.db
      .update(coupons)
      .set({ ...dataColumns(data), status: data.status, updatedAt: deps.now() })
      .where(and(eq(coupons.id, id), visible(actor), sql`${coupons.used} <= ${data.quantity}`))
      .returning({ id: coupons.id }),
  );
  if (!row) {
    const still = await visibleCoupon(deps, actor, id);
    throw badRequest(MSG.couponQuantityBelowUsed(still.coupon.used), {
      quantity: [MSG.couponQuantityBelowUsed(still.coupon.used)],
    });
  }
  return couponDetails(deps, actor, id);
}

/**
 * Publish (active) or unpublish (inactive) a coupon: the edit form's save (PUT coupon/{id}) with the coupon's own values
 * and the new status, so every rule of an edit holds (a coupon the edit form could not save cannot change status either).
 */
export async function setCouponStatus(deps: Deps, actor: Actor, id: string, status: CouponStatus) {
  const current = await couponDetails(deps, actor, id);
  const data = couponDataSchema.safeParse({ ...current, status });
  if (!data.success) {
    const errors = zodErrors(data.error);
    throw badRequest(Object.values(errors)[0]?.[0] ?? MSG.somethingWrong, errors);
  }
  return updateCoupon(deps, actor, id, id, data.data);
}

/**
 * DELETE coupon/{id}: soft, like a product's; orders that used it keep it (their figures and coupon code), it no longer
 * counts in the coupon stats, and its code is free for a new coupon (the unique index is on live codes).
 */
export async function deleteCoupon(deps: Deps, actor: Actor, id: string) {
  const now = deps.now();
  const [row] = await deps.db
    .update(coupons)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(coupons.id, id), visible(actor)))
    .returning({ id: coupons.id, name: coupons.name });
  if (!row) throw notFound();
  return { _id: row.id, name: row.name };
}

const sum = (column: AnyPgColumn | SQL) => sql<number>`coalesce(sum(${column}), 0)::bigint`;

/**
 * What an order that used a coupon counts for the caller: the whole order for an admin; for owners and staff their
 * shop's part of it (an order may hold other shops' lines too, and one shop never sees another's figures).
 */
const orderTotalFor = (actor: Actor): AnyPgColumn | SQL => {
  const shopId = shopScope(actor);
  return shopId ? shopPartOfOrderTotal(shopId) : orders.totalCents;
};

/**
 * GET coupon/stats: active, inactive and expired counts of the coupons this actor sees (expired: the end is past,
 * whatever the status; active and inactive count the others, ADR 0028), and over the live orders that used one of
 * them, the coupon discounts and order totals by order type.
 */
export async function couponStats(deps: Deps, actor: Actor) {
  const now = deps.now();
  const expired = lt(coupons.endAt, now);
  const [counts] = await deps.db
    .select({
      active: sql<number>`count(*) filter (where ${coupons.status} = 'active' and not ${expired})`,
      inactive: sql<number>`count(*) filter (where ${coupons.status} <> 'active' and not ${expired})`,
      expired: sql<number>`count(*) filter (where ${expired})`,
    })
    .from(coupons)
    .where(visible(actor));
  const totals = await deps.db
    .select({
      orderType: orders.orderType,
      discount: sum(orders.couponDiscountCents),
      total: sum(orderTotalFor(actor)),
    })
    .from(orders)
    .innerJoin(coupons, eq(coupons.id, orders.couponId))
    .where(and(isNull(orders.deletedAt), visible(actor)))
    .groupBy(orders.orderType);
  const of = (type: string) => totals.find((t) => t.orderType === type) ?? { discount: 0, total: 0 };
  return {
    active: Number(counts.active),
    inactive: Number(counts.inactive),
    expired: Number(counts.expired),
    onlineCouponDiscountTotal: toDollars(Number(of("online").discount)),
    offlineCouponDiscountTotal: toDollars(Number(of("offline").discount)),
    onlineOrderTotal: toDollars(Number(of("online").total)),
    offlineOrderTotal: toDollars(Number(of("offline").total)),
  };
}

/** GET coupon/orders/{couponId}: the live orders that used the coupon, newest first (spec 2 §3 Coupon order). */
export async function couponOrders(deps: Deps, actor: Actor, couponId: string, q: CouponOrdersQuery) {
  await visibleCoupon(deps, actor, couponId);
  const where = and(eq(orders.couponId, couponId), isNull(orders.deletedAt));
  const page = await listPage(
    { sort: "createdAt", sortType: "desc", limit: q.limit, skip: q.skip },
    ({ limit, offset }) =>
      deps.db
        .select({
          order: orders,
          buyerName: users.fName,
          buyerImage: users.image,
          totalCents: sql<number>`${orderTotalFor(actor)}`.mapWith(Number),
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.buyerId))
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: orders, where },
  );
  return {
    ...page,
    data: page.data.map(({ order: o, buyerName, buyerImage, totalCents }) => ({
      _id: o.id,
      orderId: o.orderNumber,
      buyerId: { _id: o.buyerId, fName: buyerName, image: buyerImage },
      orderType: o.orderType,
      total: toDollars(totalCents),
      couponDiscount: toDollars(o.couponDiscountCents),
      createdAt: o.createdAt.toISOString(),
    })),
  };
}

/** GET coupon/order/stats/{id}: that coupon's live orders: how many, the discount given and the order totals. */
export async function couponOrderStats(deps: Deps, actor: Actor, couponId: string) {
  await visibleCoupon(deps, actor, couponId);
  const [row] = await deps.db
    .select({ orderCount: count(), discount: sum(orders.couponDiscountCents), total: sum(orderTotalFor(actor)) })
    .from(orders)
    .where(and(eq(orders.couponId, couponId), isNull(orders.deletedAt)));
  return {
    orderCount: Number(row.orderCount),
    discountTotal: toDollars(Number(row.discount)),
    orderTotal: toDollars(Number(row.total)),
  };
}
