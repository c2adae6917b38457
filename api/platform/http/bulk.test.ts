import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_LIMIT } from "#contract/core/bulk";
import { MSG } from "#contract/core/messages";
import { auditEntries, sessions, shops, users } from "#api/db/schema";
import { createUser } from "#api/db/seed/factories";
import { createApi, API_MODULES } from "#api/index";
import { ADMIN_ONLY } from "#api/platform/auth/actor";
import { idPath, newId } from "#api/platform/data/ids";
import { z } from "#contract/core/zod";
import { bulkRoute } from "./bulk";
import { badRequest, notFound, ok } from "./http";
import { route } from "./router";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitShop, type TestKit } from "../../../tests/factories";

// ADR 0074: a bulk call runs the list's single action on each row, with the single action's rights, rules and
// messages; a refused row rolls back only itself; each changed row gets one audit entry.
let t: TestApi;
let kit: TestKit;
let admin: { id: string; cookie: string };
let shopA: KitShop;
let staffA: string;

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  admin = await kit.admin();
  shopA = await kit.shop({ name: "Bulk Shop A" });
  staffA = (await kit.staff(shopA, ["product:add", "customer:view"])).cookie;
});
afterAll(() => t.close());

const person = (fName: string, role: "endUser" | "influencer" = "endUser", status = "Approved") =>
  createUser(t.db, { role, fName, lName: "Bulkperson", status: status as "Approved" });
const isDeleted = async (id: string) =>
  !!(await t.db.select({ at: users.deletedAt }).from(users).where(eq(users.id, id)))[0].at;
const statusOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0].status;
const entriesFor = (ids: string[]) => t.db.select().from(auditEntries).where(inArray(auditEntries.recordId, ids));
const entriesOf = async (operation: string) =>
  (await t.db.select().from(auditEntries).where(eq(auditEntries.operation, operation))).length;
const names = (rows: { name: string | null }[]) => rows.map((r) => r.name).sort();

describe("POST user/bulk/delete (the users and influencers lists)", () => {
  it("deletes each chosen user as DELETE user/{id} would, and reports the ones it refuses with its message", async () => {
    const ann = await person("Ann");
    const ben = await person("Ben");
    const owner = shopA.owner.id;
    const res = await t.post("user/bulk/delete", {
      cookie: admin.cookie,
      body: { ids: [ann.id, ben.id, owner, admin.id, ann.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.bulkDone(2, 4));
    expect(res.body.data.total).toBe(4);
    expect(res.body.data.succeeded).toEqual([
      { id: ann.id, name: "Ann Bulkperson" },
      { id: ben.id, name: "Ben Bulkperson" },
    ]);
    // the owner of a live shop and the caller: the single delete's refusals, word for word; admins have no name here
    expect(res.body.data.failed).toEqual([
      { id: owner, name: expect.any(String), message: MSG.cannotDeleteShopOwner },
      { id: admin.id, name: null, message: MSG.cannotDeleteSelf },
    ]);
    expect(await isDeleted(ann.id)).toBe(true);
    expect(await isDeleted(ben.id)).toBe(true);
    expect(await isDeleted(owner)).toBe(false);
    expect(await isDeleted(admin.id)).toBe(false);
  });

  it("writes one audit entry per deleted user, with the row before and after, and none for the refused rows", async () => {
    const cat = await person("Cat");
    const dan = await person("Dan");
    const owner = shopA.owner.id;
    const before = await entriesOf("postUserBulkDelete");
    await t.post("user/bulk/delete", { cookie: admin.cookie, body: { ids: [cat.id, dan.id, owner] } });
    const entries = await entriesFor([cat.id, dan.id, owner]);
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      expect(entry).toMatchObject({ recordType: "user", operation: "postUserBulkDelete", userId: admin.id });
      expect((entry.before as { deletedAt: string | null }).deletedAt).toBeNull();
      expect((entry.after as { deletedAt: string | null }).deletedAt).toEqual(expect.any(String));
    }
    expect(entries.map((e) => e.recordId).sort()).toEqual([cat.id, dan.id].sort());
    // the call itself writes no entry of its own: only the two rows
    expect(await entriesOf("postUserBulkDelete")).toBe(before + 2);
  });

  it("ends the deleted users' sessions, as the single delete does", async () => {
    const signedIn = await kit.staff(shopA, ["product:add"]);
    const res = await t.post("user/bulk/delete", { cookie: admin.cookie, body: { ids: [signedIn.id] } });
    expect(res.body.data.succeeded).toEqual([{ id: signedIn.id, name: expect.any(String) }]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, signedIn.id))).toEqual([]);
  });

  it("with all: deletes every user the list's query matches, and no other", async () => {
    const eli = await person("Eli");
    const fay = await person("Fay");
    const gus = await person("Gus", "influencer", "Pending");
    const keep = await createUser(t.db, { role: "endUser", fName: "Keep", lName: "Elsewhere" });
    // the users list filtered as the page would send it: search and role
    const res = await t.post("user/bulk/delete", {
      cookie: admin.cookie,
      body: { all: true, query: { search: "Bulkperson", role: ["endUser"] } },
    });
    expect(res.status).toBe(200);
    expect(names(res.body.data.succeeded)).toEqual(["Eli Bulkperson", "Fay Bulkperson"]);
    expect(res.body.data).toMatchObject({ total: 2, failed: [] });
    expect(await isDeleted(eli.id)).toBe(true);
    expect(await isDeleted(fay.id)).toBe(true);
    expect(await isDeleted(gus.id)).toBe(false);
    expect(await isDeleted(keep.id)).toBe(false);
  });

  it("with all and the influencers list's role: deletes the matching influencers only", async () => {
    const hal = await person("Hal", "influencer", "Pending");
    const ivo = await person("Ivo");
    const res = await t.post("user/bulk/delete", {
      cookie: admin.cookie,
      body: { all: true, query: { search: "Bulkperson", role: "influencer" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.succeeded.map((r: { id: string }) => r.id)).toContain(hal.id);
    expect(await isDeleted(hal.id)).toBe(true);
    expect(await isDeleted(ivo.id)).toBe(false);
  });

  it("with all and a list matching nothing: nothing to do, nothing changed", async () => {
    const res = await t.post("user/bulk/delete", {
      cookie: admin.cookie,
      body: { all: true, query: { search: "nobody-matches-this" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ total: 0, succeeded: [], failed: [] });
  });

  it("refuses an owner and staff (403) and a visitor (401), and changes nothing", async () => {
    const jo = await person("Jo");
    for (const [cookie, status] of [
      [shopA.owner.cookie, 403],
      [staffA, 403],
      [undefined, 401],
    ] as const) {
      const ids = await t.post("user/bulk/delete", { cookie, body: { ids: [jo.id] } });
      expect(ids.status).toBe(status);
      const all = await t.post("user/bulk/delete", { cookie, body: { all: true, query: { search: "Jo" } } });
      expect(all.status).toBe(status);
    }
    expect(await isDeleted(jo.id)).toBe(false);
  });

  it("refuses a body that chooses nothing, or both ways, or too many ids, with a clear 400", async () => {
    const kim = await person("Kim");
    for (const body of [{}, { ids: [] }, { ids: [kim.id], all: true }, { all: false }, { ids: "x" }]) {
      const res = await t.post("user/bulk/delete", { cookie: admin.cookie, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.bulkNothingChosen);
    }
    const many = Array.from({ length: BULK_LIMIT + 1 }, () => newId());
    const res = await t.post("user/bulk/delete", { cookie: admin.cookie, body: { ids: many } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.bulkTooMany(BULK_LIMIT));
    const badQuery = await t.post("user/bulk/delete", {
      cookie: admin.cookie,
      body: { all: true, query: { role: "admin" } },
    });
    expect(badQuery.status).toBe(400);
    expect(await isDeleted(kim.id)).toBe(false);
  });

  it("reports an id that names no user (or not an id at all) as the single delete's 'Not found'", async () => {
    const unknown = newId();
    const res = await t.post("user/bulk/delete", { cookie: admin.cookie, body: { ids: [unknown, "not-an-id"] } });
    expect(res.status).toBe(200);
    expect(res.body.data.failed).toEqual([
      { id: unknown, name: null, message: MSG.notFound },
      { id: "not-an-id", name: null, message: MSG.notFound },
    ]);
  });
});

describe("POST user/bulk/verification (the influencers list)", () => {
  it("changes each influencer's status as PUT user/verification would, refusing what it refuses", async () => {
    const lia = await person("Lia", "influencer", "Pending");
    const max = await person("Max", "influencer", "Pending");
    const ned = await person("Ned", "influencer", "Approved");
    const customer = await person("Ola");
    const res = await t.post("user/bulk/verification", {
      cookie: admin.cookie,
      body: { ids: [lia.id, max.id, ned.id, customer.id], status: "Approved" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.succeeded).toEqual([
      { id: lia.id, name: "Lia Bulkperson" },
      { id: max.id, name: "Max Bulkperson" },
    ]);
    expect(res.body.data.failed).toEqual([
      { id: ned.id, name: "Ned Bulkperson", message: MSG.statusUnchanged },
      // not an influencer: the single call's 404, and no name
      { id: customer.id, name: null, message: MSG.notFound },
    ]);
    expect(await statusOf(lia.id)).toBe("Approved");
    expect(await statusOf(max.id)).toBe("Approved");
    const entries = await entriesFor([lia.id, max.id, ned.id, customer.id]);
    expect(entries.map((e) => [e.recordId, e.operation]).sort()).toEqual(
      [
        [lia.id, "postUserBulkVerification"],
        [max.id, "postUserBulkVerification"],
      ].sort(),
    );
    expect(
      entries.map((e) => [(e.before as { status: string }).status, (e.after as { status: string }).status]),
    ).toEqual([
      ["Pending", "Approved"],
      ["Pending", "Approved"],
    ]);
  });

  it("refuses Approved → Pending row by row with the single call's message", async () => {
    const pia = await person("Pia", "influencer", "Approved");
    const res = await t.post("user/bulk/verification", {
      cookie: admin.cookie,
      body: { ids: [pia.id], status: "Pending" },
    });
    expect(res.body.data.failed).toEqual([
      { id: pia.id, name: "Pia Bulkperson", message: MSG.influencerStatusNotAllowed("Approved", "Pending") },
    ]);
    expect(await statusOf(pia.id)).toBe("Approved");
  });

  it("with all: rejects every influencer the list's query matches", async () => {
    const quin = await createUser(t.db, { role: "influencer", fName: "Quin", lName: "Rejectme", status: "Pending" });
    const ruth = await createUser(t.db, { role: "influencer", fName: "Ruth", lName: "Rejectme", status: "Approved" });
    const res = await t.post("user/bulk/verification", {
      cookie: admin.cookie,
      body: { all: true, query: { search: "Rejectme", role: "influencer" }, status: "Rejected" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 2, failed: [] });
    expect(await statusOf(quin.id)).toBe("Rejected");
    expect(await statusOf(ruth.id)).toBe("Rejected");
  });

  it("without a status: 'Please Change the Status' (400), nothing changed", async () => {
    const sam = await person("Sam", "influencer", "Pending");
    const res = await t.post("user/bulk/verification", { cookie: admin.cookie, body: { ids: [sam.id] } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.statusUnchanged);
    expect(await statusOf(sam.id)).toBe("Pending");
  });

  it("refuses an owner and staff (403) and a visitor (401)", async () => {
    const tia = await person("Tia", "influencer", "Pending");
    for (const [cookie, status] of [
      [shopA.owner.cookie, 403],
      [staffA, 403],
      [undefined, 401],
    ] as const) {
      const res = await t.post("user/bulk/verification", { cookie, body: { ids: [tia.id], status: "Approved" } });
      expect(res.status).toBe(status);
    }
    expect(await statusOf(tia.id)).toBe("Pending");
  });
});

describe("POST shop/bulk/delete and shop/bulk/verification (the shop list)", () => {
  const shopRow = async (id: string) => (await t.db.select().from(shops).where(eq(shops.id, id)))[0];

  it("deletes each shop as DELETE shop/{id} would: its people signed out; a gone shop is 'Not found'", async () => {
    const one = await kit.shop({ name: "Bulk Gone One" });
    const two = await kit.shop({ name: "Bulk Gone Two" });
    const closed = await kit.shop({ name: "Bulk Closed", deletedAt: new Date() });
    const res = await t.post("shop/bulk/delete", { cookie: admin.cookie, body: { ids: [one.id, two.id, closed.id] } });
    expect(res.status).toBe(200);
    expect(res.body.data.succeeded).toEqual([
      { id: one.id, name: "Bulk Gone One" },
      { id: two.id, name: "Bulk Gone Two" },
    ]);
    expect(res.body.data.failed).toEqual([{ id: closed.id, name: null, message: MSG.notFound }]);
    expect((await shopRow(one.id)).deletedAt).not.toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, one.owner.id))).toEqual([]);
    const entries = await entriesFor([one.id, two.id, closed.id]);
    expect(entries.map((e) => [e.recordType, e.recordId]).sort()).toEqual(
      [
        ["shop", one.id],
        ["shop", two.id],
      ].sort(),
    );
  });

  it("changes the status of every shop the list's search matches, refusing the one already there", async () => {
    const pending = await kit.shop({ name: "Bulkverify Pending", status: "Pending" });
    const approved = await kit.shop({ name: "Bulkverify Approved", status: "Approved" });
    const other = await kit.shop({ name: "Untouched Pending", status: "Pending" });
    const res = await t.post("shop/bulk/verification", {
      cookie: admin.cookie,
      body: { all: true, query: { search: "Bulkverify" }, status: "Approved" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.succeeded).toEqual([{ id: pending.id, name: "Bulkverify Pending" }]);
    expect(res.body.data.failed).toEqual([
      { id: approved.id, name: "Bulkverify Approved", message: MSG.statusUnchanged },
    ]);
    expect((await shopRow(pending.id)).status).toBe("Approved");
    expect((await shopRow(other.id)).status).toBe("Pending");
  });

  it("refuses owners (even for their own shop), staff (403) and visitors (401), and changes nothing", async () => {
    for (const [cookie, status] of [
      [shopA.owner.cookie, 403],
      [staffA, 403],
      [undefined, 401],
    ] as const) {
      expect((await t.post("shop/bulk/delete", { cookie, body: { ids: [shopA.id] } })).status).toBe(status);
      const verify = await t.post("shop/bulk/verification", { cookie, body: { ids: [shopA.id], status: "Rejected" } });
      expect(verify.status).toBe(status);
    }
    expect(await shopRow(shopA.id)).toMatchObject({ deletedAt: null, status: "Approved" });
  });

  it("moves a row Rejected → Approved and Pending → Approved in one call", async () => {
    const pending = await kit.shop({ name: "Bulkmixed Pending", status: "Pending" });
    const rejected = await kit.shop({ name: "Bulkmixed Rejected", status: "Rejected" });
    const res = await t.post("shop/bulk/verification", {
      cookie: admin.cookie,
      body: { ids: [rejected.id, pending.id], status: "Approved" },
    });
    expect(res.body.data.succeeded.map((s: { id: string }) => s.id)).toEqual([rejected.id, pending.id]);
    expect((await shopRow(rejected.id)).status).toBe("Approved");
    expect((await shopRow(pending.id)).status).toBe("Approved");
  });
});

describe("the kit (bulkRoute)", () => {
  // a single action that writes, then refuses one shop or breaks on another: the test's own routes, on the real router
  const DOOMED = "Bulkkit Refused";
  const BROKEN = "Bulkkit Broken";
  const rename = route({
    method: "post",
    path: idPath("/test/rename/:id"),
    summary: "test only",
    policy: ADMIN_ONLY,
    handler: async ({ deps, params }) => {
      const [shop] = await deps.db
        .update(shops)
        .set({ story: "half written" })
        .where(eq(shops.id, params.id))
        .returning();
      if (!shop) throw notFound();
      if (shop.name === DOOMED) throw badRequest("refused after writing");
      if (shop.name === BROKEN) throw new Error("broke after writing");
      return ok(null);
    },
  });
  const list = route({
    method: "get",
    path: "/test/shops",
    summary: "test only",
    policy: ADMIN_ONLY,
    query: z.object({ search: z.string().optional(), skip: z.number().optional(), limit: z.number().optional() }),
    handler: async () => ok([]),
  });
  const bulk = bulkRoute(rename, {
    path: "/test/bulk/rename",
    summary: "test only",
    list,
    request: (id) => ({ params: { id } }),
    name: async () => "a shop",
  });
  const storyOf = async (id: string) => (await t.db.select().from(shops).where(eq(shops.id, id)))[0].story;

  it("rolls back a refused row's own writes only: the rows before and after it keep theirs", async () => {
    const app = createApi(t.deps, [...API_MODULES, [rename, bulk]]);
    const first = await kit.shop({ name: "Bulkkit First", story: "as it was" });
    const doomed = await kit.shop({ name: DOOMED, story: "as it was" });
    const last = await kit.shop({ name: "Bulkkit Last", story: "as it was" });
    const res = await app.request("http://localhost/api/test/bulk/rename", {
      method: "POST",
      headers: { cookie: admin.cookie, "content-type": "application/json" },
      body: JSON.stringify({ ids: [first.id, doomed.id, last.id] }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.failed).toEqual([{ id: doomed.id, name: "a shop", message: "refused after writing" }]);
    expect(await storyOf(first.id)).toBe("half written");
    expect(await storyOf(doomed.id)).toBe("as it was");
    expect(await storyOf(last.id)).toBe("half written");
    expect((await entriesFor([first.id, doomed.id, last.id])).map((e) => e.recordId).sort()).toEqual(
      [first.id, last.id].sort(),
    );
  });

  it("an error that is not a refusal fails the whole call (500): no row changed, no entry", async () => {
    const app = createApi(t.deps, [...API_MODULES, [rename, bulk]]);
    const first = await kit.shop({ name: "Bulkkit Before Break", story: "as it was" });
    const broken = await kit.shop({ name: BROKEN, story: "as it was" });
    const res = await app.request("http://localhost/api/test/bulk/rename", {
      method: "POST",
      headers: { cookie: admin.cookie, "content-type": "application/json" },
      body: JSON.stringify({ ids: [first.id, broken.id] }),
    });
    expect(res.status).toBe(500);
    expect(await storyOf(first.id)).toBe("as it was");
    expect(await storyOf(broken.id)).toBe("as it was");
    expect(await entriesFor([first.id, broken.id])).toEqual([]);
  });
});
