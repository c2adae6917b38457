import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import type { SearchResult } from "#contract/search/search";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitShop, type TestKit } from "../../../tests/factories";

// GET search (the console's one search box, ADR 0069): each kind found by what a console user types, within the caller's
// lists: owners and staff their shop's records, staff only the kinds their rights open, shops and people the admin's.

let t: TestApi;
let kit: TestKit;
let a: KitShop;
let b: KitShop;
type Who = "admin" | "owner" | "owner2" | "orderStaff" | "productStaff" | "campaignViewer";
const cookie = {} as Record<Who, string>;
let orderNumber: number;
let ids: Record<string, string>;
let phone: string;

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  const catalogue = await kit.catalogue();
  a = await kit.shop({ name: "Zephyrine Boutique", departments: [catalogue.department.id] });
  b = await kit.shop({ name: "Zephyrine Outlet", departments: [catalogue.department.id] });
  cookie.admin = (await kit.admin()).cookie;
  cookie.owner = a.owner.cookie;
  cookie.owner2 = b.owner.cookie;
  cookie.orderStaff = (await kit.staff(a, ["order:status-edit"])).cookie;
  cookie.productStaff = (await kit.staff(a, ["product:edit"])).cookie;
  cookie.campaignViewer = (await kit.staff(a, ["campaign:view"])).cookie;

  const productA = await kit.product(a, { name: "Zephyrine Linen Shirt" });
  const productB = await kit.product(b, { name: "Zephyrine Silk Scarf" });
  const buyerA = await kit.customer({ fName: "Quillon", lName: "Abernathy", email: "quillon.abernathy@example.test" });
  const buyerB = await kit.customer({ fName: "Quillon", lName: "Brightwater", email: "quillon.b@example.test" });
  const orderA = await kit.order(buyerA, { lines: [{ product: productA }] });
  await kit.order(buyerB, { lines: [{ product: productB }] });
  orderNumber = orderA.orderId;
  phone = buyerA.mobile;
  const streamA = await kit.stream(a, { name: "Zephyrine spring live" });
  const streamB = await kit.stream(b, { name: "Zephyrine clearance live" });
  const campaignA = await kit.campaign(a, { title: "Zephyrine summer campaign" });
  const campaignB = await kit.campaign(b, { title: "Zephyrine winter campaign" });
  const influencer = await kit.influencer({ fName: "Zephyrine Influencer" });
  ids = {
    orderA: orderA._id,
    productA: productA._id,
    productB: productB._id,
    buyerA: buyerA.id,
    buyerB: buyerB.id,
    streamA: streamA.id,
    streamB: streamB.id,
    campaignA: campaignA.id,
    campaignB: campaignB.id,
    influencer: influencer._id,
  };
});
afterAll(() => t.close());

async function searchAs(who: Who, q: string) {
  const res = await t.get("search", { cookie: cookie[who], query: { q } });
  expect(res.status).toBe(200);
  return res.body.data as SearchResult;
}
/** The ids found of each kind. */
const found = (result: SearchResult) =>
  Object.fromEntries(result.groups.map((g) => [g.kind, g.hits.map((h) => h._id)]));

describe("GET search: each kind found by what is typed", () => {
  it("finds an order by its number, with or without #, and by its customer's name, e-mail and phone", async () => {
    for (const q of [`#${orderNumber}`, String(orderNumber), "Quillon Abernathy", "quillon.abernathy@example", phone]) {
      expect(found(await searchAs("admin", q)).orders, q).toContain(ids.orderA);
    }
    const hit = (await searchAs("admin", `#${orderNumber}`)).groups.find((g) => g.kind === "orders")!.hits[0];
    expect(hit).toMatchObject({ _id: ids.orderA, title: `#${orderNumber}`, detail: "Quillon Abernathy" });
  });

  it("finds products, customers, shops, users, influencers, streams and campaigns by name (any case, any part)", async () => {
    const all = found(await searchAs("admin", "zephyrine"));
    expect(all.products).toEqual(expect.arrayContaining([ids.productA, ids.productB]));
    expect(all.shops).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(all.influencers).toContain(ids.influencer);
    expect(all.streams).toEqual(expect.arrayContaining([ids.streamA, ids.streamB]));
    expect(all.campaigns).toEqual(expect.arrayContaining([ids.campaignA, ids.campaignB]));
    const people = found(await searchAs("admin", "quillon"));
    expect(people.customers).toEqual(expect.arrayContaining([ids.buyerA, ids.buyerB]));
    expect(found(await searchAs("admin", a.owner.email)).users).toEqual([a.owner.id]);
  });

  it("answers a group per kind the caller lists, in a fixed order, with at most 5 records and `more` beyond", async () => {
    for (let i = 0; i < 6; i++) await kit.stream(a, { name: `Xanthic stream ${i}` });
    const result = await searchAs("owner", "xanthic");
    expect(result.q).toBe("xanthic");
    expect(result.groups.map((g) => g.kind)).toEqual(["orders", "products", "customers", "streams", "campaigns"]);
    const streams = result.groups.find((g) => g.kind === "streams")!;
    expect(streams.hits).toHaveLength(5);
    expect(streams.more).toBe(true);
    expect(result.groups.find((g) => g.kind === "campaigns")).toEqual({ kind: "campaigns", hits: [], more: false });
  });
});

describe("GET search: tenancy and rights", () => {
  it("an owner finds only their shop's orders, products, customers, streams and campaigns, and no shops or people", async () => {
    const mine = found(await searchAs("owner", "zephyrine"));
    expect(mine.products).toEqual([ids.productA]);
    expect(mine.streams).toEqual([ids.streamA]);
    expect(mine.campaigns).toEqual([ids.campaignA]);
    expect(Object.keys(mine)).not.toEqual(expect.arrayContaining(["shops"]));
    for (const kind of ["shops", "users", "influencers"]) expect(mine).not.toHaveProperty(kind);
    const people = found(await searchAs("owner", "quillon"));
    expect(people.customers).toEqual([ids.buyerA]);
    expect(people.orders).toEqual([ids.orderA]);
    // the other shop's owner sees none of shop A's
    const theirs = found(await searchAs("owner2", "zephyrine"));
    expect(theirs.products).toEqual([ids.productB]);
    expect(theirs.streams).toEqual([ids.streamB]);
    expect(theirs.campaigns).toEqual([ids.campaignB]);
    expect(found(await searchAs("owner2", `#${orderNumber}`)).orders).toEqual([]);
    expect(found(await searchAs("owner2", "Quillon Abernathy")).customers).toEqual([]);
  });

  it("staff get only the kinds their module rights open", async () => {
    const kinds = async (who: Who) => (await searchAs(who, "zephyrine")).groups.map((g) => g.kind);
    expect(await kinds("orderStaff")).toEqual(["orders"]);
    expect(await kinds("productStaff")).toEqual(["products"]);
    expect(await kinds("campaignViewer")).toEqual(["campaigns"]);
    expect(found(await searchAs("orderStaff", `#${orderNumber}`)).orders).toEqual([ids.orderA]);
  });

  it("refuses a caller without a session (401)", async () => {
    const res = await t.get("search", { query: { q: "zephyrine" } });
    expect(res.status).toBe(401);
  });
});

describe("GET search: bad input", () => {
  it("refuses an empty, blank or missing term and one over 100 characters (400 with the message)", async () => {
    for (const query of [{ q: "" }, { q: "   " }, {}]) {
      const res = await t.get("search", { cookie: cookie.admin, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toBe(MSG.searchRequired);
    }
    const long = await t.get("search", { cookie: cookie.admin, query: { q: "z".repeat(101) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(MSG.searchTooLong(100));
  });

  it("takes LIKE wildcards, quotes, backslashes and other odd characters literally", async () => {
    for (const q of ["%", "_", "\\", "'", '"', "%_\\'", "#", "#99999999999999999", "😀", "a\u0000b", "(", "[*"]) {
      const res = await t.get("search", { cookie: cookie.admin, query: { q } });
      expect(res.status, q).toBeLessThan(500);
      if (res.status === 200) {
        const result = res.body.data as SearchResult;
        for (const g of result.groups) expect(g.hits, `${q} ${g.kind}`).toEqual([]);
      }
    }
  });
});
