import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitProduct, type KitShop, type TestKit } from "../../../tests/factories";

// spec 2 §2 Order list, §4 shopStatus; ADR 0033 and its addendum: GET order/list filtered by a line status, with every
// sort and a date range. Admins get the orders with any line in that status; owners and staff the orders with a line
// of their shop in it. Orders with several lines in the status come once, a deleted order never, and the order is the
// sort's (its ties broken by the order id, the same way), page after page, with the exact count below 1,000 (ADR 0012).

let t: TestApi;
let kit: TestKit;
const shop: Record<"a" | "b", KitShop> = {} as never;
const product: Record<"a" | "b", KitProduct> = {} as never;
const cookie = { admin: "", ownerA: "", ownerB: "", staffA: "" };
const buyer = { ann: "", bob: "" };

type Status = "Pending" | "On Hold" | "Refunded" | "Delivered";
type Line = { shop: "a" | "b"; cents: number; status: Status };
/** What the test placed: enough to say which orders each caller finds and in which order. */
type Placed = { id: string; number: number; at: Date; lines: Line[]; deleted: boolean };
const placed: Placed[] = [];
const named: Record<string, string> = {};

/** One order as POST order leaves it (the kit's `orderAsPlaced`; a line's created_at is its order's); `deleted` marks it deleted. */
async function place(name: string, buyerId: string, at: string, lines: Line[], deleted = false) {
  const createdAt = new Date(at);
  const { id, orderNumber } = await kit.orderAsPlaced(
    buyerId,
    createdAt,
    lines.map((l) => ({
      product: product[l.shop],
      shop: shop[l.shop],
      unit: l.cents,
      qty: 1,
      status: l.status,
      refunded: l.status === "Refunded",
    })),
    { deletedAt: deleted ? createdAt : null },
  );
  placed.push({ id, number: orderNumber, at: createdAt, lines, deleted });
  named[name] = id;
}

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  shop.a = await kit.shop({ name: "Alpha Shop" });
  shop.b = await kit.shop({ name: "Beta Shop" });
  product.a = await kit.product(shop.a);
  product.b = await kit.product(shop.b);
  cookie.admin = (await kit.admin()).cookie;
  cookie.ownerA = shop.a.owner.cookie;
  cookie.ownerB = shop.b.owner.cookie;
  cookie.staffA = (await kit.staff(shop.a, ["order:status-edit"])).cookie;
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

  // placed out of date order, so the order numbers do not follow the dates; 00:00 UTC is 11:00 in Sydney (UTC+11)
  await place("newest", buyer.bob, "2026-03-07T00:00:00Z", [{ shop: "a", cents: 4000, status: "On Hold" }]);
  await place("twoDelivered", buyer.ann, "2026-03-01T00:00:00Z", [
    { shop: "a", cents: 1000, status: "Delivered" },
    { shop: "a", cents: 2500, status: "Delivered" },
  ]);
  await place("bDelivered", buyer.ann, "2026-03-02T00:00:00Z", [
    { shop: "a", cents: 1500, status: "Pending" },
    { shop: "b", cents: 6000, status: "Delivered" },
  ]);
  // two orders of the same instant: their order is the order id's
  await place("tie1", buyer.bob, "2026-03-03T00:00:00Z", [
    { shop: "a", cents: 3000, status: "Delivered" },
    { shop: "b", cents: 500, status: "On Hold" },
  ]);
  await place("tie2", buyer.ann, "2026-03-03T00:00:00Z", [{ shop: "a", cents: 2000, status: "Delivered" }]);
  await place("refunded", buyer.bob, "2026-03-04T00:00:00Z", [
    { shop: "a", cents: 900, status: "Refunded" },
    { shop: "a", cents: 5000, status: "Delivered" },
    { shop: "b", cents: 700, status: "Refunded" },
  ]);
  await place("deleted", buyer.ann, "2026-03-05T00:00:00Z", [{ shop: "a", cents: 8000, status: "Delivered" }], true);
  await place("bOnly", buyer.bob, "2026-03-06T00:00:00Z", [{ shop: "b", cents: 1200, status: "Delivered" }]);
  await place("oldest", buyer.ann, "2026-02-27T00:00:00Z", [{ shop: "a", cents: 3500, status: "Delivered" }]);
});
afterAll(async () => t?.close());

const ids = (res: { body: { data: { _id: string }[] } }) => res.body.data.map((r) => r._id);
const these = (...names: string[]) => names.map((n) => named[n]);
/** The two orders of the same instant, as the list orders them (by id, in the sort's direction). */
const ties = (dir: "asc" | "desc") =>
  [named.tie1, named.tie2].sort((x, y) => (x < y ? -1 : 1) * (dir === "asc" ? 1 : -1));

/** What a caller (their shop, or every shop) finds with `status`, in the order of `sort`: the spec's rule, in JS. */
function expected(
  shopKey: "a" | "b" | null,
  status: Status,
  sort: "createdAt" | "orderId" | "total",
  dir: "asc" | "desc",
  from?: Date,
  to?: Date,
) {
  const mine = (o: Placed) => o.lines.filter((l) => !shopKey || l.shop === shopKey);
  const key = (o: Placed) =>
    sort === "createdAt" ? o.at.getTime() : sort === "orderId" ? o.number : mine(o).reduce((n, l) => n + l.cents, 0);
  const sign = dir === "asc" ? 1 : -1;
  return placed
    .filter(
      (o) => !o.deleted && mine(o).some((l) => l.status === status) && (!from || o.at >= from) && (!to || o.at < to),
    )
    .sort((x, y) => sign * (key(x) - key(y) || (x.id < y.id ? -1 : 1)))
    .map((o) => o.id);
}

describe("GET order/list with a status filter", () => {
  it("gives the newest orders with a line in that status first, each once, none deleted (admins: any shop's line)", async () => {
    const res = await t.as(cookie.admin).get("order/list", { query: { status: "Delivered" } });
    expect(ids(res)).toEqual([
      ...these("bOnly", "refunded"),
      ...ties("desc"),
      ...these("bDelivered", "twoDelivered", "oldest"),
    ]);
    expect(res.body).toMatchObject({ count: 7, isNext: false });
    expect(ids(await t.as(cookie.admin).get("order/list", { query: { status: "On Hold" } }))).toEqual(
      these("newest", "tie1"),
    );
    expect(ids(await t.as(cookie.admin).get("order/list", { query: { status: "Refunded", sortType: "asc" } }))).toEqual(
      these("refunded"),
    );
  });

  it("gives owners and staff only the orders with a line of their shop in that status", async () => {
    const ownerA = await t.as(cookie.ownerA).get("order/list", { query: { status: "Delivered" } });
    expect(ids(ownerA)).toEqual([...these("refunded"), ...ties("desc"), ...these("twoDelivered", "oldest")]);
    expect(ownerA.body).toMatchObject({ count: 5, isNext: false });
    // the rows' figures and status are still the shop's own lines'
    expect(ownerA.body.data[0]).toMatchObject({ total: 59, lineCount: 2, shoplist: ["Alpha Shop"] });
    expect(ids(await t.as(cookie.staffA).get("order/list", { query: { status: "Delivered" } }))).toEqual(ids(ownerA));
    expect(ids(await t.as(cookie.ownerB).get("order/list", { query: { status: "Delivered" } }))).toEqual(
      these("bOnly", "bDelivered"),
    );
    expect(ids(await t.as(cookie.ownerA).get("order/list", { query: { status: "On Hold" } }))).toEqual(these("newest"));
    expect(ids(await t.as(cookie.ownerB).get("order/list", { query: { status: "On Hold" } }))).toEqual(these("tie1"));
  });

  it("keeps every sort, both ways, for every caller and status", async () => {
    const callers = [
      [cookie.admin, null],
      [cookie.ownerA, "a"],
      [cookie.staffA, "a"],
      [cookie.ownerB, "b"],
    ] as const;
    for (const [who, shopKey] of callers) {
      for (const status of ["Delivered", "On Hold", "Refunded", "Pending"] as const) {
        for (const sort of ["createdAt", "orderId", "total"] as const) {
          for (const sortType of ["desc", "asc"] as const) {
            const res = await t.as(who).get("order/list", { query: { status, sort, sortType } });
            const want = expected(shopKey, status, sort, sortType);
            expect(ids(res), `${shopKey ?? "admin"} ${status} ${sort} ${sortType}`).toEqual(want);
            expect(res.body.count).toBe(want.length);
          }
        }
      }
    }
  });

  it("pages the filtered orders without skipping or repeating one, with the whole count", async () => {
    for (const [who, shopKey] of [
      [cookie.admin, null],
      [cookie.ownerA, "a"],
    ] as const) {
      for (const sortType of ["desc", "asc"] as const) {
        const want = expected(shopKey, "Delivered", "createdAt", sortType);
        const pages = [];
        for (let page = 1; page <= 3; page++) {
          const res = await t.as(who).get("order/list", { query: { status: "Delivered", sortType, limit: 2, page } });
          expect(res.body.count).toBe(want.length);
          expect(res.body.isNext).toBe(page * 2 < want.length);
          pages.push(...ids(res));
        }
        expect(pages).toEqual(want.slice(0, 6));
      }
    }
  });

  it("combines the status with a date range (Sydney days), a search and every sort", async () => {
    // 2 to 4 March in Sydney: from 1 March 13:00 UTC to 4 March 13:00 UTC
    const range = { startDate: "2026-03-02", endDate: "2026-03-04" };
    const [from, to] = [new Date("2026-03-01T13:00:00Z"), new Date("2026-03-04T13:00:00Z")];
    for (const [who, shopKey] of [
      [cookie.admin, null],
      [cookie.ownerA, "a"],
      [cookie.ownerB, "b"],
    ] as const) {
      for (const sort of ["createdAt", "orderId", "total"] as const) {
        for (const sortType of ["desc", "asc"] as const) {
          const res = await t.as(who).get("order/list", { query: { status: "Delivered", sort, sortType, ...range } });
          const want = expected(shopKey, "Delivered", sort, sortType, from, to);
          expect(ids(res), `${shopKey ?? "admin"} ${sort} ${sortType}`).toEqual(want);
          expect(res.body.count).toBe(want.length);
        }
      }
    }
    expect(ids(await t.as(cookie.admin).get("order/list", { query: { status: "Delivered", ...range } }))).toEqual([
      ...these("refunded"),
      ...ties("desc"),
      ...these("bDelivered"),
    ]);
    // Bob's Delivered orders
    const bob = await t.as(cookie.admin).get("order/list", { query: { status: "Delivered", search: "Bob Quill" } });
    expect(ids(bob)).toEqual(these("bOnly", "refunded", "tie1"));
    expect(bob.body.count).toBe(3);
    expect(
      ids(
        await t
          .as(cookie.ownerA)
          .get("order/list", { query: { status: "Delivered", buyerId: buyer.ann, sortType: "asc" } }),
      ),
    ).toEqual(these("oldest", "twoDelivered", "tie2"));
  });
});
