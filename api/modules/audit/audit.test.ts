import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, shops } from "#api/db/schema";
import { createApi, API_MODULES } from "#api/index";
import { badRequest, ok } from "#api/platform/http/http";
import { route, type RouteDef } from "#api/platform/http/router";
import { ADMIN_ONLY } from "#api/platform/auth/actor";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { KIT_PASSWORD, testKit, type KitShop, type TestKit } from "../../../tests/factories";
import { parseCsv } from "../../../tests/csv";

// ADR 0071: every state-changing call writes one audit entry in its own transaction; a failed call writes neither.
let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let admin: { id: string; email: string; cookie: string };
let viewer: string;
let clerk: string;

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  admin = await kit.admin();
  shopA = await kit.shop({ name: "Audit Shop A" });
  shopB = await kit.shop({ name: "Audit Shop B" });
  viewer = (await kit.staff(shopA, ["audit:view"])).cookie;
  clerk = (await kit.staff(shopA, ["product:add"])).cookie;
});
afterAll(() => t.close());

const entriesOf = (recordId: string) =>
  t.db.select().from(auditEntries).where(eq(auditEntries.recordId, recordId)).orderBy(auditEntries.id);
const shopName = async (id: string) => (await t.db.select().from(shops).where(eq(shops.id, id)))[0].name;
const editShop = (cookie: string, id: string, name: string) =>
  t.post("shop/edit", {
    cookie,
    body: { _id: id, name },
    headers: { "user-agent": "audit-test/1", "x-forwarded-for": "203.0.113.7" },
  });

describe("a state-changing call", () => {
  it("writes exactly one entry: who, when, what, the record before and after, and from where", async () => {
    const res = await editShop(shopA.owner.cookie, shopA.id, "Audit Shop A Renamed");
    expect(res.status).toBe(200);
    const entries = await entriesOf(shopA.id);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      userId: shopA.owner.id,
      role: "shopOwner",
      shopId: shopA.id,
      operation: "postShopEdit",
      recordType: "shop",
      recordId: shopA.id,
      ip: "203.0.113.7",
      userAgent: "audit-test/1",
    });
    expect((entry.before as { name: string }).name).toBe("Audit Shop A");
    expect((entry.after as { name: string }).name).toBe("Audit Shop A Renamed");
  });

  it("that is refused (4xx) writes neither the change nor an entry", async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEntries))[0].n;
    const res = await editShop(shopB.owner.cookie, shopA.id, "Taken Over");
    expect(res.status).toBe(404);
    expect(await shopName(shopA.id)).toBe("Audit Shop A Renamed");
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEntries))[0].n).toBe(before);
  });

  it("that fails after writing (a refusal or an error mid-handler) leaves neither the write nor an entry", async () => {
    // two calls that change the shop's name, then refuse or break: the test's own routes, on the real router
    const failing = (path: string, fail: () => never): RouteDef =>
      route({
        method: "post",
        path,
        summary: "test only",
        policy: ADMIN_ONLY,
        handler: async ({ deps }) => {
          await deps.db.update(shops).set({ name: "Half Written" }).where(eq(shops.id, shopB.id));
          if (shopB.id) fail();
          return ok(null);
        },
      });
    const app = createApi(t.deps, [
      ...API_MODULES,
      [
        failing("/test/refuse", () => {
          throw badRequest("refused mid-way");
        }),
        failing("/test/break", () => {
          throw new Error("broke mid-way");
        }),
      ],
    ]);
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEntries))[0].n;
    const before = await count();
    for (const path of ["/api/test/refuse", "/api/test/break"]) {
      const res = await app.request(`http://localhost${path}`, { method: "POST", headers: { cookie: admin.cookie } });
      expect(res.status).toBe(path.endsWith("refuse") ? 400 : 500);
      expect(await shopName(shopB.id)).toBe("Audit Shop B");
    }
    expect(await count()).toBe(before);
  });
});

describe("the audit table", () => {
  it("refuses UPDATE, DELETE and TRUNCATE in the database itself", async () => {
    await editShop(admin.cookie, shopB.id, "Audit Shop B2");
    const [entry] = await entriesOf(shopB.id);
    await expect(
      t.db.update(auditEntries).set({ operation: "forged" }).where(eq(auditEntries.id, entry.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(auditEntries).where(eq(auditEntries.id, entry.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_entries`)).rejects.toThrow();
    expect((await entriesOf(shopB.id))[0].operation).toBe("postShopEdit");
  });
});

describe("secrets and one-time codes", () => {
  it("are never stored: sign-in, password change", async () => {
    const sentinel = "Brand-New#Pass2026";
    const res = await t.as(admin.cookie).post("user/change-password", {
      body: { oldPassword: KIT_PASSWORD, newPassword: sentinel, confirmPassword: sentinel },
    });
    expect(res.status).toBe(200);
    await t.signIn(admin.email, sentinel);
    const all = JSON.stringify(await t.db.select().from(auditEntries));
    expect(all).toContain("postUserChangePassword");
    expect(all).toContain("postAuthLogin");
    expect(all).not.toContain(sentinel);
    expect(all).not.toContain(KIT_PASSWORD);
    expect(all).not.toMatch(/\$argon2/);
    admin.cookie = await t.signIn(admin.email, sentinel);
  });

  it("are never stored: a phone code", async () => {
    const customer = await kit.customer();
    await t.post("auth/send-otp/customer", { body: { countryFlag: "AU", mobile: customer.mobile } });
    await t.deps.sms.settled();
    const outbox = await t.get("sms/outbox", { cookie: admin.cookie, query: { search: customer.mobile, limit: 1 } });
    const code = (outbox.body.data[0]?.body as string).match(/\b(\d{6})\b/)![1];
    const res = await t.post("auth/verify-otp/customer", {
      body: { countryFlag: "AU", mobile: customer.mobile, otp: code },
    });
    expect(res.status).toBe(200);
    const entries = await t.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.operation, "postAuthVerifyOtpCustomer"));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain(code);
  });
});

describe("GET audit", () => {
  it("shows an owner their shop's entries only, never another shop's", async () => {
    await editShop(shopB.owner.cookie, shopB.id, "Audit Shop B3");
    const a = await t.as(shopA.owner.cookie).get("audit", { query: { limit: 100 } });
    expect(a.status).toBe(200);
    expect(a.body.data.length).toBeGreaterThan(0);
    expect(a.body.data.every((e: { shopId: string }) => e.shopId === shopA.id)).toBe(true);
    // naming the other shop changes nothing for an owner
    const named = await t.as(shopA.owner.cookie).get("audit", { query: { shopId: shopB.id, limit: 100 } });
    expect(named.body.data.every((e: { shopId: string }) => e.shopId === shopA.id)).toBe(true);
  });

  it("is for staff with 'audit view' only (403 otherwise)", async () => {
    expect((await t.as(clerk).get("audit")).status).toBe(403);
    const res = await t.as(viewer).get("audit", { query: { limit: 100 } });
    expect(res.status).toBe(200);
    expect(res.body.data.every((e: { shopId: string }) => e.shopId === shopA.id)).toBe(true);
  });

  it("shows an admin every shop, with before and after, and filters by who, operation, record and dates", async () => {
    const all = await t.as(admin.cookie).get("audit", { query: { limit: 100 } });
    const shopsSeen = new Set(all.body.data.map((e: { shopId: string }) => e.shopId));
    expect(shopsSeen.has(shopA.id) && shopsSeen.has(shopB.id)).toBe(true);

    const byRecord = await t.as(admin.cookie).get("audit", { query: { recordType: "shop", recordId: shopB.id } });
    expect(byRecord.body.data.map((e: { after: { name: string } }) => e.after.name)).toEqual([
      "Audit Shop B3",
      "Audit Shop B2",
    ]);
    expect(byRecord.body.data[0].before.name).toBe("Audit Shop B2");
    expect(byRecord.body.count).toBe(2);

    const byWho = await t.as(admin.cookie).get("audit", { query: { who: shopB.owner.id, operation: "postShopEdit" } });
    expect(byWho.body.data).toHaveLength(1);

    const today = new Date().toISOString().slice(0, 10);
    const inRange = await t
      .as(admin.cookie)
      .get("audit", { query: { recordId: shopB.id, startDate: "2000-01-01", endDate: "2000-01-02" } });
    expect(inRange.body.data).toHaveLength(0);
    const badRange = await t.as(admin.cookie).get("audit", { query: { startDate: today, endDate: "2000-01-01" } });
    expect(badRange.status).toBe(400);
  });

  it("is not there for signed-out callers (401), and no call updates or deletes an entry", async () => {
    expect((await t.get("audit")).status).toBe(401);
    const writes = [...t.app.registry.keys()].filter((k) => k.includes("/audit") && !k.startsWith("GET "));
    expect(writes).toEqual([]);
  });
});

describe("GET audit/export", () => {
  const exported = async (cookie: string | undefined, query: Record<string, string> = {}) => {
    const res = await t.get("audit/export", { cookie, query });
    return { ...res, records: res.status === 200 ? parseCsv(res.text) : [] };
  };
  const column = (records: string[][], header: string) => {
    const at = records[0].indexOf(header);
    expect(at, records[0].join(" | ")).toBeGreaterThanOrEqual(0);
    return records.slice(1).map((r) => r[at]);
  };

  it("has the list's rows in the list's order, each with the fields it changed before and after", async () => {
    await editShop(shopA.owner.cookie, shopA.id, "Audit Shop A Exported");
    const query = { recordType: "shop", recordId: shopA.id, sort: "at", sortType: "desc" };
    const list = await t.as(admin.cookie).get("audit", { query: { ...query, limit: 100 } });
    const { status, headers, records } = await exported(admin.cookie, query);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(records[0][0]).toBe("Entry ID");
    expect(column(records, "Entry ID")).toEqual(list.body.data.map((e: { _id: string }) => e._id));
    expect(column(records, "Operation")[0]).toBe("postShopEdit");
    expect(column(records, "Changed fields")[0].split(" ")).toContain("name");
    expect(JSON.parse(column(records, "Before")[0]).name).toBe("Audit Shop A Renamed");
    expect(JSON.parse(column(records, "After")[0]).name).toBe("Audit Shop A Exported");
  });

  it("gives an owner and their 'audit view' staff their shop's entries only; other staff 403, signed out 401", async () => {
    await editShop(shopB.owner.cookie, shopB.id, "Audit Shop B Exported");
    for (const cookie of [shopA.owner.cookie, viewer]) {
      const mine = await exported(cookie, { shopId: shopB.id });
      expect(mine.status).toBe(200);
      const shopsSeen = new Set(column(mine.records, "Shop ID"));
      expect([...shopsSeen]).toEqual([shopA.id]);
    }
    const theirs = await exported(shopB.owner.cookie);
    expect(column(theirs.records, "Record ID")).toContain(shopB.id);
    expect(column(theirs.records, "Record ID")).not.toContain(shopA.id);
    expect((await exported(clerk)).status).toBe(403);
    expect((await exported(undefined)).status).toBe(401);
    expect((await exported(admin.cookie, { startDate: "2026-02-01", endDate: "2026-01-01" })).status).toBe(400);
  });

  it("finds a person by e-mail or name ('who'), and neutralises a name a spreadsheet would run as a formula", async () => {
    const prankster = await kit.staff(shopA, ["audit:view", "shop:edit-details"], {
      fName: '=HYPERLINK("http://x.test")',
      lName: "",
    });
    await editShop(prankster.cookie, shopA.id, "Audit Shop A Pranked");
    for (const who of [prankster.email, "HYPERLINK", prankster.id]) {
      const list = await t.as(shopA.owner.cookie).get("audit", { query: { who } });
      expect(
        list.body.data.map((e: { userId: string }) => e.userId),
        who,
      ).toEqual([prankster.id]);
    }
    const { records } = await exported(shopA.owner.cookie, { who: prankster.email });
    expect(column(records, "Who")).toEqual(['\'=HYPERLINK("http://x.test")']);
    expect(column(records, "User ID")).toEqual([prankster.id]);
  });
});
