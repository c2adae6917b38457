import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { campaignTransactions, orderLines, orders } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitCustomer, type KitProduct, type KitShop, type TestKit } from "../../../tests/factories";

// spec 3 §3 payout terms, Payout row, Payout detail row, Transaction; §5 Payout terms, Payment; §7 Payouts, Payments and
// transactions; ADR 0060 (owed = fee + commission on the campaign streams' orders; paid never past owed).

let t: TestApi;
let kit: TestKit;
let a: KitShop;
let b: KitShop;
let buyer: KitCustomer;
let token: string;
let catalogue: Awaited<ReturnType<TestKit["catalogue"]>>;
type Who = "admin" | "owner" | "owner2" | "viewer" | "editor" | "nobody";
const cookie = {} as Record<Who, string>;

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  catalogue = await kit.catalogue();
  a = await kit.shop({ name: "Payout Shop A", departments: [catalogue.department.id] });
  b = await kit.shop({ name: "Payout Shop B", departments: [catalogue.department.id] });
  cookie.admin = (await kit.admin()).cookie;
  cookie.owner = a.owner.cookie;
  cookie.owner2 = b.owner.cookie;
  cookie.viewer = (await kit.staff(a, ["campaign:view"])).cookie;
  cookie.editor = (await kit.staff(a, ["campaign:edit"])).cookie;
  cookie.nobody = (await kit.staff(a, ["product:add"])).cookie;
  buyer = await kit.customer();
  token = await kit.customerToken(buyer);
});
afterAll(() => t.close());

/** A published, ongoing campaign of shop A with an accepted influencer, and that influencer's live stream in it. */
async function setting(state: "accepted" | "invited" = "accepted") {
  const influencer = await kit.influencer();
  const now = Date.now();
  const campaign = await kit.campaign(a, { startAt: new Date(now - 86_400_000), endAt: new Date(now + 86_400_000) });
  await kit.campaignInfluencer(campaign, influencer._id, state);
  const stream = await kit.stream(a, { status: "broadcasting", campaignId: campaign.id, streamerId: influencer._id });
  return { influencer, campaign, stream, terms: `campaign/payout/${campaign.id}/${influencer._id}` };
}
const place = (body: Record<string, unknown>) =>
  t.post("order", {
    body: { orderType: "online", address: { address: "1 George Street", city: "Sydney" }, ...body },
    headers: { authorization: `Bearer ${token}` },
  });
const outline = async (campaignId: string, as = cookie.owner) =>
  (await t.get("campaign/payment-outline", { cookie: as, query: { campaignId } })).body.data as {
    influencerId: string;
    Total: number;
    Paid: number;
    Pending: number;
    status: string;
  }[];
const pay = (campaignId: string, influencerId: string, amount: unknown, as = cookie.owner) =>
  t.post("campaign/payment", {
    cookie: as,
    body: { campaignId, influencerId, amount, note: "Weekly", isPayment: true },
  });

describe("attribution: an order placed during a campaign stream belongs to the campaign", () => {
  it("copies the live stream's campaign onto the order; a scheduled stream's order belongs to none", async () => {
    const { campaign, stream } = await setting();
    const p = await kit.product(a, { stock: 20 });
    const live = await place({ streamId: stream.id, lines: [{ productId: p._id, quantity: 1 }] });
    expect(live.status).toBe(201);
    const later = await kit.stream(a, { status: "created", campaignId: campaign.id });
    const scheduled = await place({ streamId: later.id, lines: [{ productId: p._id, quantity: 1 }] });
    expect(scheduled.status).toBe(201);
    const campaignOf = async (id: string) =>
      (await t.db.select({ c: orders.campaignId }).from(orders).where(eq(orders.id, id)))[0].c;
    expect(await campaignOf(live.body.data._id)).toBe(campaign.id);
    expect(await campaignOf(scheduled.body.data._id)).toBeNull();
  });
});

describe("payout terms", () => {
  it("saves the fee (6 digits, 2 decimals) and refuses anything else with the spec's message", async () => {
    const { terms } = await setting();
    const saved = await t.post(terms, { cookie: cookie.owner, body: { fee: "150.50" } });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(MSG.payoutSaved);
    expect(saved.body.data.fee).toBe(150.5);
    for (const fee of ["1234567", "12.345", "-5", "abc", "1e3"]) {
      const refused = await t.put(terms, { cookie: cookie.owner, body: { fee } });
      expect(refused.status, fee).toBe(400);
      expect(refused.body.message).toBe(MSG.payoutFeeInvalid);
    }
    expect((await t.get(terms, { cookie: cookie.owner })).body.data.fee).toBe(150.5);
  });

  it("replaces the commission rows: a sub-category once, 0 to 100, the spec's messages", async () => {
    const { terms } = await setting();
    const leaf = catalogue.leaf.id;
    const ok = await t.put(terms, {
      cookie: cookie.owner,
      body: { salesCommission: [{ subCategory: leaf, commission: 12 }] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.salesCommission).toMatchObject([{ subCategory: { _id: leaf }, commission: 12 }]);
    const cases: [unknown, string][] = [
      [[{ subCategory: "", commission: 5 }], MSG.payoutCategoryRequired],
      [[{ subCategory: leaf, commission: "" }], MSG.payoutCommissionRequired],
      [[{ subCategory: leaf, commission: 101 }], MSG.payoutCommissionRange],
      [[{ subCategory: leaf, commission: "4.5" }], MSG.payoutCommissionRange],
      [
        [
          { subCategory: leaf, commission: 5 },
          { subCategory: leaf, commission: 6 },
        ],
        MSG.payoutCategoryTwice,
      ],
      [[{ subCategory: catalogue.department.id, commission: 5 }], MSG.payoutCategoryUnknown],
    ];
    for (const [salesCommission, message] of cases) {
      const refused = await t.put(terms, { cookie: cookie.owner, body: { salesCommission } });
      expect(refused.status, message).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await t.get(terms, { cookie: cookie.owner })).body.data.salesCommission).toHaveLength(1);
  });

  it("adds and removes free products within stock, per variation with the variant's name", async () => {
    const { terms } = await setting();
    const shirt = await kit.product(a, { stock: 5 });
    const tee = await kit.productWithVariations(a);
    const [red] = tee.variations!;
    const add = (freeProduct: Record<string, unknown>) =>
      t.put(terms, { cookie: cookie.owner, body: { action: "add-product", freeProduct } });
    expect((await add({ productId: shirt._id, quantity: 6 })).body.message).toBe(MSG.payoutQuantityInvalid);
    expect((await add({ productId: shirt._id, quantity: 0 })).body.message).toBe(MSG.payoutQuantityInvalid);
    const added = await add({ productId: shirt._id, quantity: 2 });
    expect(added.status).toBe(200);
    expect(added.body.data.freeProducts).toMatchObject([{ productId: { _id: shirt._id }, quantity: 2 }]);
    const over = await add({ productId: tee._id, variations: [{ variationId: red._id, quantity: 10_000 }] });
    expect(over.body.message).toMatch(/^Quantity for ".+" is invalid\.$/);
    const stocked = await add({ productId: tee._id, variations: [{ variationId: red._id, quantity: 9_999 }] });
    expect(stocked.body.message).toMatch(/^Quantity for ".+" exceeds the available quantity in stock\.$/);
    expect((await add({ productId: tee._id, variations: [{ variationId: red._id, quantity: 1 }] })).status).toBe(200);
    const theirs = await kit.product(b);
    expect((await add({ productId: theirs._id, quantity: 1 })).body.message).toBe(MSG.payoutProductUnknown);
    const removed = await t.put(terms, {
      cookie: cookie.owner,
      body: { action: "remove-product", freeProduct: { productId: shirt._id } },
    });
    expect(removed.body.data.freeProducts).toMatchObject([{ productId: { _id: tee._id }, variationId: red._id }]);
  });

  it("are only for an accepted influencer", async () => {
    const { terms } = await setting("invited");
    const refused = await t.post(terms, { cookie: cookie.owner, body: { fee: 10 } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.payoutNotAccepted);
  });
});

describe("what is owed: the fee plus the commission earned on the campaign streams' orders", () => {
  let shirt: KitProduct;
  beforeAll(async () => {
    shirt = await kit.product(a, { stock: 50, price: 40 });
  });

  it("sums fee and commission by sub-category, leaves out refunded lines and other streamers' orders", async () => {
    const { campaign, stream, influencer, terms } = await setting();
    await t.post(terms, {
      cookie: cookie.owner,
      body: { fee: 100, salesCommission: [{ subCategory: catalogue.leaf.id, commission: 10 }] },
    });
    // two orders of 2 × $40 during the stream: 10 % of $160 = $16
    const first = await place({ streamId: stream.id, lines: [{ productId: shirt._id, quantity: 2 }] });
    await place({ streamId: stream.id, lines: [{ productId: shirt._id, quantity: 2 }] });
    // another presenter's stream in the same campaign earns this influencer nothing
    const other = await kit.stream(a, { status: "broadcasting", campaignId: campaign.id });
    await place({ streamId: other.id, lines: [{ productId: shirt._id, quantity: 3 }] });
    let [row] = (await outline(campaign.id)).filter((r) => r.influencerId === influencer._id);
    expect(row).toMatchObject({ Total: 116, Paid: 0, Pending: 116, status: "pending" });

    // the first order refunded: its line earns nothing
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, first.body.data._id));
    const refund = await t.put("payment/refund", {
      cookie: cookie.owner,
      body: { orderId: first.body.data._id, productsEntryId: [line.id], reason: "Damaged" },
    });
    expect(refund.status).toBe(200);
    [row] = (await outline(campaign.id)).filter((r) => r.influencerId === influencer._id);
    expect(row.Total).toBe(108);

    // the detail: the fee and the stream's commission
    const detail = await t.get("campaign/payment", {
      cookie: cookie.viewer,
      query: { campaignId: campaign.id, influencerId: influencer._id, isPayment: "false" },
    });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ for: "fee", amount: 100, streamId: null }),
        expect.objectContaining({ for: "commission", amount: 8, streamId: { _id: stream.id, name: stream.name } }),
      ]),
    );
  });
});

describe("payments", () => {
  it("add, edit and delete; never past what is owed; the spec's messages", async () => {
    const { campaign, influencer, terms } = await setting();
    await t.post(terms, { cookie: cookie.owner, body: { fee: 50 } });
    const id = influencer._id;
    expect((await pay(campaign.id, id, "")).body.message).toBe(MSG.paymentAmountRequired);
    expect((await pay(campaign.id, id, 0.5)).body.message).toBe(MSG.paymentAmountMin);
    const over = await pay(campaign.id, id, 50.01);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(MSG.paymentExceedsOwed("$50.00"));
    const paid = await pay(campaign.id, id, 20);
    expect(paid.status).toBe(200);
    expect(paid.body.message).toBe(MSG.paymentAdded);
    expect(paid.body.data).toMatchObject({ amount: 20, note: "Weekly", campaignId: campaign.id, influencerId: id });
    expect((await pay(campaign.id, id, 31)).body.message).toBe(MSG.paymentExceedsOwed("$30.00"));
    // the fee cannot drop below what was paid
    expect((await t.put(terms, { cookie: cookie.owner, body: { fee: 10 } })).body.message).toBe(
      MSG.payoutTermsBelowPaid,
    );
    const edited = await t.put(`campaign/payment/${paid.body.data._id}`, {
      cookie: cookie.editor,
      body: { amount: 50, note: "All of it" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ amount: 50, note: "All of it" });
    expect((await outline(campaign.id)).find((r) => r.influencerId === id)).toMatchObject({
      Total: 50,
      Paid: 50,
      Pending: 0,
      status: "settled",
    });
    const tooMuch = await t.put(`campaign/payment/${paid.body.data._id}`, {
      cookie: cookie.owner,
      body: { amount: 51 },
    });
    expect(tooMuch.status).toBe(400);
    const list = await t.get("campaign/payment", {
      cookie: cookie.owner,
      query: { campaignId: campaign.id, influencerId: id },
    });
    expect(list.body.data).toMatchObject([{ _id: paid.body.data._id, amount: 50 }]);
    const deleted = await t.delete(`campaign/payment/${paid.body.data._id}`, { cookie: cookie.owner });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(MSG.transactionDeleted);
    expect((await outline(campaign.id)).find((r) => r.influencerId === id)).toMatchObject({ Paid: 0, Pending: 50 });
    expect((await t.delete(`campaign/payment/${paid.body.data._id}`, { cookie: cookie.owner })).status).toBe(404);
  });

  it("concurrent payments never pay past what is owed", async () => {
    const { campaign, influencer, terms } = await setting();
    await t.post(terms, { cookie: cookie.owner, body: { fee: 100 } });
    // twenty payments of $10 at once for $100 owed: exactly ten go through
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(campaign.id, influencer._id, 10)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 400)).toHaveLength(10);
    const rows = await t.db.select().from(campaignTransactions).where(eq(campaignTransactions.campaignId, campaign.id));
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(10_000);
  });
});

describe("rights and isolation", () => {
  it("staff need the campaign module: view reads, edit writes; others are refused", async () => {
    const { campaign, influencer, terms } = await setting();
    expect((await t.get(terms, { cookie: cookie.viewer })).status).toBe(200);
    expect((await t.put(terms, { cookie: cookie.viewer, body: { fee: 5 } })).status).toBe(403);
    expect((await t.put(terms, { cookie: cookie.editor, body: { fee: 5 } })).status).toBe(200);
    expect((await t.get(terms, { cookie: cookie.nobody })).status).toBe(403);
    expect((await pay(campaign.id, influencer._id, 1, cookie.viewer)).status).toBe(403);
    expect((await t.get(terms, { cookie: cookie.admin })).status).toBe(200);
    expect((await pay(campaign.id, influencer._id, 1, cookie.admin)).status).toBe(200);
  });

  it("another shop's owner reads and changes nothing of a campaign of shop A", async () => {
    const { campaign, influencer, terms } = await setting();
    await t.post(terms, { cookie: cookie.owner, body: { fee: 30 } });
    const paid = await pay(campaign.id, influencer._id, 10);
    const q = { campaignId: campaign.id, influencerId: influencer._id };
    expect((await t.get(terms, { cookie: cookie.owner2 })).status).toBe(404);
    expect((await t.put(terms, { cookie: cookie.owner2, body: { fee: 1 } })).status).toBe(404);
    expect((await t.get("campaign/payment-outline", { cookie: cookie.owner2, query: q })).status).toBe(404);
    expect((await t.get("campaign/payment", { cookie: cookie.owner2, query: q })).status).toBe(404);
    expect((await pay(campaign.id, influencer._id, 1, cookie.owner2)).status).toBe(404);
    const id = paid.body.data._id;
    expect((await t.put(`campaign/payment/${id}`, { cookie: cookie.owner2, body: { amount: 1 } })).status).toBe(404);
    expect((await t.delete(`campaign/payment/${id}`, { cookie: cookie.owner2 })).status).toBe(404);
    expect((await t.get(terms, { cookie: cookie.owner })).body.data.fee).toBe(30);
    expect((await outline(campaign.id)).find((r) => r.influencerId === influencer._id)).toMatchObject({ Paid: 10 });
  });
});

describe("the revenue dashboard's figures are sums of the campaign's orders", () => {
  it("revenue by type and day, stream stats, top products and streams, sales by category, recent orders", async () => {
    const c = await kit.shop({ name: "Revenue Shop C", departments: [catalogue.department.id] });
    const influencer = await kit.influencer();
    const now = Date.now();
    const campaign = await kit.campaign(c, { startAt: new Date(now - 86_400_000), endAt: new Date(now + 86_400_000) });
    await kit.campaignInfluencer(campaign, influencer._id, "accepted");
    const promoted = await kit.product(c, { stock: 20, price: 40 });
    const plain = await kit.product(c, { stock: 20, price: 20 });
    const stream = await kit.stream(
      c,
      { status: "broadcasting", campaignId: campaign.id, streamerId: influencer._id },
      { products: [{ productId: promoted._id }] },
    );
    const placed = [
      await place({ streamId: stream.id, lines: [{ productId: promoted._id, quantity: 2 }] }),
      await place({ streamId: stream.id, lines: [{ productId: plain._id, quantity: 1 }] }),
    ];
    // an order of the shop outside the campaign
    await place({ lines: [{ productId: plain._id, quantity: 1 }] });
    const campaignSales = placed.reduce((sum, r) => sum + (r.body.data.subtotal - r.body.data.couponDiscount), 0);
    expect(campaignSales).toBe(100);

    const stats = async (type: string) =>
      (await t.get(`campaign/stats/${campaign.id}`, { cookie: c.owner.cookie, query: { type } })).body.data as {
        start: string;
        end: string;
        revenueDateWise: { _id: { createdAt: string }; revenue: number }[];
        revenueTotal: { total: number };
      };
    // total: the campaign's sales only; the shop's order outside the campaign (above) does not count
    const total = await stats("total");
    expect(total.revenueTotal.total).toBe(campaignSales);
    expect(total.revenueDateWise.reduce((sum, d) => sum + d.revenue, 0)).toBe(campaignSales);
    // the default range: the last 30 days, within the campaign (it began yesterday)
    expect(total.revenueDateWise.map((d) => d._id.createdAt)).toEqual([total.start, total.end]);
    // product: the promoted products' part of it; stream: the rest sold during the campaign's streams
    expect((await stats("product")).revenueTotal.total).toBe(80);
    expect((await stats("stream")).revenueTotal.total).toBe(20);

    const card = await t.get(`campaign/stats/streams/${campaign.id}`, { cookie: c.owner.cookie });
    expect(card.body.data).toMatchObject({ streams: 1, live: 1, orders: 2, productsSold: 3, sale: 100 });
    const top = (await t.get(`campaign/stats/top-products-streams/${campaign.id}`, { cookie: c.owner.cookie })).body
      .data;
    expect(top.topProductStream.map((p: { _id: string; sale: number }) => [p._id, p.sale])).toEqual([
      [promoted._id, 80],
      [plain._id, 20],
    ]);
    expect(top.topStreamData).toMatchObject([{ _id: stream.id, sale: 100 }]);
    const donut = await t.get(`campaign/stats/subcategory-wise-sales/${campaign.id}`, { cookie: c.owner.cookie });
    expect(donut.body.data.subcategoryBySale).toMatchObject([{ _id: catalogue.leaf.id, sale: 100 }]);
    const recent = await t.get("order/list", { cookie: c.owner.cookie, query: { campaign: campaign.id, limit: 49 } });
    expect(recent.body.data.map((o: { _id: string }) => o._id).sort()).toEqual(
      placed.map((r) => r.body.data._id).sort(),
    );

    // another shop's owner and staff without the campaign module see none of it
    for (const path of ["stats", "stats/streams", "stats/top-products-streams", "stats/subcategory-wise-sales"]) {
      expect((await t.get(`campaign/${path}/${campaign.id}`, { cookie: cookie.owner2 })).status, path).toBe(404);
      expect((await t.get(`campaign/${path}/${campaign.id}`, { cookie: cookie.nobody })).status, path).toBe(403);
    }
    expect((await t.get("order/list", { cookie: cookie.owner2, query: { campaign: campaign.id } })).body.data).toEqual(
      [],
    );
  });
});
