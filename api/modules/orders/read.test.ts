import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import { orderLines, orderNotes, orderParts, orders, users } from "#api/db/schema";
import { newId } from "#api/platform/data/ids";
import { FEW_BUYERS, searchBuyers } from "./list";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitPlacedLine, type KitProduct, type KitShop, type TestKit } from "../../../tests/factories";

// spec 2 §2 Order list, Order detail; §3 Order; §4 shopStatus, quick tags, Lists; §7 Order; §9 PDF columns (ADR 0031):
// GET order/list, GET order/{id}, GET order/export. Orders are written as the placement writes them (one order row,
// its lines with their shop and figures, each shop's part, notes), on a fixed calendar, so each figure below is known.

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let productA: KitProduct;
let productB: KitProduct;
const cookie = { admin: "", ownerA: "", ownerB: "", staffA: "", staffNoRight: "" };
const buyer = { ann: "", bob: "" };
const order = { aOnly: "", mixed: "", bOnly: "", old: "" };
const number = { aOnly: 0, mixed: 0, bOnly: 0, old: 0 };

/** One order as POST order leaves it, on the test's fixed calendar (the kit's `orderAsPlaced`). */
const place = (
  buyerId: string,
  createdAt: Date,
  lines: KitPlacedLine[],
  extra: Partial<typeof orders.$inferInsert> = {},
) => kit.orderAsPlaced(buyerId, createdAt, lines, extra);

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  shopA = await kit.shop({ name: "Alpha Shop" });
  shopB = await kit.shop({ name: "Beta Shop" });
  cookie.admin = (await kit.admin()).cookie;
  cookie.ownerA = shopA.owner.cookie;
  cookie.ownerB = shopB.owner.cookie;
  cookie.staffA = (await kit.staff(shopA, ["order:status-edit"])).cookie;
  cookie.staffNoRight = (await kit.staff(shopA, ["product:edit"])).cookie;
  productA = await kit.product(shopA);
  productB = await kit.product(shopB);
  buyer.ann = (
    await kit.customer({
      fName: "Annabel",
      lName: "Zephyr",
      email: "annabel.zephyr@example.com",
      countryCode: "+61",
      mobile: "455555555",
    })
  ).id;
  buyer.bob = (
    await kit.customer({
      fName: "Bob",
      lName: "Quill",
      email: "bob.quill@example.com",
      countryCode: "+61",
      mobile: "466666666",
    })
  ).id;

  // 10 Jan 2026 10:00 in Sydney (UTC+11) is 9 Jan 23:00 UTC: the date filters mean Sydney days
  const old = await place(buyer.bob, new Date("2026-01-09T23:00:00Z"), [
    { product: productA, shop: shopA, unit: 500, qty: 1, status: "Delivered" },
  ]);
  const aOnly = await place(buyer.ann, new Date("2026-02-01T01:00:00Z"), [
    { product: productA, shop: shopA, unit: 1999, qty: 2, tax: 400, status: "Found" },
  ]);
  const mixed = await place(
    buyer.ann,
    new Date("2026-02-02T01:00:00Z"),
    [
      { product: productA, shop: shopA, unit: 1000, qty: 1, tax: 100, coupon: 50, status: "Pending" },
      { product: productA, shop: shopA, unit: 2000, qty: 1, refunded: true },
      { product: productB, shop: shopB, unit: 3000, qty: 3, tax: 300, status: "Awaiting Pickup" },
    ],
    { couponCode: "SAVE5" },
  );
  const bOnly = await place(buyer.bob, new Date("2026-02-03T01:00:00Z"), [
    { product: productB, shop: shopB, unit: 700, qty: 1, status: "On The Way" },
  ]);
  Object.assign(order, { old: old.id, aOnly: aOnly.id, mixed: mixed.id, bOnly: bOnly.id });
  Object.assign(number, {
    old: old.orderNumber,
    aOnly: aOnly.orderNumber,
    mixed: mixed.orderNumber,
    bOnly: bOnly.orderNumber,
  });
  await t.db.insert(orderNotes).values([
    {
      id: newId(),
      orderId: mixed.id,
      shopId: null,
      note: "Leave at the door",
      createdAt: new Date("2026-02-02T02:00:00Z"),
    },
    {
      id: newId(),
      orderId: mixed.id,
      shopId: shopA.id,
      note: "Alpha packs it",
      createdAt: new Date("2026-02-02T03:00:00Z"),
    },
    {
      id: newId(),
      orderId: mixed.id,
      shopId: shopB.id,
      note: "Beta note only",
      createdAt: new Date("2026-02-02T04:00:00Z"),
    },
  ]);
});
afterAll(async () => t?.close());

const ids = (res: { body: { data: { _id: string }[] } }) => res.body.data.map((r) => r._id);

describe("GET order/list", () => {
  it("gives admins every order, newest first, with every shop's name and the order's own figures", async () => {
    const res = await t.as(cookie.admin).get("order/list");
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([order.bOnly, order.mixed, order.aOnly, order.old]);
    expect(res.body).toMatchObject({ count: 4, isNext: false });
    const mixed = res.body.data[1];
    expect(mixed.shoplist).toEqual(["Alpha Shop", "Beta Shop"]);
    // 10 + 20 + 90 = 120 dollars of lines, 4 of tax, 0.50 coupon
    expect(mixed).toMatchObject({
      orderId: number.mixed,
      subtotal: 120,
      tax: 4,
      couponDiscount: 0.5,
      total: 123.5,
      refunded: 20,
      lineCount: 3,
    });
    expect(mixed.buyerId).toMatchObject({ fName: "Annabel", email: "annabel.zephyr@example.com" });
  });

  it("gives owners only orders with their shop's lines, with figures and status from those lines", async () => {
    const a = await t.as(cookie.ownerA).get("order/list");
    expect(ids(a)).toEqual([order.mixed, order.aOnly, order.old]);
    const mixed = a.body.data[0];
    expect(mixed.shoplist).toEqual(["Alpha Shop"]);
    // A's lines: 10 + 20 (refunded), tax 1, coupon 0.50; the least advanced live line is Pending
    expect(mixed).toMatchObject({
      subtotal: 30,
      tax: 1,
      couponDiscount: 0.5,
      total: 30.5,
      refunded: 20,
      lineCount: 2,
      status: "Pending",
    });
    const b = await t.as(cookie.ownerB).get("order/list");
    expect(ids(b)).toEqual([order.bOnly, order.mixed]);
    expect(b.body.data[1]).toMatchObject({
      shoplist: ["Beta Shop"],
      total: 93,
      status: "Awaiting Pickup",
      lineCount: 1,
    });
  });

  it("lets staff with an order right read their shop's orders, and refuses staff without one, customers' absence and the anonymous", async () => {
    expect(ids(await t.as(cookie.staffA).get("order/list"))).toEqual([order.mixed, order.aOnly, order.old]);
    expect((await t.as(cookie.staffNoRight).get("order/list")).status).toBe(403);
    expect((await t.get("order/list")).status).toBe(401);
  });

  it("searches the order id, the customer's name, e-mail and phone", async () => {
    const admin = t.as(cookie.admin);
    expect(ids(await admin.get("order/list", { query: { search: String(number.aOnly) } }))).toEqual([order.aOnly]);
    expect(ids(await admin.get("order/list", { query: { search: `#${number.bOnly}` } }))).toEqual([order.bOnly]);
    expect(ids(await admin.get("order/list", { query: { search: "annabel zeph" } }))).toEqual([
      order.mixed,
      order.aOnly,
    ]);
    expect(ids(await admin.get("order/list", { query: { search: "bob.quill@" } }))).toEqual([order.bOnly, order.old]);
    expect(ids(await admin.get("order/list", { query: { search: "466 666" } }))).toEqual([order.bOnly, order.old]);
    // the number as people type it at home (the trunk 0), or with its dial code: the one phone rule of every list
    for (const phone of ["0466 666 666", "0466666666", "(04) 6666-6666", "+61 466 666 666", "0061 466 666 666"]) {
      expect(ids(await admin.get("order/list", { query: { search: phone } })), phone).toEqual([order.bOnly, order.old]);
    }
    expect(ids(await t.as(cookie.ownerB).get("order/list", { query: { search: "0466 666 666" } }))).toEqual([
      order.bOnly,
    ]);
    expect(ids(await admin.get("order/list", { query: { search: "%" } }))).toEqual([]);
    // a number matches an order id or a phone; "#n" the order id alone
    expect(ids(await admin.get("order/list", { query: { search: "5" } }))).toEqual([order.mixed, order.aOnly]);
    // an owner's search stays inside their shop's orders
    expect(ids(await t.as(cookie.ownerB).get("order/list", { query: { search: "bob" } }))).toEqual([order.bOnly]);
    // and sorts by their part's total: A's part of the mixed order is 30.50 (of 123.50), below aOnly's 43.98
    const byTotal = async (sortType: string) =>
      ids(await t.as(cookie.ownerA).get("order/list", { query: { search: "annabel", sort: "total", sortType } }));
    expect(await byTotal("desc")).toEqual([order.aOnly, order.mixed]);
    expect(await byTotal("asc")).toEqual([order.mixed, order.aOnly]);
  });

  it("finds the same orders whether the search's customers are few enough to list (FEW_BUYERS) or more", async () => {
    // FEW_BUYERS more customers named "Crowd …": "crowd" finds them all and stays a subquery; "crowd-7@" is listed
    await t.db.insert(users).values(
      Array.from({ length: FEW_BUYERS + 1 }, (_, i) => ({
        id: newId(),
        role: "endUser" as const,
        fName: "Crowd",
        lName: `Member ${i}`,
        email: `crowd-${i}@example.com`,
      })),
    );
    const [member7] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, "crowd-7@example.com"));
    const [member8] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, "crowd-8@example.com"));
    const first = await place(member7.id, new Date("2026-02-04T01:00:00Z"), [
      { product: productA, shop: shopA, unit: 100, qty: 1 },
    ]);
    const second = await place(member8.id, new Date("2026-02-05T01:00:00Z"), [
      { product: productB, shop: shopB, unit: 100, qty: 1 },
    ]);
    const admin = t.as(cookie.admin);
    try {
      expect((await searchBuyers(t.deps, { search: "crowd" })).buyers).toBeNull();
      expect((await searchBuyers(t.deps, { search: "crowd-7@" })).buyers).toEqual([member7.id]);
      const many = await admin.get("order/list", { query: { search: "crowd" } });
      expect(ids(many)).toEqual([second.id, first.id]);
      expect(many.body.count).toBe(2);
      expect(ids(await admin.get("order/list", { query: { search: "crowd-7@" } }))).toEqual([first.id]);
      expect(ids(await admin.get("order/list", { query: { search: "nobody at all" } }))).toEqual([]);
      // inside an owner's orders both ways
      expect(ids(await t.as(cookie.ownerA).get("order/list", { query: { search: "crowd" } }))).toEqual([first.id]);
      expect(ids(await t.as(cookie.ownerB).get("order/list", { query: { search: "crowd-7@" } }))).toEqual([]);
    } finally {
      // the other tests count every order: these two go
      await t.db.delete(orderParts).where(inArray(orderParts.orderId, [first.id, second.id]));
      await t.db.delete(orderLines).where(inArray(orderLines.orderId, [first.id, second.id]));
      await t.db.delete(orders).where(inArray(orders.id, [first.id, second.id]));
    }
  });

  it("filters by Sydney calendar days, and refuses a reversed or unreal range", async () => {
    const admin = t.as(cookie.admin);
    expect(ids(await admin.get("order/list", { query: { startDate: "2026-01-10", endDate: "2026-01-10" } }))).toEqual([
      order.old,
    ]);
    expect(ids(await admin.get("order/list", { query: { startDate: "2026-02-02", endDate: "2026-02-03" } }))).toEqual([
      order.bOnly,
      order.mixed,
    ]);
    expect(ids(await admin.get("order/list", { query: { endDate: "2026-02-01" } }))).toEqual([order.aOnly, order.old]);
    // an owner's and staff member's range: their shop's orders in it, and as many counted (on their shop's parts)
    for (const [who, range, expected] of [
      [cookie.ownerA, { startDate: "2026-02-01", endDate: "2026-02-03" }, [order.mixed, order.aOnly]],
      [cookie.staffA, { startDate: "2026-01-10", endDate: "2026-02-02" }, [order.mixed, order.aOnly, order.old]],
      [cookie.ownerB, { startDate: "2026-02-02" }, [order.bOnly, order.mixed]],
      [cookie.ownerB, { endDate: "2026-02-01" }, []],
    ] as const) {
      const res = await t.as(who).get("order/list", { query: range });
      expect(ids(res)).toEqual(expected);
      expect(res.body.count).toBe(expected.length);
    }
    const reversed = await admin.get("order/list", { query: { startDate: "2026-02-03", endDate: "2026-02-01" } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe(MSG.orderDateRange);
    const unreal = await admin.get("order/list", { query: { startDate: "2026-02-30" } });
    expect(unreal.status).toBe(400);
    expect(unreal.body.message).toBe(MSG.orderDateInvalid);
  });

  it("filters by a line status (an owner's: of their lines), All meaning none", async () => {
    const admin = t.as(cookie.admin);
    expect(ids(await admin.get("order/list", { query: { status: "Awaiting Pickup" } }))).toEqual([order.mixed]);
    expect(ids(await admin.get("order/list", { query: { status: "All" } }))).toHaveLength(4);
    // the mixed order's Awaiting Pickup line is shop B's: shop A's owner does not find it by that status
    expect(ids(await t.as(cookie.ownerA).get("order/list", { query: { status: "Awaiting Pickup" } }))).toEqual([]);
    expect(ids(await t.as(cookie.ownerA).get("order/list", { query: { status: "Refunded" } }))).toEqual([order.mixed]);
    const bad = await admin.get("order/list", { query: { status: "Lost" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.orderStatusFilter);
  });

  it("filters by buyer, accepts a campaign (an unknown one has no orders), sorts and pages", async () => {
    const admin = t.as(cookie.admin);
    expect(ids(await admin.get("order/list", { query: { buyerId: buyer.bob } }))).toEqual([order.bOnly, order.old]);
    expect(ids(await admin.get("order/list", { query: { campaign: "0123456789abcdef01234567" } }))).toEqual([]);
    expect(ids(await admin.get("order/list", { query: { sort: "total", sortType: "asc" } }))).toEqual([
      order.old,
      order.bOnly,
      order.aOnly,
      order.mixed,
    ]);
    expect(ids(await admin.get("order/list", { query: { sort: "orderId", sortType: "asc" } }))).toEqual([
      order.old,
      order.aOnly,
      order.mixed,
      order.bOnly,
    ]);
    // an owner's totals are their part: A's mixed part (30.50) sorts below the A-only order (43.98)
    expect(ids(await t.as(cookie.ownerA).get("order/list", { query: { sort: "total", sortType: "desc" } }))).toEqual([
      order.aOnly,
      order.mixed,
      order.old,
    ]);
    const first = await admin.get("order/list", { query: { limit: 3, page: 1 } });
    expect(first.body).toMatchObject({ count: 4, isNext: true });
    const second = await admin.get("order/list", { query: { limit: 3, page: 2 } });
    expect(ids(second)).toEqual([order.old]);
    expect(second.body.isNext).toBe(false);
    expect((await admin.get("order/list", { query: { sort: "shop" } })).status).toBe(400);
  });
});

describe("GET order/{id}", () => {
  it("gives admins the whole order: buyer, address, lines, notes, totals, coupon and quick tags per shop", async () => {
    const res = await t.as(cookie.admin).get(`order/${order.mixed}`, { query: { isWeb: "true" } });
    expect(res.status).toBe(200);
    const { data, metadata } = res.body.data;
    expect(data).toMatchObject({
      orderId: number.mixed,
      address: { address: "1 George Street", city: "Sydney" },
      buyerId: { fName: "Annabel", lName: "Zephyr", mobile: "455555555" },
      shoplist: ["Alpha Shop", "Beta Shop"],
      couponCode: "SAVE5",
      paymentIntentId: `ledger_${order.mixed}`,
      summary: { subtotal: 120, tax: 4, couponDiscount: 0.5, total: 123.5, refunded: 20 },
    });
    expect(data.products).toHaveLength(3);
    expect(data.products[0]).toMatchObject({
      id: { _id: productA._id, name: productA.name },
      price: 10,
      quantity: 1,
      tax: 1,
      couponDiscount: 0.5,
      netAmount: 8.5,
      shopStatus: "Pending",
      isrefunded: false,
    });
    expect(data.products[1]).toMatchObject({
      shopStatus: "Refunded",
      isrefunded: true,
      reason: "Damaged",
      refunded: 20,
    });
    expect(data.notes.map((n: { note: string }) => n.note)).toEqual([
      "Leave at the door",
      "Alpha packs it",
      "Beta note only",
    ]);
    expect(metadata.partial).toBe(false);
    const alpha = metadata.shops.find((s: { name: string }) => s.name === "Alpha Shop");
    // spec 2 §4: A has a Pending line, so On The Way and Delivered are blocked; Awaiting Pickup is not
    expect(alpha.quickTags).toEqual([
      { tag: "Awaiting Pickup", blockedBy: null },
      { tag: "On The Way", blockedBy: "On The Way is blocked while any line of this shop is Pending" },
      { tag: "Delivered", blockedBy: "Delivered is blocked while any line of this shop is Pending" },
    ]);
    const beta = metadata.shops.find((s: { name: string }) => s.name === "Beta Shop");
    // B's only line is Awaiting Pickup: On The Way is allowed, Delivered is blocked
    expect(beta.quickTags.map((q: { blockedBy: string | null }) => q.blockedBy)).toEqual([
      null,
      null,
      "Delivered is blocked while any line of this shop is Awaiting Pickup",
    ]);
  });

  it("gives an owner only their lines, notes and totals, and 404 for an order without their lines", async () => {
    const res = await t.as(cookie.ownerB).get(`order/${order.mixed}`);
    const { data, metadata } = res.body.data;
    expect(data.products.map((p: { shopId: string }) => p.shopId)).toEqual([shopB.id]);
    expect(data.notes.map((n: { note: string }) => n.note)).toEqual(["Leave at the door", "Beta note only"]);
    expect(data).toMatchObject({
      shoplist: ["Beta Shop"],
      total: 93,
      summary: { subtotal: 90, tax: 3, couponDiscount: 0, total: 93, refunded: 0 },
      paymentIntentId: null,
    });
    expect(metadata).toMatchObject({ partial: true, shops: [{ name: "Beta Shop", status: "Awaiting Pickup" }] });
    for (const [who, id] of [
      [cookie.ownerB, order.aOnly],
      [cookie.ownerA, order.bOnly],
      [cookie.staffA, order.bOnly],
    ] as const) {
      const refused = await t.as(who).get(`order/${id}`);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(MSG.notFound);
    }
    // an order alone of the owner's shop carries its payment reference
    expect((await t.as(cookie.ownerA).get(`order/${order.aOnly}`)).body.data.data.paymentIntentId).toBe(
      `ledger_${order.aOnly}`,
    );
  });

  it("refuses staff without an order right and the anonymous; an unknown id is 404", async () => {
    expect((await t.as(cookie.staffNoRight).get(`order/${order.aOnly}`)).status).toBe(403);
    expect((await t.get(`order/${order.aOnly}`)).status).toBe(401);
    expect((await t.as(cookie.admin).get(`order/${newId()}`)).status).toBe(404);
  });
});

describe("GET order/export", () => {
  it("streams a CSV of the filtered rows with their figures; owners get no Shop(s) column and only their part", async () => {
    const admin = await t.as(cookie.admin).get("order/export", { query: { format: "csv", startDate: "2026-02-01" } });
    expect(admin.status).toBe(200);
    expect(admin.headers.get("content-type")).toContain("text/csv");
    const lines = admin.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Order ID,Customer Name,Date of Order,Shop(s),Order Type,Delivery Address,Customer E-mail,Customer Phone,Order Status,Lines,Subtotal (AUD),Tax (AUD),Coupon Discount (AUD),Total (AUD),Refunded (AUD)",
    );
    expect(lines).toHaveLength(4);
    expect(lines[2]).toBe(
      `#${number.mixed},Annabel Zephyr,02/02/2026,"Alpha Shop, Beta Shop",Online,"1 George Street, Sydney",annabel.zephyr@example.com,'+61 455555555,Pending,3,120.00,4.00,0.50,123.50,20.00`,
    );
    const owner = await t.as(cookie.ownerB).get("order/export", { query: { format: "csv" } });
    const ownerLines = owner.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(ownerLines[0].startsWith("Order ID,Customer Name,Date of Order,Order Type,Delivery Address,")).toBe(true);
    expect(ownerLines.slice(1).map((l) => l.split(",")[0])).toEqual([`#${number.bOnly}`, `#${number.mixed}`]);
    expect(ownerLines[2]).toContain(",90.00,3.00,0.00,93.00,0.00");
  });

  it("writes the PDF with spec 2 §9's columns (Shop(s) for admins only)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "orders-pdf-"));
    const text = async (who: string) => {
      const res = await t.app.request("http://localhost/api/order/export?format=pdf", { headers: { cookie: who } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      const file = path.join(dir, `${Math.random()}.pdf`);
      writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
      return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
    };
    const admin = await text(cookie.admin);
    expect(admin).toMatch(/Order ID\s+Customer Name\s+Date of Order\s+Shop\(s\)\s+Order Type\s+Delivery Address/);
    expect(admin).toMatch(
      new RegExp(
        `#${number.mixed}\\s+Annabel Zephyr\\s+02/02/2026\\s+Alpha Shop, Beta Shop\\s+Online\\s+1 George Street, Sydney`,
      ),
    );
    const owner = await text(cookie.ownerA);
    expect(owner).toMatch(/Order ID\s+Customer Name\s+Date of Order\s+Order Type\s+Delivery Address/);
    expect(owner).not.toContain("Shop(s)");
    expect(owner).not.toContain(`#${number.bOnly}`);
  });

  it("refuses a bad format and the people the list refuses", async () => {
    const bad = await t.as(cookie.admin).get("order/export", { query: { format: "xls" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.orderExportFormat);
    expect((await t.as(cookie.staffNoRight).get("order/export", { query: { format: "csv" } })).status).toBe(403);
    expect((await t.get("order/export", { query: { format: "csv" } })).status).toBe(401);
  });
});

describe("orders placed by the order service (kit.order)", () => {
  it("list, detail and CSV show what the placement stored: the whole order to admins, each shop its own part", async () => {
    const carol = await kit.customer({ fName: "Carol", lName: "Placed", countryCode: "+61", mobile: "477777777" });
    const coupon = await kit.coupon();
    const placed = await kit.order(carol, {
      lines: [{ product: productA, quantity: 2 }, { product: productB }],
      couponCode: coupon.code,
    });
    const admin = await t.as(cookie.admin).get(`order/${placed._id}`);
    const { data } = admin.body.data;
    expect(data).toMatchObject({
      orderId: placed.orderId,
      total: placed.total,
      couponCode: coupon.code,
      shoplist: ["Alpha Shop", "Beta Shop"],
    });
    expect(data.summary).toMatchObject({
      subtotal: placed.subtotal,
      tax: placed.tax,
      couponDiscount: placed.couponDiscount,
      total: placed.total,
    });
    expect(data.products.map((p: { shopStatus: string }) => p.shopStatus)).toEqual(["Pending", "Pending"]);
    // each shop's part adds up to the whole
    const row = async (who: string) =>
      (await t.as(who).get("order/list", { query: { search: "Carol Placed" } })).body.data[0];
    const [a, b] = [await row(cookie.ownerA), await row(cookie.ownerB)];
    expect(a.shoplist).toEqual(["Alpha Shop"]);
    expect(b.shoplist).toEqual(["Beta Shop"]);
    expect(Math.round((a.total + b.total) * 100)).toBe(Math.round(placed.total * 100));
    expect(Math.round((a.couponDiscount + b.couponDiscount) * 100)).toBe(Math.round(placed.couponDiscount * 100));
    const aLines = placed.products.filter((l) => l.shopId === shopA.id);
    expect(a.subtotal).toBe(aLines.reduce((n, l) => n + l.price * l.quantity, 0));
    const csv = await t
      .as(cookie.admin)
      .get("order/export", { query: { format: "csv", search: `#${placed.orderId}` } });
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1].startsWith(`#${placed.orderId},Carol Placed,`)).toBe(true);
    expect(lines[1].endsWith(`,${placed.total.toFixed(2)},0.00`)).toBe(true);
  });
});
