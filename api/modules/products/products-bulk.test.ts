import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { products } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { auditEntriesOf } from "../../../tests/audit-entries";
import { testKit, type Account, type KitShop, type TestKit } from "../../../tests/factories";

// POST product/bulk/delete (ADR 0074): the product list's Delete on many rows, each as DELETE product/{id} decides it.

let t: TestApi;
let kit: TestKit;
let a: KitShop;
let b: KitShop;
let admin: Account;
let editor: Account;
let adder: Account;
beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  a = await kit.shop();
  b = await kit.shop();
  admin = await kit.admin();
  editor = await kit.staff(a, ["product:edit"]);
  adder = await kit.staff(a, ["product:add", "product:discount"]);
});
afterAll(() => t.close());

const bulkDelete = (cookie: string | undefined, body: unknown) =>
  t.post("product/bulk/delete", { ...(cookie ? { cookie } : {}), body });
const live = async (ids: string[]) =>
  (
    await t.db
      .select({ id: products.id, deletedAt: products.deletedAt })
      .from(products)
      .where(inArray(products.id, ids))
  )
    .filter((p) => p.deletedAt === null)
    .map((p) => p.id)
    .sort();
/** The bulk delete's audit entries of these products (adding them wrote entries of their own). */
const entries = (ids: string[]) => auditEntriesOf(t, "postProductBulkDelete", "product", ids);

describe("POST product/bulk/delete", () => {
  it("deletes the chosen products, names them in the summary and writes one audit entry per product", async () => {
    const p1 = await kit.product(a, { name: "Bulk Linen One" });
    const p2 = await kit.product(a, { name: "Bulk Linen Two" });
    const keep = await kit.product(a);
    const res = await bulkDelete(a.owner.cookie, { ids: [p1._id, p2._id] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.bulkDone(2, 2));
    expect(res.body.data).toEqual({
      total: 2,
      succeeded: [
        { id: p1._id, name: "Bulk Linen One" },
        { id: p2._id, name: "Bulk Linen Two" },
      ],
      failed: [],
    });
    expect(await live([p1._id, p2._id, keep._id])).toEqual([keep._id]);
    const logged = await entries([p1._id, p2._id, keep._id]);
    expect(logged.map((e) => e.recordId).sort()).toEqual([p1._id, p2._id].sort());
    for (const e of logged) {
      expect(e.userId).toBe(a.owner.id);
      expect((e.before as { deletedAt: unknown }).deletedAt).toBeNull();
      expect((e.after as { deletedAt: unknown }).deletedAt).not.toBeNull();
    }
  });

  it("all: true deletes every product of the filtered list (the list's search), and only those", async () => {
    const stem = `Sweep${Date.now().toString(36)}`;
    const swept = [await kit.product(a, { name: `${stem} Alpha` }), await kit.product(a, { name: `${stem} Beta` })];
    const other = await kit.product(a, { name: "Unswept Shirt" });
    const theirs = await kit.product(b, { name: `${stem} Gamma` });
    const res = await bulkDelete(editor.cookie, { all: true, query: { search: stem } });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.succeeded.map((r: { id: string }) => r.id).sort()).toEqual(swept.map((p) => p._id).sort());
    // the owner's list is their shop's: shop B's product of the same name is not in it
    expect(await live([...swept.map((p) => p._id), other._id, theirs._id])).toEqual([other._id, theirs._id].sort());
  });

  it("a row the single delete refuses fails alone, with its message: another shop's product and one already deleted change nothing", async () => {
    const mine = await kit.product(a, { name: "Bulk Mine" });
    const gone = await kit.product(a, { name: "Bulk Gone" });
    const theirs = await kit.product(b, { name: "Bulk Theirs" });
    await bulkDelete(a.owner.cookie, { ids: [gone._id] });
    const single = await t.delete(`product/${theirs._id}`, { cookie: a.owner.cookie });
    expect(single.status).toBe(404);
    const res = await bulkDelete(a.owner.cookie, { ids: [theirs._id, mine._id, gone._id, "not-an-id"] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.bulkDone(1, 4));
    expect(res.body.data).toEqual({
      total: 4,
      succeeded: [{ id: mine._id, name: "Bulk Mine" }],
      failed: [
        { id: theirs._id, name: null, message: single.body.message },
        { id: gone._id, name: null, message: MSG.notFound },
        { id: "not-an-id", name: null, message: MSG.notFound },
      ],
    });
    expect(await live([theirs._id, mine._id])).toEqual([theirs._id]);
    expect((await entries([theirs._id])).length).toBe(0);
  });

  it("an admin deletes any shop's products; all: true takes the shop the query names", async () => {
    const pa = await kit.product(a);
    const pb = await kit.product(b);
    const res = await bulkDelete(admin.cookie, { ids: [pa._id, pb._id] });
    expect(res.body.data.succeeded).toHaveLength(2);
    const stem = `Admin${Date.now().toString(36)}`;
    const inB = await kit.product(b, { name: `${stem} B` });
    const inA = await kit.product(a, { name: `${stem} A` });
    const scoped = await bulkDelete(admin.cookie, { all: true, query: { shopId: b.id, search: stem } });
    expect(scoped.body.data.succeeded.map((r: { id: string }) => r.id)).toEqual([inB._id]);
    expect(await live([inA._id, inB._id])).toEqual([inA._id]);
  });

  it("refuses staff without product:edit (403), the signed-out (401) and an empty choice (400); nothing changes", async () => {
    const p = await kit.product(a);
    const forbidden = await bulkDelete(adder.cookie, { ids: [p._id] });
    expect(forbidden.status).toBe(403);
    expect((await bulkDelete(adder.cookie, { all: true })).status).toBe(403);
    const anonymous = await bulkDelete(undefined, { ids: [p._id] });
    expect(anonymous.status).toBe(401);
    for (const body of [{}, { ids: [] }, { ids: [p._id], all: true }]) {
      const res = await bulkDelete(a.owner.cookie, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.bulkNothingChosen);
    }
    expect(await live([p._id])).toEqual([p._id]);
    expect(await entries([p._id])).toHaveLength(0);
  });
});
