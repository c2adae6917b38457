import { Faker, en } from "@faker-js/faker";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { COUPON_IMAGE_PURPOSE, couponEndAt, couponStartAt } from "#contract/coupons/coupons";
import { zoneDay } from "#contract/core/days";
import type { QuickTag } from "#contract/orders/order-views";
import type { Permission } from "#contract/access/roles";
import { placeOrder, refundLines, updateOrder } from "#api/modules/orders";
import { ApiError } from "#api/platform/http/http";
import { rememberCustomers } from "#api/modules/customers";
import { unitPriceCents } from "#api/modules/products";
import { uploadKey } from "#api/modules/uploads";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { newId } from "#api/platform/data/ids";
import { ledgerPayments } from "#api/platform/providers/payments";
import { readSettings, SETTINGS } from "#server-shared/settings";
import type { Database } from "../client";
import {
  coupons,
  customerNotes,
  orderNotes,
  products,
  productVariations,
  shopStaff,
  shops,
  staffPermissions,
  streamProducts,
  streams,
  uploads,
  users,
  wishlistItems,
} from "../schema";
import { storeSeedFile, type SeedFiles } from "./catalogue";
import { createUser } from "./factories";
import { categoryImage, randomFrom } from "./images";

// Demo orders and what shops keep about their customers. Every order is placed by the order service
// (placeOrder: stock, coupon, tax, commission, payment on the embedded ledger) and every status and refund goes
// through the services of PUT order/{id} and PUT payment/refund, so the demo holds only what the API could have made.
// The plan (who buys what, when, with which coupon, how far each shop took it) is drawn first from a seeded random
// source, the stock it needs is put on the shelves, then the plan is played in time order, an order at a time.

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** How many orders the demo has, over the last 12 months (at least 5,000). */
export const DEMO_ORDERS = 5200;
/** Demo customers who buy (the seed's first customers are among them). */
const BUYERS = 200;
/** Customers each demo shop registered that have not ordered yet. */
const REGISTERED_PER_SHOP = 3;

const CITIES = [
  "Sydney",
  "Melbourne",
  "Brisbane",
  "Perth",
  "Adelaide",
  "Hobart",
  "Canberra",
  "Gold Coast",
  "Newcastle",
  "Geelong",
  "Wollongong",
  "Darwin",
];
const REFUND_REASONS = [
  "Arrived damaged",
  "Wrong size, customer returned it",
  "Out of stock at packing",
  "Customer changed their mind",
  "Colour not as pictured",
  "Parcel lost in transit",
];
const ORDER_NOTES = [
  "Please leave the parcel at the side door.",
  "Gift: no prices on the packing slip, please.",
  "Customer asked to combine with their next order if possible.",
  "Called the customer: they will collect after 5 pm.",
  "Packed with extra padding, fragile.",
  "Customer asked for gift wrapping.",
];
const CUSTOMER_NOTES = [
  "Prefers pick-up on Saturdays.",
  "Regular at our Thursday live streams.",
  "Asked to be told when the new season arrives.",
  "Allergic to lanolin: check ingredients before recommending.",
  "Usually buys as gifts; offer gift wrapping.",
  "Returned an item once, very polite about it.",
  "Likes earthy colours, sizes M/L.",
  "Happy to get a call when stock comes back.",
];

/**
 * The demo coupons: every type (firstTime, one, multi), every display state (Published, Unpublished, Expired), the
 * platform's and shops' own, flat and percentage. `shop` is the index of an approved shop (null: an admin's coupon
 * for every shop); days are relative to the seed's time; `finalStatus` is set after the orders were placed (a shop
 * unpublishing a coupon it had run).
 */
interface CouponPlan {
  code: string;
  name: string;
  shop: number | null;
  type: "firstTime" | "one" | "multi";
  multi?: number | null;
  flat?: number;
  percent?: number;
  minOrder: number;
  quantity: number;
  startDays: number;
  endDays: number;
  finalStatus: "active" | "inactive";
  /** the share of eligible orders offered this coupon */
  take: number;
}
const COUPONS: CouponPlan[] = [
  {
    code: "WELCOME10",
    name: "Welcome to LiveShop",
    shop: null,
    type: "firstTime",
    percent: 10,
    minOrder: 20,
    quantity: 2000,
    startDays: -370,
    endDays: 200,
    finalStatus: "active",
    take: 0.5,
  },
  {
    code: "SPRING15",
    name: "Spring into savings",
    shop: null,
    type: "one",
    flat: 15,
    minOrder: 80,
    quantity: 400,
    startDays: -260,
    endDays: -170,
    finalStatus: "active",
    take: 0.25,
  },
  {
    code: "FLASH5",
    name: "Flash Friday",
    shop: null,
    type: "multi",
    multi: 2,
    flat: 5,
    minOrder: 30,
    quantity: 300,
    startDays: -120,
    endDays: 60,
    finalStatus: "inactive",
    take: 0.2,
  },
  {
    code: "HARBOUR20",
    name: "Harbour regulars",
    shop: 0,
    type: "multi",
    multi: 3,
    percent: 20,
    minOrder: 50,
    quantity: 500,
    startDays: -200,
    endDays: 120,
    finalStatus: "active",
    take: 0.2,
  },
  {
    code: "THREADS10",
    name: "Threads winter drop",
    shop: 0,
    type: "one",
    flat: 10,
    minOrder: 60,
    quantity: 150,
    startDays: -330,
    endDays: -240,
    finalStatus: "active",
    take: 0.3,
  },
  {
    code: "HTFIRST",
    name: "First fit",
    shop: 0,
    type: "firstTime",
    percent: 15,
    minOrder: 0,
    quantity: 300,
    startDays: -300,
    endDays: 90,
    finalStatus: "inactive",
    take: 0.4,
  },
  {
    code: "GLOWUP",
    name: "Glow up",
    shop: 1,
    type: "one",
    percent: 15,
    minOrder: 30,
    quantity: 300,
    startDays: -150,
    endDays: 150,
    finalStatus: "active",
    take: 0.25,
  },
  {
    code: "GLOWFIRST",
    name: "First glow",
    shop: 1,
    type: "firstTime",
    flat: 5,
    minOrder: 20,
    quantity: 200,
    startDays: -360,
    endDays: -30,
    finalStatus: "active",
    take: 0.5,
  },
  {
    code: "GLOW5",
    name: "Botanics club",
    shop: 1,
    type: "multi",
    multi: null,
    percent: 5,
    minOrder: 0,
    quantity: 600,
    startDays: -240,
    endDays: 100,
    finalStatus: "inactive",
    take: 0.15,
  },
  {
    code: "SPARKLE20",
    name: "Sparkle season",
    shop: 2,
    type: "multi",
    multi: 2,
    flat: 20,
    minOrder: 100,
    quantity: 120,
    startDays: -90,
    endDays: 45,
    finalStatus: "active",
    take: 0.3,
  },
  {
    code: "SHINE10",
    name: "Shine for less",
    shop: 2,
    type: "one",
    percent: 10,
    minOrder: 40,
    quantity: 100,
    startDays: -300,
    endDays: -120,
    finalStatus: "active",
    take: 0.3,
  },
  // published but not started yet, and one never used: the list shows coupons without orders too
  {
    code: "NEWYEAR25",
    name: "New year, new look",
    shop: null,
    type: "one",
    percent: 25,
    minOrder: 50,
    quantity: 500,
    startDays: 30,
    endDays: 70,
    finalStatus: "active",
    take: 0,
  },
];

interface Product {
  id: string;
  shopId: string;
  name: string;
  departmentId: string;
  categoryId: string;
  subcategoryId: string;
  createdAt: Date;
  /** single products: one entry with no variation; variation products: one per variation */
  sellable: { variationId: string | null; unitCents: number }[];
}

interface Buyer {
  id: string;
  createdAt: Date;
  address: string;
  city: string;
  /** index of the approved shop they mostly buy from */
  favourite: number;
  orders: number;
  couponUses: Map<string, number>;
}

interface PlannedLine {
  product: Product;
  variationId: string | null;
  quantity: number;
}
interface PlannedOrder {
  at: Date;
  buyer: Buyer;
  lines: PlannedLine[];
  couponCode?: string;
  orderType: "online" | "offline";
}

export interface SeededOrders {
  orders: number;
  customers: number;
  coupons: number;
  refunds: number;
  seconds: number;
}

/** What the order services read of their deps is the database, the payment provider and the clock. */
export function serviceDeps(db: Database, files: SeedFiles, clock: { now: Date }): Deps {
  return {
    db,
    storage: files.storage,
    payments: ledgerPayments,
    now: () => clock.now,
    // the defaults of every setting, with no paths and no secret: nothing the seed calls reads them
    env: {
      ...readSettings(SETTINGS, {}),
      SESSION_SECRET: "",
      uploadsDir: "",
      pgliteDir: "",
    },
    sms: {
      kind: "outbox",
      send: () => Promise.reject(new Error("the demo seed sends no text messages")),
      afterAnswer: () => {
        throw new Error("the demo seed sends no text messages");
      },
      settled: () => Promise.resolve(),
    },
    // orders it places from a stream still publish (a NOTIFY); nothing in the seed subscribes
    events: {
      subscribe: () => Promise.reject(new Error("the demo seed subscribes to no events")),
      listeners: () => 0,
    },
  };
}

export const actorFor = (
  id: string,
  role: Actor["role"],
  shopId: string | null,
  permissions: Permission[] = [],
): Actor => ({
  id,
  role,
  shopId,
  permissions: new Set(permissions),
  sessionId: "demo-seed",
});

/** What every step of the orders seed shares: the database, the files, the clock and one seeded random sequence. */
interface SeedRun {
  db: Database;
  files: SeedFiles;
  now: Date;
  random: () => number;
  faker: Faker;
  chance: (p: number) => boolean;
  pick: <T>(list: readonly T[]) => T;
  ago: (days: number) => Date;
}

function startRun(db: Database, files: SeedFiles, now: Date): SeedRun {
  const random = randomFrom("orders");
  const faker = new Faker({ locale: [en] });
  faker.seed(1111);
  return {
    db,
    files,
    now,
    random,
    faker,
    chance: (p) => random() < p,
    pick: (list) => list[Math.floor(random() * list.length)]!,
    ago: (days) => new Date(now.getTime() - days * DAY),
  };
}

type ShopRow = { id: string; ownerId: string; status: string };

/** The catalogue seed's shops, those that sell (Approved), and who may move each one's lines (owner, staff). */
async function loadSellers({ db }: SeedRun, adminId: string) {
  const allShops: ShopRow[] = await db
    .select({ id: shops.id, ownerId: shops.ownerId, status: shops.status })
    .from(shops)
    .where(isNull(shops.deletedAt))
    .orderBy(shops.createdAt, shops.id);
  const selling = allShops.filter((s) => s.status === "Approved");
  const staffRows = await db
    .select({
      userId: shopStaff.userId,
      shopId: shopStaff.shopId,
      permission: staffPermissions.permission,
    })
    .from(shopStaff)
    .innerJoin(staffPermissions, eq(staffPermissions.userId, shopStaff.userId));
  const statusEditors = new Map<string, Actor[]>();
  for (const s of selling) {
    const editors = [
      ...new Set(
        staffRows.filter((r) => r.shopId === s.id && r.permission === "order:status-edit").map((r) => r.userId),
      ),
    ];
    statusEditors.set(s.id, [
      actorFor(s.ownerId, "shopOwner", s.id),
      ...editors.map((id) =>
        actorFor(
          id,
          "staff",
          s.id,
          staffRows.filter((r) => r.userId === id).map((r) => r.permission),
        ),
      ),
    ]);
  }
  return { allShops, selling, statusEditors, admin: actorFor(adminId, "admin", null) };
}

/** The selling shops' products that can be bought (a price above zero), with their variations. */
async function loadCatalogue({ db }: SeedRun, selling: ShopRow[]) {
  const productRows = await db
    .select()
    .from(products)
    .where(
      and(
        inArray(
          products.shopId,
          selling.map((s) => s.id),
        ),
        isNull(products.deletedAt),
      ),
    )
    .orderBy(products.createdAt, products.id);
  const variationRows = await db
    .select()
    .from(productVariations)
    .where(
      inArray(
        productVariations.productId,
        productRows.map((p) => p.id),
      ),
    )
    .orderBy(productVariations.id);
  const catalogue: Product[] = productRows
    .map((p) => ({
      id: p.id,
      shopId: p.shopId,
      name: p.name,
      departmentId: p.departmentId,
      categoryId: p.categoryId,
      subcategoryId: p.subcategoryId,
      createdAt: p.createdAt,
      sellable: p.isVariationAvailable
        ? variationRows
            .filter((v) => v.productId === p.id)
            .map((v) => ({
              variationId: v.id,
              unitCents: unitPriceCents(p, v),
            }))
        : [{ variationId: null, unitCents: unitPriceCents(p) }],
    }))
    .filter((p) => p.sellable.length > 0 && p.sellable.some((s) => s.unitCents > 0));
  const byShop = selling.map((s) => catalogue.filter((p) => p.shopId === s.id));
  return { catalogue, byShop };
}

/** Makes demo customers with generated names and mobiles no user has yet. */
async function customerMaker({ db, faker, pick }: SeedRun) {
  const takenMobiles = new Set((await db.select({ mobile: users.mobile }).from(users)).map((u) => u.mobile));
  let mobileSeq = 0;
  const nextMobile = () => {
    let m: string;
    do m = `413${String(mobileSeq++).padStart(6, "0")}`;
    while (takenMobiles.has(m));
    takenMobiles.add(m);
    return m;
  };
  return (createdAt: Date, i: number) => {
    const sex = i % 2 ? "female" : "male";
    const fName = faker.person.firstName(sex);
    const lName = faker.person.lastName();
    const handle = `${fName}.${lName}`.toLowerCase().replace(/[^a-z.]/g, "");
    return createUser(db, {
      role: "endUser",
      fName,
      lName,
      gender: sex === "female" ? "Female" : "Male",
      email: `${handle}.${i}@example.test`,
      mobile: nextMobile(),
      address: `${faker.location.buildingNumber()} ${faker.location.street()}`,
      city: pick(CITIES),
      createdAt,
    });
  };
}

type NewCustomer = Awaited<ReturnType<typeof customerMaker>>;

/** The seed's first customers and more, up to BUYERS, each with a favourite shop and how often they buy. */
async function seedBuyers(run: SeedRun, selling: ShopRow[], newCustomer: NewCustomer) {
  const { db, faker, random, chance, pick, ago } = run;
  const existing = await db
    .select()
    .from(users)
    .where(and(eq(users.role, "endUser"), isNull(users.deletedAt)))
    .orderBy(users.createdAt, users.id);
  const people = [...existing];
  for (let i = existing.length; i < BUYERS; i++) people.push(await newCustomer(ago(30 + random() * 370), i));
  const shopWeights = [0.45, 0.35, 0.2];
  const favourite = () => {
    let u = random();
    for (let i = 0; i < selling.length; i++) if ((u -= shopWeights[i] ?? 0) < 0) return i;
    return 0;
  };
  const buyers: Buyer[] = people.map((u) => ({
    id: u.id,
    createdAt: u.createdAt,
    address: u.address || `${faker.location.buildingNumber()} ${faker.location.street()}`,
    city: u.city || pick(CITIES),
    favourite: favourite(),
    orders: 0,
    couponUses: new Map(),
  }));
  // some buy often: a weight per buyer
  const buyerWeight = buyers.map(() => (chance(0.15) ? 6 : chance(0.4) ? 2 : 1));
  return { buyers, buyerWeight, favourite };
}

/** The sub-category of the pool with the most products sold at `minUnit` or more (a coupon's leaf). */
function leafOf(pool: Product[], minUnit: number) {
  const counts = new Map<string, number>();
  for (const p of pool)
    if (p.sellable.some((s) => s.unitCents >= minUnit))
      counts.set(p.subcategoryId, (counts.get(p.subcategoryId) ?? 0) + 1);
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  return pool.find((p) => p.subcategoryId === best?.[0]) ?? pool[0]!;
}

/** The COUPONS, made by the admin or the shop's owner, each with its picture stored like an upload. */
async function seedCoupons(
  { db, files, ago }: SeedRun,
  adminId: string,
  { selling, byShop, catalogue }: { selling: ShopRow[]; byShop: Product[][]; catalogue: Product[] },
) {
  // a bulk seed resumed after an interruption (ADR 0072) finds its coupons already made
  const made = await db
    .select()
    .from(coupons)
    .where(
      inArray(
        coupons.code,
        COUPONS.map((c) => c.code),
      ),
    );
  if (made.length) return made;
  const couponRows: (typeof coupons.$inferInsert)[] = [];
  const usedLeaves = new Set<string>();
  for (const c of COUPONS) {
    const shop = c.shop === null ? null : selling[c.shop];
    if (c.shop !== null && !shop) continue;
    const pool = (shop ? byShop[c.shop!]! : catalogue).filter((p) => !usedLeaves.has(`${shop?.id}/${p.subcategoryId}`));
    const leaf = leafOf(pool.length ? pool : catalogue, Math.ceil((c.minOrder * 100) / 3));
    usedLeaves.add(`${shop?.id}/${leaf.subcategoryId}`);
    const createdBy = shop ? shop.ownerId : adminId;
    const createdAt = ago(Math.max(-c.startDays, 1) + 3);
    const fileName = `${c.code.toLowerCase()}.png`;
    const png = categoryImage(c.code, (c.code.charCodeAt(0) * 47) % 360, 1, 256);
    const key = uploadKey(files.host, COUPON_IMAGE_PURPOSE, fileName, createdAt);
    await storeSeedFile(files, key, png);
    await db.insert(uploads).values({
      key,
      userId: createdBy,
      fileName,
      contentType: "image/png",
      size: png.length,
      status: "stored",
      createdAt,
    });
    // as the coupon form stores them: from 00:00:00 of the first day to 23:59:59 of the last, in the market's zone
    const start = couponStartAt(zoneDay(ago(-c.startDays)));
    const end = couponEndAt(zoneDay(ago(-c.endDays)));
    couponRows.push({
      id: newId(),
      shopId: shop?.id ?? null,
      name: c.name,
      image: files.storage.location(key),
      code: c.code,
      description: `${c.name}: ${
        c.flat ? `$${c.flat} off` : `${c.percent}% off`
      }${c.minOrder ? ` orders over $${c.minOrder}` : ""}.`,
      departmentId: leaf.departmentId,
      categoryId: leaf.categoryId,
      subcategoryId: leaf.subcategoryId,
      minOrderCents: c.minOrder * 100,
      quantity: c.quantity,
      startAt: start,
      endAt: end,
      discountType: c.flat ? "flat" : "percentage",
      discountCents: c.flat ? c.flat * 100 : null,
      discountPercent: c.flat ? null : (c.percent ?? 0),
      type: c.type,
      multi: c.type === "multi" ? (c.multi ?? null) : null,
      status: "active",
      createdBy,
      createdAt,
      updatedAt: createdAt,
    });
  }
  await db.insert(coupons).values(couponRows);
  return couponRows;
}

interface Market {
  selling: ShopRow[];
  catalogue: Product[];
  byShop: Product[][];
  buyers: Buyer[];
  buyerWeight: number[];
  favourite: () => number;
  couponRows: (typeof coupons.$inferInsert)[];
}

/** The plan, in time order: more orders in recent months, as a growing marketplace has; who buys what, with which coupon. */
function planOrders(run: SeedRun, count: number, market: Market): PlannedOrder[] {
  const { now, random, chance, pick } = run;
  const { selling, catalogue, byShop, buyers, buyerWeight, favourite, couponRows } = market;
  const couponUses = new Map<string, number>();
  const times = Array.from(
    { length: count },
    () => now.getTime() - 20 * 60 * 1000 - Math.pow(random(), 1.3) * 360 * DAY,
  ).sort((a, b) => a - b);
  const quantity = () => (chance(0.75) ? 1 : chance(0.7) ? 2 : 3);
  const sellableOf = (p: Product) => pick(p.sellable.filter((s) => s.unitCents > 0));
  const productFor = (pool: Product[], at: Date) => {
    const live = pool.filter((p) => p.createdAt <= at);
    return pick(live.length ? live : pool);
  };
  /** A coupon this buyer may use now, by its rules (placeOrder checks them again and would refuse a wrong plan). */
  const couponFor = (buyer: Buyer, at: Date, shopIndex: number) => {
    const usable = COUPONS.map((plan, i) => ({
      plan,
      row: couponRows[i]!,
    })).filter(({ plan, row }) => {
      if (!plan.take || !(row.startAt <= at && at <= row.endAt)) return false;
      if (plan.shop !== null && plan.shop !== shopIndex) return false;
      if ((couponUses.get(row.code) ?? 0) >= row.quantity) return false;
      const mine = buyer.couponUses.get(row.code) ?? 0;
      if (plan.type === "firstTime") return buyer.orders === 0;
      if (plan.type === "one") return mine === 0;
      return plan.multi ? mine < plan.multi : true;
    });
    const chosen = usable.find(({ plan }) => chance(plan.take * (plan.type === "firstTime" ? 1 : 0.3)));
    return chosen?.row;
  };
  const plan: PlannedOrder[] = [];
  for (const time of times) {
    const at = new Date(time);
    const eligible = buyers.filter((b) => b.createdAt <= at);
    const weights = eligible.map((b) => buyerWeight[buyers.indexOf(b)]!);
    let u = random() * weights.reduce((a, b) => a + b, 0);
    const buyer = eligible.find((_, i) => (u -= weights[i]!) < 0) ?? eligible[0] ?? buyers[0]!;
    const shopIndex = chance(0.7) ? buyer.favourite : favourite();
    const lines: PlannedLine[] = [];
    const coupon = couponFor(buyer, at, shopIndex);
    if (coupon) {
      // the coupon's leaf, bought for at least its minimum order
      const pool = catalogue.filter(
        (p) => p.subcategoryId === coupon.subcategoryId && (coupon.shopId === null || p.shopId === coupon.shopId),
      );
      const product = productFor(pool, at);
      const s = sellableOf(product);
      lines.push({
        product,
        variationId: s.variationId,
        quantity: Math.min(100, Math.max(quantity(), Math.ceil(coupon.minOrderCents / s.unitCents))),
      });
    }
    const count = chance(0.6) ? 1 : chance(0.7) ? 2 : 3;
    while (lines.length < count) {
      const product = productFor(byShop[shopIndex]!, at);
      const s = sellableOf(product);
      if (lines.some((l) => l.product.id === product.id && l.variationId === s.variationId)) break;
      lines.push({ product, variationId: s.variationId, quantity: quantity() });
    }
    // one order in twelve also has a line of another shop
    if (chance(1 / 12)) {
      const other = (shopIndex + 1 + Math.floor(random() * (selling.length - 1))) % selling.length;
      const product = productFor(byShop[other]!, at);
      const s = sellableOf(product);
      lines.push({ product, variationId: s.variationId, quantity: quantity() });
    }
    if (coupon) {
      couponUses.set(coupon.code, (couponUses.get(coupon.code) ?? 0) + 1);
      buyer.couponUses.set(coupon.code, (buyer.couponUses.get(coupon.code) ?? 0) + 1);
    }
    buyer.orders += 1;
    plan.push({
      at,
      buyer,
      lines,
      couponCode: coupon?.code,
      orderType: chance(0.25) ? "offline" : "online",
    });
  }
  return plan;
}

/** Units by product and by variation. */
class Shelf {
  readonly products = new Map<string, number>();
  readonly variations = new Map<string, number>();
  add(productId: string, variationId: string | null, quantity: number) {
    this.products.set(productId, (this.products.get(productId) ?? 0) + quantity);
    if (variationId) this.variations.set(variationId, (this.variations.get(variationId) ?? 0) + quantity);
  }
}

/** Adds (sign 1) or takes off (sign -1) a shelf's units from products' and variations' stock in one statement each. */
async function restock(tx: Database, shelf: Shelf, sign: 1 | -1) {
  for (const [table, change] of [
    [products, shelf.products],
    [productVariations, shelf.variations],
  ] as const) {
    if (!change.size) continue;
    const values = sql.join(
      [...change].map(([id, n]) => sql`(${id}, ${sign * n}::integer)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${table} set stock = ${table.stock} + v.n from (values ${values}) as v(id, n) where ${table.id} = v.id`,
    );
  }
}

type Stage = "Pending" | "Found" | "On Hold" | "Awaiting Pickup" | "On The Way" | "Delivered";

/**
 * How far a shop has taken its part of an order `age` days old (r: a random draw): old orders are delivered, this
 * week's are on their way, today's open; the first part of the last days' orders goes On Hold (`onHoldShown` false),
 * so the demo has every status even when it is small.
 */
function stageFor(age: number, r: number, onHoldShown: boolean): Stage {
  if (age >= 1 && age < 3 && !onHoldShown) return "On Hold";
  if (age >= 8) return r < 0.985 ? "Delivered" : "On The Way";
  if (age >= 3) return r < 0.45 ? "Delivered" : r < 0.8 ? "On The Way" : "Awaiting Pickup";
  if (age >= 1) return r < 0.3 ? "Awaiting Pickup" : r < 0.65 ? "Found" : r < 0.8 ? "On Hold" : "Pending";
  return r < 0.7 ? "Pending" : "Found";
}

interface PlayedPlan {
  refunds: number;
  /** buyer → shops bought from */
  bought: Map<string, Set<string>>;
}

/**
 * Plays the plan in time order: each order placed by the order service in its own transaction, as the API places it,
 * then each shop's part moved through PUT order/{id} to its stage, some lines refunded by PUT payment/refund, and some
 * order notes. The stock the plan sells is put on the shelves first and what refunds put back is taken off at the end,
 * so the stock figures end where the product seed left them.
 */
async function playPlan(
  run: SeedRun,
  plan: PlannedOrder[],
  {
    admin,
    statusEditors,
    onPlaced,
  }: { admin: Actor; statusEditors: Map<string, Actor[]>; onPlaced?: (placed: number) => unknown },
): Promise<PlayedPlan> {
  const { db, files, now, random, chance, pick, ago } = run;
  const needed = new Shelf();
  for (const o of plan) for (const l of o.lines) needed.add(l.product.id, l.variationId, l.quantity);
  const returned = new Shelf();
  const clock = { now };
  let refunds = 0;
  const notes: (typeof orderNotes.$inferInsert)[] = [];
  const bought = new Map<string, Set<string>>();
  // One outer transaction around all the orders was measured slower on PGlite (128 s against 81 s for 400 orders on
  // the loaded machine): thousands of savepoints (every service call is one inside it) overflow PostgreSQL's cache of
  // subtransactions, and every read then checks them.
  await db.transaction((tx) => restock(tx, needed, 1));
  const deps = serviceDeps(db, files, clock);
  let onHoldShown = false;
  let placed = 0;
  for (const o of plan) {
    await onPlaced?.(placed++);
    clock.now = o.at;
    const place = (couponCode: string | undefined) =>
      placeOrder(deps, o.buyer.id, {
        lines: o.lines.map((l) => ({
          productId: l.product.id,
          ...(l.variationId ? { variationId: l.variationId } : {}),
          quantity: l.quantity,
        })),
        couponCode,
        address: { address: o.buyer.address, city: o.buyer.city },
        orderType: o.orderType,
        createdAt: o.at,
      });
    // a resumed seed (ADR 0072) plans afresh over the orders already placed: a coupon the service now refuses (a
    // first-order coupon for a buyer who has ordered, one used up) is left off, as a shopper would
    const { order } = await place(o.couponCode).catch((error: unknown) => {
      if (o.couponCode && error instanceof ApiError && error.status === 400) return place(undefined);
      throw error;
    });
    const age = (now.getTime() - o.at.getTime()) / DAY;
    /** a moment `hours` after the order, never later than now */
    const after = (hours: number) => new Date(Math.min(o.at.getTime() + hours * HOUR, now.getTime() - 60 * 1000));
    const lineIds = order.products.map((l) => ({
      id: l._id,
      shopId: l.shopId,
      productId: l.productId,
      variationId: l.variationId,
      quantity: l.quantity,
    }));
    const parts = [...new Set(lineIds.map((l) => l.shopId))];
    for (const shopId of parts)
      (bought.get(o.buyer.id) ?? bought.set(o.buyer.id, new Set()).get(o.buyer.id)!).add(shopId);

    // some refunds: a line refunded before it left the shop, or sent back after it arrived
    let refunded: string | null = null;
    const refundLate = chance(0.5);
    if (age >= 2 && chance(0.035)) {
      refunded = pick(lineIds).id;
      clock.now = after(refundLate ? 24 * Math.min(age - 1, 9) : 20);
    }
    const refund = async () => {
      const l = lineIds.find((x) => x.id === refunded)!;
      await refundLines(deps, chance(0.3) ? admin : statusEditors.get(l.shopId)![0]!, {
        orderId: order._id,
        productsEntryId: [l.id],
        reason: pick(REFUND_REASONS),
      });
      returned.add(l.productId, l.variationId, l.quantity);
      refunds += 1;
    };
    if (refunded && !refundLate) await refund();

    for (const shopId of parts) {
      const mine = lineIds.filter((l) => l.shopId === shopId && l.id !== refunded);
      if (!mine.length) continue;
      const actor = pick(statusEditors.get(shopId)!);
      const tag = async (shopStatus: QuickTag, hours: number) => {
        clock.now = after(hours);
        await updateOrder(deps, actor, order._id, { shopStatus, shopId });
      };
      const line = async (shopStatus: "Found" | "On Hold", id: string, hours: number) => {
        clock.now = after(hours);
        await updateOrder(deps, actor, order._id, { shopStatus, _id: id });
      };
      const stage = stageFor(age, random(), onHoldShown);
      if (stage === "On Hold") onHoldShown = true;
      if (stage === "Found" || stage === "On Hold") {
        for (const [i, l] of mine.entries())
          await line(stage === "On Hold" && i === 0 ? "On Hold" : "Found", l.id, 2 + i);
      } else if (stage !== "Pending") {
        await tag("Awaiting Pickup", 20);
        if (stage !== "Awaiting Pickup") await tag("On The Way", o.orderType === "offline" ? 30 : 40);
        if (stage === "Delivered") await tag("Delivered", o.orderType === "offline" ? 32 : 24 * (2 + random() * 4));
      }
    }
    if (refunded && refundLate) await refund();

    if (chance(0.04)) {
      const shopId = pick(parts);
      const shopNote = chance(0.6);
      notes.push({
        id: newId(),
        orderId: order._id,
        shopId: shopNote ? shopId : null,
        authorId: shopNote ? pick(statusEditors.get(shopId)!).id : o.buyer.id,
        note: pick(ORDER_NOTES),
        createdAt: new Date(o.at.getTime() + (shopNote ? 3 * HOUR : 60 * 1000)),
      });
    }
  }
  await db.transaction(async (tx) => {
    await restock(tx, returned, -1);
    if (notes.length) await tx.insert(orderNotes).values(notes);
    // a few coupons were unpublished after running for a while (spec 2 §5 edit: Publish / Unpublish)
    const unpublished = COUPONS.filter((c) => c.finalStatus === "inactive").map((c) => c.code);
    await tx
      .update(coupons)
      .set({ status: "inactive", updatedAt: ago(2) })
      .where(inArray(coupons.code, unpublished));
  });
  return { refunds, bought };
}

/** What the shops keep about the customers who bought from them: wishlists of their products and the shops' notes. */
async function seedCustomerRecords(
  { db, now, random, chance, pick, ago }: SeedRun,
  buyers: Buyer[],
  bought: Map<string, Set<string>>,
  { selling, byShop, statusEditors }: { selling: ShopRow[]; byShop: Product[][]; statusEditors: Map<string, Actor[]> },
) {
  const wishlist: (typeof wishlistItems.$inferInsert)[] = [];
  const cNotes: (typeof customerNotes.$inferInsert)[] = [];
  for (const b of buyers) {
    const shopsOf = [...(bought.get(b.id) ?? [])];
    const chosen = new Set<string>();
    for (let i = 0, n = 1 + Math.floor(random() * 5); i < n && shopsOf.length; i++) {
      const shopId = pick(shopsOf);
      const p = pick(byShop[selling.findIndex((s) => s.id === shopId)]!);
      if (chosen.has(p.id)) continue;
      chosen.add(p.id);
      wishlist.push({
        customerId: b.id,
        productId: p.id,
        addedBy: b.id,
        createdAt: new Date(Math.max(b.createdAt.getTime(), now.getTime() - random() * 200 * DAY)),
      });
    }
    for (const shopId of shopsOf) {
      if (!chance(0.35)) continue;
      for (let i = 0, n = 1 + Math.floor(random() * 3); i < n; i++) {
        cNotes.push({
          id: newId(),
          shopId,
          customerId: b.id,
          authorId: pick(statusEditors.get(shopId)!).id,
          note: pick(CUSTOMER_NOTES),
          createdAt: ago(random() * 180),
        });
      }
    }
  }
  if (wishlist.length) await db.insert(wishlistItems).values(wishlist).onConflictDoNothing();
  if (cNotes.length) await db.insert(customerNotes).values(cNotes);
}

/** Each shop registered a few customers who have not ordered yet (the Add New Customer flow's outcome). */
async function seedRegisteredCustomers({ db, random, ago }: SeedRun, allShops: ShopRow[], newCustomer: NewCustomer) {
  let registered = 0;
  for (const [i, shop] of allShops.entries()) {
    for (let k = 0; k < REGISTERED_PER_SHOP; k++) {
      const at = ago(1 + random() * 60);
      const customer = await newCustomer(at, BUYERS + i * REGISTERED_PER_SHOP + k);
      await rememberCustomers(db, shop.id, [customer.id], "registered", shop.ownerId, at);
      registered += 1;
    }
  }
  return registered;
}

/**
 * Places the demo's orders through the order service, moves their lines through every status and refunds some, with
 * coupons, order notes, and the shops' records of their customers: wishlists, shops' notes, and customers registered
 * by each shop who have not ordered yet. Runs after the products. Every step draws from one seeded random sequence,
 * in this order, so the demo is the same on every fresh database.
 */
export async function seedOrders(
  db: Database,
  files: SeedFiles,
  {
    adminId,
    count = DEMO_ORDERS,
    now = new Date(),
    onPlaced,
  }: {
    adminId: string;
    count?: number;
    now?: Date;
    /** told how many orders have been placed so far, before each one, and awaited (the seeding note, ADR 0072) */
    onPlaced?: (placed: number) => unknown;
  },
): Promise<SeededOrders> {
  const started = performance.now();
  const run = startRun(db, files, now);
  const { allShops, selling, statusEditors, admin } = await loadSellers(run, adminId);
  const { catalogue, byShop } = await loadCatalogue(run, selling);
  const newCustomer = await customerMaker(run);
  const { buyers, buyerWeight, favourite } = await seedBuyers(run, selling, newCustomer);
  const couponRows = await seedCoupons(run, adminId, { selling, byShop, catalogue });
  const plan = planOrders(run, count, { selling, catalogue, byShop, buyers, buyerWeight, favourite, couponRows });
  const { refunds, bought } = await playPlan(run, plan, { admin, statusEditors, onPlaced });
  await seedCustomerRecords(run, buyers, bought, { selling, byShop, statusEditors });
  const registered = await seedRegisteredCustomers(run, allShops, newCustomer);
  return {
    orders: plan.length,
    customers: buyers.length + registered,
    coupons: couponRows.length,
    refunds,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Orders the demo's live stream has taken so far (the live room and the promotion prices have figures). */
export const LIVE_STREAM_ORDERS = 6;

/**
 * The live stream's demo orders: orders placed from the demo's broadcasting stream since it went live, by the first buying
 * customers, of the products it shows (the promoted ones at their promotion price, as POST order charges them). Runs
 * after the streams and the other orders.
 */
export async function seedStreamOrders(db: Database, files: SeedFiles, { now = new Date() }: { now?: Date } = {}) {
  const [live] = await db
    .select({ id: streams.id, startedAt: streams.startedAt })
    .from(streams)
    .where(and(eq(streams.status, "broadcasting"), isNull(streams.deletedAt)))
    .orderBy(streams.createdAt, streams.id)
    .limit(1);
  if (!live?.startedAt) return 0;
  return (await placeStreamOrders(db, files, live.id, { count: LIVE_STREAM_ORDERS, from: live.startedAt, to: now }))
    .length;
}

/**
 * Places up to `count` orders from the stream `streamId` through the order service, spread evenly between `from` and
 * `to`, by the first buying customers (after the first `skip`), one of the products it shows each (the promoted ones
 * at their promotion price while it is live, as POST order charges them; an order placed while it is live belongs to
 * its campaign). What each order sells is put on the shelves first, so the stock stays where the product seed put it.
 */
export async function placeStreamOrders(
  db: Database,
  files: SeedFiles,
  streamId: string,
  { count, from, to, skip = 0 }: { count: number; from: Date; to: Date; skip?: number },
) {
  const shown = await db
    .select({
      productId: streamProducts.productId,
      variationId: streamProducts.variationId,
      isVariationAvailable: products.isVariationAvailable,
    })
    .from(streamProducts)
    .innerJoin(products, eq(products.id, streamProducts.productId))
    .where(and(eq(streamProducts.streamId, streamId), isNull(products.deletedAt)))
    .orderBy(streamProducts.position);
  const firstVariation = new Map(
    (
      await db
        .select({ id: productVariations.id, productId: productVariations.productId })
        .from(productVariations)
        .orderBy(productVariations.id)
    ).map((v) => [v.productId, v.id]),
  );
  const lines = shown.flatMap((s) => {
    const variationId = s.variationId ?? (s.isVariationAvailable ? firstVariation.get(s.productId) : undefined);
    return s.isVariationAvailable && !variationId
      ? []
      : [{ productId: s.productId, ...(variationId ? { variationId } : {}) }];
  });
  if (!lines.length || count < 1) return [];
  const buyers = await db
    .select({ id: users.id, address: users.address, city: users.city })
    .from(users)
    .where(and(eq(users.role, "endUser"), isNull(users.deletedAt)))
    .orderBy(users.createdAt, users.id)
    .offset(skip)
    .limit(count);
  const clock = { now: to };
  const deps = serviceDeps(db, files, clock);
  const span = Math.max(1, to.getTime() - from.getTime());
  const placed: Awaited<ReturnType<typeof placeOrder>>["order"][] = [];
  for (const [i, buyer] of buyers.entries()) {
    const at = new Date(from.getTime() + Math.floor((span * (i + 1)) / (buyers.length + 1)));
    clock.now = at;
    const line = lines[i % lines.length]!;
    const quantity = 1 + (i % 2);
    await db
      .update(products)
      .set({ stock: sql`${products.stock} + ${quantity}` })
      .where(eq(products.id, line.productId));
    if (line.variationId)
      await db
        .update(productVariations)
        .set({ stock: sql`${productVariations.stock} + ${quantity}` })
        .where(eq(productVariations.id, line.variationId));
    const { order } = await placeOrder(deps, buyer.id, {
      lines: [{ ...line, quantity }],
      address: { address: buyer.address ?? "1 George Street", city: buyer.city ?? "Sydney" },
      orderType: "online",
      streamId,
      createdAt: at,
    });
    placed.push(order);
  }
  return placed;
}
