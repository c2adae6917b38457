import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { coupons } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { auditEntriesOf } from "../../../tests/audit-entries";
import { testKit, type Account, type KitShop, type TestKit } from "../../../tests/factories";

// The coupon list's bulk actions (ADR 0074): publish or unpublish (PUT coupon/status/{id} on each row) and delete
// (DELETE coupon/{id} on each row), each row as the single call decides it.

let t: TestApi;
let kit: TestKit;
let a: KitShop;
let b: KitShop;
let admin: Account;
let editor: Account;
let adder: Account;
let nobody: Account;
beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  a = await kit.shop();
  b = await kit.shop();
  admin = await kit.admin();
  editor = await kit.staff(a, ["coupon:edit"]);
  adder = await kit.staff(a, ["coupon:add"]);
  nobody = await kit.staff(a, ["product:edit"]);
});
afterAll(() => t.close());

const post = (path: string, cookie: string | undefined, body: unknown) =>
  t.post(path, { ...(cookie ? { cookie } : {}), body });
const row = async (id: string) => (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0];
const entries = (ids: string[]) => auditEntriesOf(t, "postCouponBulk%", "coupon", ids);
const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

describe("POST coupon/bulk/status", () => {
  it("unpublishes then publishes the chosen coupons, one audit entry per coupon each time", async () => {
    const c1 = await kit.coupon({ shopId: a.id, name: "Bulk Status One" });
    const c2 = await kit.coupon({ shopId: a.id, name: "Bulk Status Two" });
    const res = await post("coupon/bulk/status", a.owner.cookie, { ids: [c1.id, c2.id], status: "inactive" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.bulkDone(2, 2));
    expect(res.body.data).toEqual({
      total: 2,
      succeeded: [
        { id: c1.id, name: "Bulk Status One" },
        { id: c2.id, name: "Bulk Status Two" },
      ],
      failed: [],
    });
    expect((await row(c1.id)).status).toBe("inactive");
    expect((await row(c2.id)).status).toBe("inactive");
    const logged = await entries([c1.id, c2.id]);
    expect(logged.map((e) => e.recordId).sort()).toEqual([c1.id, c2.id].sort());
    for (const e of logged) {
      expect((e.before as { status: string }).status).toBe("active");
      expect((e.after as { status: string }).status).toBe("inactive");
    }
    const back = await post("coupon/bulk/status", editor.cookie, { ids: [c1.id, c2.id], status: "active" });
    expect(back.body.data.succeeded).toHaveLength(2);
    expect((await row(c1.id)).status).toBe("active");
    expect(await entries([c1.id, c2.id])).toHaveLength(4);
  });

  it("all: true acts on every coupon the list's search finds, in the caller's shop only", async () => {
    const stem = `SWEEP${Date.now().toString(36).toUpperCase()}`;
    const mine = [
      await kit.coupon({ shopId: a.id, code: `${stem}A` }),
      await kit.coupon({ shopId: a.id, code: `${stem}B` }),
    ];
    const theirs = await kit.coupon({ shopId: b.id, code: `${stem}C` });
    const other = await kit.coupon({ shopId: a.id });
    const res = await post("coupon/bulk/status", a.owner.cookie, {
      all: true,
      query: { search: stem },
      status: "inactive",
    });
    expect(res.body.data.total).toBe(2);
    expect(ids(res.body.data.succeeded)).toEqual(mine.map((c) => c.id).sort());
    expect((await row(theirs.id)).status).toBe("active");
    expect((await row(other.id)).status).toBe("active");
  });

  it("a coupon the edit would refuse fails with the edit's message, another shop's with 404's, and neither changes", async () => {
    const good = await kit.coupon({ shopId: a.id, name: "Bulk Good" });
    // a name over 50 characters (stored before the rule): the edit form refuses to save it (spec 2 §5)
    const longName = await kit.coupon({ shopId: a.id, name: "Bulk Long Name ".repeat(5).trim() });
    const theirs = await kit.coupon({ shopId: b.id, name: "Bulk Theirs" });
    const single = await t.put(`coupon/status/${theirs.id}`, { cookie: a.owner.cookie, body: { status: "inactive" } });
    const res = await post("coupon/bulk/status", a.owner.cookie, {
      ids: [good.id, longName.id, theirs.id],
      status: "inactive",
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      total: 3,
      succeeded: [{ id: good.id, name: "Bulk Good" }],
      failed: [
        { id: longName.id, name: longName.name, message: MSG.max50 },
        { id: theirs.id, name: null, message: single.body.message },
      ],
    });
    expect(single.body.message).toBe(MSG.notFound);
    expect((await row(longName.id)).status).toBe("active");
    expect((await row(theirs.id)).status).toBe("active");
    expect(await entries([longName.id, theirs.id])).toHaveLength(0);
  });

  it("refuses staff without coupon:edit (403), the signed-out (401), and a missing status (400); nothing changes", async () => {
    const c = await kit.coupon({ shopId: a.id });
    for (const who of [adder, nobody])
      expect((await post("coupon/bulk/status", who.cookie, { ids: [c.id], status: "inactive" })).status).toBe(403);
    expect((await post("coupon/bulk/status", undefined, { ids: [c.id], status: "inactive" })).status).toBe(401);
    const bad = await post("coupon/bulk/status", a.owner.cookie, { ids: [c.id], status: "archived" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.couponStatusRequired);
    expect((await row(c.id)).status).toBe("active");
    expect(await entries([c.id])).toHaveLength(0);
  });
});

describe("POST coupon/bulk/delete", () => {
  it("deletes the chosen coupons with one audit entry each; another shop's and the platform's fail with 404's message", async () => {
    const c1 = await kit.coupon({ shopId: a.id, name: "Bulk Delete One" });
    const c2 = await kit.coupon({ shopId: a.id, name: "Bulk Delete Two" });
    const theirs = await kit.coupon({ shopId: b.id });
    const platform = await kit.coupon({ shopId: null });
    const res = await post("coupon/bulk/delete", editor.cookie, { ids: [c1.id, theirs.id, c2.id, platform.id] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.bulkDone(2, 4));
    expect(res.body.data).toEqual({
      total: 4,
      succeeded: [
        { id: c1.id, name: "Bulk Delete One" },
        { id: c2.id, name: "Bulk Delete Two" },
      ],
      failed: [
        { id: theirs.id, name: null, message: MSG.notFound },
        { id: platform.id, name: null, message: MSG.notFound },
      ],
    });
    expect((await row(c1.id)).deletedAt).not.toBeNull();
    expect((await row(c2.id)).deletedAt).not.toBeNull();
    expect((await row(theirs.id)).deletedAt).toBeNull();
    expect((await row(platform.id)).deletedAt).toBeNull();
    const logged = await entries([c1.id, c2.id, theirs.id, platform.id]);
    expect(logged.map((e) => e.recordId).sort()).toEqual([c1.id, c2.id].sort());
  });

  it("an admin deletes every coupon the filtered list holds, of any shop", async () => {
    const stem = `GONE${Date.now().toString(36).toUpperCase()}`;
    const chosen = [
      await kit.coupon({ shopId: a.id, code: `${stem}A` }),
      await kit.coupon({ shopId: b.id, code: `${stem}B` }),
    ];
    const res = await post("coupon/bulk/delete", admin.cookie, { all: true, query: { search: stem } });
    expect(ids(res.body.data.succeeded)).toEqual(chosen.map((c) => c.id).sort());
    for (const c of chosen) expect((await row(c.id)).deletedAt).not.toBeNull();
  });

  it("refuses coupon:add-only staff (403) and the signed-out (401)", async () => {
    const c = await kit.coupon({ shopId: a.id });
    expect((await post("coupon/bulk/delete", adder.cookie, { ids: [c.id] })).status).toBe(403);
    expect((await post("coupon/bulk/delete", undefined, { ids: [c.id] })).status).toBe(401);
    expect((await row(c.id)).deletedAt).toBeNull();
  });
});
