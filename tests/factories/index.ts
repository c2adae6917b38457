import { and, eq } from "drizzle-orm";
import type { CallData } from "#contract/core/calls";
import type { productPayloadSchema } from "#contract/products/products-api";
import type { Permission } from "#contract/access/roles";
import { accessModuleBody } from "#contract/people/staff-api";
import type { UploadPurpose } from "#contract/uploads/uploads";
import type { z } from "#contract/core/zod";
import { coupons, orderLines, orderParts, orders, shopCategories, shopStaff, users, type shops } from "#api/db/schema";
import {
  assignShopCategories,
  createAttribute,
  createBrand,
  createCategory,
  setLeafAttributes,
} from "#api/db/seed/catalogue-factories";
import { createOwnerWithShop, createStaff, createUser } from "#api/db/seed/factories";
import { hashPassword } from "#api/platform/auth/passwords";
// orders and payments
import { orderPartRows, placeOrder, type PlaceOrderInput } from "#api/modules/orders";
import { newId } from "#api/platform/data/ids";
// streams
import { createStream, type StreamFields, type StreamProductFields } from "#api/db/seed/stream-factories";
// campaigns
import { createCampaign, createCampaignInfluencer, type CampaignFields } from "#api/db/seed/campaign-factories";
import type { CampaignInfluencerState } from "#contract/campaigns/campaigns";
import type { TestApi } from "../api-harness";

// The test kit (ARCHITECTURE §7): the records a test needs, made the way the app makes them. People and shops are
// written with the seed factories, because the API creates owners and staff without a password (they sign in by phone
// code) and a test needs a session; every session then comes from the real sign-in, and uploads, influencers and
// products go through the real /api, so what a test starts from has passed the same checks as a user's data.

/** real PNG magic bytes, padded so sniffing sees a realistic head */
// prettier-ignore
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...Array.from({ length: 200 }, (_, i) => i % 251)]);
/** an ISO media head (ftyp isom): sniffed as video/mp4 */
export const MP4 = new Uint8Array([
  0,
  0,
  0,
  0x20,
  ...new TextEncoder().encode("ftypisom"),
  0,
  0,
  2,
  0,
  ...Array.from({ length: 200 }, (_, i) => i % 13),
]);

/** Every account the kit makes signs in with this password. */
export const KIT_PASSWORD = "Kit#2026!pass";

type UserFields = Partial<typeof users.$inferInsert>;
type ShopFields = Partial<typeof shops.$inferInsert>;
type ProductInput = z.input<typeof productPayloadSchema>;

/** A signed-in console user: `cookie` goes with each call (`t.as(cookie)`). */
export interface Account {
  id: string;
  email: string;
  mobile: string;
  cookie: string;
}
export interface KitShop {
  id: string;
  name: string;
  /** the owner; a closed (deleted) or Rejected shop's owner cannot sign in, and their cookie is "" (anonymous) */
  owner: Account;
}
export type KitProduct = CallData<"POST /product">;
/** A line of `orderAsPlaced`: its product and shop, unit price and quantity (cents), and what became of it. */
export type KitPlacedLine = {
  product: KitProduct;
  shop: KitShop;
  unit: number;
  qty: number;
  tax?: number;
  coupon?: number;
  status?: string;
  refunded?: boolean;
};
/** A customer (endUser): what orders, carts and coupons will point at; customers use the mobile app, not the console. */
export interface KitCustomer {
  id: string;
  fName: string;
  lName: string;
  email: string;
  countryCode: string;
  mobile: string;
}
export interface ShopOptions extends ShopFields {
  owner?: UserFields;
  /** department ids the shop sells in */
  departments?: string[];
}
export interface FileOptions {
  bytes?: Uint8Array<ArrayBuffer>;
  /** the declared content type (image/png by default) */
  type?: string;
  fileName?: string;
}

/** The staff form's access grid holding `permissions`, as user/add-shopstaff and user/edit-shopstaff take it. */
export const accessGrid = (...permissions: Permission[]) => accessModuleBody(permissions).map((module) => ({ module }));

/** The records of one test file's database, made for `t` (`testApi()`). */
export function testKit(t: TestApi) {
  let seq = 0;
  const unique = (stem: string) => `kit-${stem}-${++seq}@liveshop.test`;
  let passwordHash: Promise<string> | undefined;
  const kitHash = () => (passwordHash ??= hashPassword(KIT_PASSWORD));

  async function account(
    user: { id: string; email: string | null; mobile: string | null },
    signIn = true,
  ): Promise<Account> {
    return {
      id: user.id,
      email: user.email!,
      mobile: user.mobile!,
      cookie: signIn ? await t.signIn(user.email!, KIT_PASSWORD) : "",
    };
  }

  let theAdmin: Promise<Account> | undefined;
  /** The admin of this database (made on first use), signed in. */
  function admin() {
    theAdmin ??= (async () =>
      account(await createUser(t.db, { role: "admin", email: unique("admin"), passwordHash: await kitHash() })))();
    return theAdmin;
  }

  /** A shop (Approved unless `status` says otherwise) with its owner signed in; `departments` are assigned to it. */
  async function shop(opts: ShopOptions = {}): Promise<KitShop> {
    const { owner: ownerFields, departments = [], ...shopFields } = opts;
    const made = await createOwnerWithShop(
      t.db,
      { email: unique("owner"), passwordHash: await kitHash(), ...ownerFields },
      shopFields,
    );
    await assignShopCategories(t.db, made.shop.id, departments);
    const open = !made.shop.deletedAt && made.shop.status !== "Rejected";
    return { id: made.shop.id, name: made.shop.name, owner: await account(made.owner, open) };
  }

  /** A staff member of `shop` holding exactly `rights`, signed in. */
  async function staff(
    of: { id: string },
    rights: Permission[],
    fields: UserFields & { designation?: string } = {},
  ): Promise<Account> {
    return account(
      await createStaff(t.db, of.id, rights, { email: unique("staff"), passwordHash: await kitHash(), ...fields }),
    );
  }

  /** A staff member's (or owner's) entry as the edit form sends it to user/edit-shopstaff, with `extra` changed. */
  async function staffEditBody(userId: string, extra: Record<string, unknown> = {}) {
    const [u] = await t.db.select().from(users).where(eq(users.id, userId));
    const [s] = await t.db.select().from(shopStaff).where(eq(shopStaff.userId, userId));
    return {
      userId,
      fName: `${u.fName} ${u.lName}`.trim(),
      email: u.email,
      countryFlag: u.countryFlag,
      mobile: u.mobile,
      designation: s?.designation,
      gender: u.gender ?? "",
      ...extra,
    };
  }

  /** A customer (endUser) with a verified Australian mobile. */
  async function customer(fields: UserFields = {}): Promise<KitCustomer> {
    const user = await createUser(t.db, { role: "endUser", email: unique("customer"), ...fields });
    return {
      id: user.id,
      fName: user.fName,
      lName: user.lName,
      email: user.email!,
      countryCode: user.countryCode!,
      mobile: user.mobile!,
    };
  }

  /** A checked, stored upload of the holder of `cookie` for `purpose` (a PNG unless `file` says otherwise); its location. */
  async function upload(cookie: string, purpose: UploadPurpose, file: FileOptions = {}): Promise<string> {
    const { bytes = PNG, type = "image/png", fileName = "file.png" } = file;
    const res = await t.post("upload/file", {
      cookie,
      body: bytes,
      headers: { "content-type": type, "x-file-name": fileName, "x-purpose": purpose },
    });
    if (res.status !== 200) throw new Error(`kit upload (${purpose}) failed: ${res.status} ${res.text}`);
    return res.body.data.location;
  }

  let mobiles = 0;
  /** An influencer added by the admin through POST user/add-user (profile picture and portfolio uploaded). */
  async function influencer(overrides: Record<string, unknown> = {}): Promise<CallData<"POST /user/add-user">> {
    const { cookie } = await admin();
    const res = await t.post("user/add-user", {
      cookie,
      body: {
        role: "influencer",
        image: await upload(cookie, "profileImage"),
        fName: "Kit Influencer",
        email: unique("influencer"),
        countryFlag: "AU",
        countryCode: "+61",
        mobile: `0491 58${String(++mobiles).padStart(4, "0")}`,
        gender: "Female",
        dob: "14/02/1998",
        ethnicity: "southeastAsianPacificIslander",
        country: "AU",
        state: "NSW",
        city: "Sydney",
        bio: "Live streams for the test kit.",
        instaProfileId: "kit.influencer",
        portfolio: [await upload(cookie, "portfolio")],
        ...overrides,
      },
    });
    if (res.status !== 200) throw new Error(`kit influencer failed: ${res.status} ${res.text}`);
    return res.body.data;
  }

  let theCatalogue: ReturnType<typeof makeCatalogue> | undefined;
  /**
   * The kit's catalogue (made on first use): a brand, and a department → category → leaf (Kit Fashion → Kit Tops → Kit Shirts) whose attributes are a text,
   * a number and a dropdown, with variations by two dropdowns (labelled Color, Size) and a radio (Style); a plain leaf with no
   * attributes beside it (Kit Plain), and a second department (Kit Garden → Kit Tools → Kit Spades) for shops that sell elsewhere.
   */
  const catalogue = () => (theCatalogue ??= makeCatalogue());
  async function makeCatalogue() {
    const material = await createAttribute(t.db, { name: "KitMaterial", label: "Material", type: "text", list: [] });
    const weight = await createAttribute(t.db, { name: "KitWeight", label: "Weight", type: "number", list: [] });
    const fit = await createAttribute(t.db, {
      name: "KitFit",
      label: "Fit",
      type: "dropdown",
      list: ["Slim", "Regular"],
    });
    const color = await createAttribute(t.db, {
      name: "KitColor",
      label: "Color",
      type: "dropdown",
      isForVariation: true,
      list: ["Red", "Blue", "Green"],
    });
    const size = await createAttribute(t.db, {
      name: "KitSize",
      label: "Size",
      type: "dropdown",
      isForVariation: true,
      list: ["S", "M", "L"],
    });
    const style = await createAttribute(t.db, {
      name: "KitStyle",
      label: "Style",
      type: "radio",
      isForVariation: true,
      list: ["Plain", "Striped"],
    });
    const department = await createCategory(t.db, { name: "Kit Fashion" });
    const category = await createCategory(t.db, { name: "Kit Tops", parent: department });
    const leaf = await createCategory(t.db, { name: "Kit Shirts", parent: category });
    await setLeafAttributes(t.db, leaf.id, [material.id, weight.id, fit.id], [color.id, size.id, style.id]);
    const plain = await createCategory(t.db, { name: "Kit Plain", parent: category });
    const otherDepartment = await createCategory(t.db, { name: "Kit Garden" });
    const otherCategory = await createCategory(t.db, { name: "Kit Tools", parent: otherDepartment });
    const otherLeaf = await createCategory(t.db, { name: "Kit Spades", parent: otherCategory });
    const brand = await createBrand(t.db, { name: "Kit Brand", image: "/api/files/seed/brand.png" });
    return {
      material,
      weight,
      fit,
      color,
      size,
      style,
      department,
      category,
      leaf,
      plain,
      otherDepartment,
      otherCategory,
      otherLeaf,
      brand,
      /** a value for each of the leaf's attributes, as the product payload sends them */
      attr: {
        [material.name]: { value: "Cotton", id: material.id },
        [weight.name]: { value: "250", id: weight.id },
        [fit.name]: { value: "Slim", id: fit.id },
      },
      /** the leaf's branch, as the product payload names it */
      taxonomy: { department: department.id, categories: category.id, subcategory: leaf.id },
    };
  }

  /** The shop sells in the catalogue's department (a product's department must be one of its shop's). */
  async function sellsInCatalogue(of: { id: string }) {
    const { department } = await catalogue();
    const has = await t.db
      .select()
      .from(shopCategories)
      .where(and(eq(shopCategories.shopId, of.id), eq(shopCategories.categoryId, department.id)));
    if (!has.length) await assignShopCategories(t.db, of.id, [department.id]);
  }

  async function addProduct(of: KitShop, body: (image: string) => ProductInput): Promise<KitProduct> {
    await sellsInCatalogue(of);
    const image = await upload(of.owner.cookie, "productMedia");
    const res = await t.post("product", { cookie: of.owner.cookie, body: body(image) });
    if (res.status !== 201) throw new Error(`kit product failed: ${res.status} ${res.text}`);
    return res.body.data;
  }

  let products = 0;
  /** A single product of `shop` in the catalogue's leaf, added by its owner through POST product. */
  async function product(of: KitShop, overrides: Partial<ProductInput> = {}) {
    const c = await catalogue();
    const n = ++products;
    return addProduct(of, (image) => ({
      name: `Kit Shirt ${n}`,
      description: "A shirt made by the test kit.",
      brand: c.brand.id,
      ...c.taxonomy,
      attr: c.attr,
      images: [image],
      price: 19.99,
      stock: 5,
      ...overrides,
    }));
  }

  /** A variation product of `shop` (Red/M at 25, Blue/L at 30.5) with its size chart, added by its owner. */
  async function productWithVariations(of: KitShop, overrides: Partial<ProductInput> = {}) {
    const c = await catalogue();
    const n = ++products;
    const sizeChart = await upload(of.owner.cookie, "catalogueImage");
    return addProduct(of, (image) => ({
      name: `Kit Tee ${n}`,
      description: "A tee with variations made by the test kit.",
      brand: c.brand.id,
      ...c.taxonomy,
      attr: c.attr,
      images: [image],
      isVariationAvailable: true,
      sizeChartImage: sizeChart,
      variations: [
        {
          variantDetails: { [c.color.name]: "Red", [c.size.name]: "M" },
          sku: `KIT${n}-RED-M`,
          price: 25,
          stock: 3,
          defaultImage: image,
        },
        {
          variantDetails: { [c.color.name]: "Blue", [c.size.name]: "L" },
          sku: `KIT${n}-BLUE-L`,
          price: 30.5,
          stock: 4,
          defaultImage: image,
        },
      ],
      ...overrides,
    }));
  }

  // orders and payments ------------------------------------------------------------------

  let appIps = 0;
  /**
   * A bearer token of the mobile app, through the real phone sign-in of a door (auth/send-otp/{door}, the code read
   * from the demo outbox, auth/verify-otp/{door} with `verify`'s extra fields), from an address of its own.
   */
  async function appToken(
    door: "customer" | "influencer",
    who: { countryCode: string | null; mobile: string | null },
    verify: Record<string, string> = {},
  ): Promise<string> {
    const ip = `203.0.113.${++appIps % 250}`;
    const headers = { "x-forwarded-for": ip };
    const phone = { countryFlag: "AU", mobile: who.mobile };
    const sent = await t.post(`auth/send-otp/${door}`, { body: phone, headers });
    if (sent.status !== 200) throw new Error(`kit ${door} code failed: ${sent.status} ${sent.text}`);
    const outbox = await t.get("sms/outbox", {
      cookie: (await admin()).cookie,
      query: { search: `${who.countryCode}${who.mobile}`, limit: 1 },
    });
    const otp = String(outbox.body?.data?.[0]?.body ?? "").match(/\b(\d{6})\b/)?.[1];
    const res = await t.post(`auth/verify-otp/${door}`, { body: { ...phone, otp, ...verify }, headers });
    if (res.status !== 200) throw new Error(`kit ${door} sign-in failed: ${res.status} ${res.text}`);
    return res.body.data.token;
  }
  /** A customer's bearer token for the customer-facing calls (auth/send-otp/customer, auth/verify-otp/customer). */
  const customerToken = (who: KitCustomer) => appToken("customer", who);
  /** An Approved influencer's bearer token for the influencer calls (verify-otp type 'influencer-login', ADR 0057). */
  const influencerToken = (who: { countryCode: string | null; mobile: string | null }) =>
    appToken("influencer", who, { type: "influencer-login" });
  /** An influencer added by the admin (kit.influencer) and approved through PUT user/verification. */
  async function approvedInfluencer(overrides: Record<string, unknown> = {}) {
    const made = await influencer(overrides);
    const res = await t.put("user/verification", {
      cookie: (await admin()).cookie,
      body: { userId: made._id, status: "Approved" },
    });
    if (res.status !== 200) throw new Error(`kit influencer approval failed: ${res.status} ${res.text}`);
    return res.body.data as typeof made;
  }

  /** An order line of the kit: a product (its first variation unless `variationId` says which) and a quantity (1). */
  type KitLine = { product: KitProduct; variationId?: string; quantity?: number };
  const lineInput = (l: KitLine) => ({
    productId: l.product._id,
    variationId: l.variationId ?? (l.product.isVariationAvailable ? l.product.variations?.[0]?._id : undefined),
    quantity: l.quantity ?? 1,
  });
  /**
   * An order of `buyer`, placed through the order service (stock, coupon and payment as POST order takes them);
   * `createdAt` backdates it. Throws the service's refusal.
   */
  async function order(buyer: { id: string }, opts: Omit<Partial<PlaceOrderInput>, "lines"> & { lines: KitLine[] }) {
    const { lines, ...rest } = opts;
    const { order: placed } = await placeOrder(t.deps, buyer.id, {
      orderType: "online",
      address: { address: "1 Kit Street", city: "Sydney" },
      ...rest,
      lines: lines.map(lineInput),
    });
    return placed;
  }

  /**
   * An order written as POST order leaves it (the order, its lines with their shop, price, tax, coupon share, 10%
   * commission and net, each shop's part), at a fixed instant and with the lines' statuses given, for tests that need
   * a known calendar; a line's created_at is its order's. `extra` overrides the order's columns (e.g. deletedAt).
   */
  async function orderAsPlaced(
    buyerId: string,
    createdAt: Date,
    lines: KitPlacedLine[],
    extra: Partial<typeof orders.$inferInsert> = {},
  ) {
    const id = newId();
    const cents = lines.map((l) => {
      const line = l.unit * l.qty;
      const tax = l.tax ?? 0;
      const coupon = l.coupon ?? 0;
      const commission = Math.round(line * 0.1);
      return { line, tax, coupon, commission, net: line - coupon - commission };
    });
    const sum = (k: keyof (typeof cents)[number]) => cents.reduce((n, c) => n + c[k], 0);
    const total = sum("line") + sum("tax") - sum("coupon");
    const refunded = lines.reduce(
      (n, l, i) => n + (l.refunded ? cents[i].line + cents[i].tax - cents[i].coupon : 0),
      0,
    );
    const [row] = await t.db
      .insert(orders)
      .values({
        id,
        buyerId,
        orderType: "online",
        address: "1 George Street",
        city: "Sydney",
        subtotalCents: sum("line"),
        taxCents: sum("tax"),
        couponDiscountCents: sum("coupon"),
        totalCents: total,
        commissionCents: sum("commission"),
        refundedCents: refunded,
        paymentProvider: "ledger",
        paymentIntentId: `ledger_${id}`,
        createdAt,
        updatedAt: createdAt,
        ...extra,
      })
      .returning({ orderNumber: orders.orderNumber, buyerId: orders.buyerId });
    const lineRows = await t.db
      .insert(orderLines)
      .values(
        lines.map((l, i) => ({
          id: newId(),
          orderId: id,
          shopId: l.shop.id,
          productId: l.product._id,
          productName: l.product.name,
          image: l.product.defaultImage,
          categoryId: l.product.subcategory._id,
          unitCents: l.unit,
          quantity: l.qty,
          lineCents: cents[i].line,
          taxPercent: 0,
          taxCents: cents[i].tax,
          couponDiscountCents: cents[i].coupon,
          commissionPercent: 10,
          commissionCents: cents[i].commission,
          netAmountCents: cents[i].net,
          shopStatus: (l.refunded ? "Refunded" : (l.status ?? "Pending")) as "Pending",
          isRefunded: !!l.refunded,
          refundReason: l.refunded ? "Damaged" : null,
          refundedCents: l.refunded ? cents[i].line + cents[i].tax - cents[i].coupon : 0,
          position: i,
          createdAt,
          updatedAt: createdAt,
        })),
      )
      .returning();
    await t.db
      .insert(orderParts)
      .values(orderPartRows({ id, orderNumber: row.orderNumber, buyerId: row.buyerId, createdAt }, lineRows));
    return { id, orderNumber: row.orderNumber };
  }

  let coupons_ = 0;
  /**
   * A coupon row, inserted as the coupon calls would store it (valid for every check): by default an active, admin's
   * (all shops) flat $5 coupon on the kit catalogue's leaf, minimum order $10, 100 uses, type multi without a
   * per-customer limit, valid from yesterday for 30 days. Any field may be overridden (code is upper-cased).
   */
  async function coupon(fields: Partial<typeof coupons.$inferInsert> = {}) {
    const c = await catalogue();
    const n = ++coupons_;
    const day = 24 * 60 * 60 * 1000;
    const [row] = await t.db
      .insert(coupons)
      .values({
        id: newId(),
        name: `Kit Coupon ${n}`,
        image: "/api/files/seed/coupon.png",
        code: `KIT${n}`,
        departmentId: c.department.id,
        categoryId: c.category.id,
        subcategoryId: c.leaf.id,
        minOrderCents: 1000,
        quantity: 100,
        startAt: new Date(Date.now() - day),
        endAt: new Date(Date.now() + 30 * day),
        discountType: "flat",
        discountCents: 500,
        type: "multi",
        ...fields,
        ...(fields.code ? { code: fields.code.toUpperCase() } : {}),
      })
      .returning();
    return row;
  }

  // streams
  /** A stream of `of` presented by its owner (or `streamerId`), in `status` (created by default) with what that status needs. */
  async function stream(
    of: KitShop,
    fields: Partial<StreamFields> = {},
    opts: { categories?: string[]; products?: StreamProductFields[] } = {},
  ) {
    return createStream(t.db, { shopId: of.id, streamerId: of.owner.id, ...fields }, opts);
  }

  // campaigns
  /** A campaign of `of`: published and Upcoming by default (tomorrow for a week); `isDraft: true` for a draft. */
  async function campaign(of: KitShop, fields: Partial<CampaignFields> = {}) {
    return createCampaign(t.db, { shopId: of.id, createdBy: of.owner.id, ...fields });
  }
  /** An influencer's membership of a campaign in `state`. */
  async function campaignInfluencer(
    of: { id: string; shopId: string },
    influencerId: string,
    state: CampaignInfluencerState,
  ) {
    return createCampaignInfluencer(t.db, { campaignId: of.id, shopId: of.shopId, influencerId, state });
  }

  return {
    admin,
    shop,
    staff,
    staffEditBody,
    customer,
    influencer,
    upload,
    catalogue,
    product,
    productWithVariations,
    customerToken,
    influencerToken,
    approvedInfluencer,
    order,
    orderAsPlaced,
    coupon,
    stream,
    campaign,
    campaignInfluencer,
  };
}
export type TestKit = ReturnType<typeof testKit>;
