import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brands } from "#api/db/schema";
import { newId } from "#api/platform/data/ids";
import type { Actor } from "#api/platform/auth/actor";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitShop, type TestKit } from "../../../tests/factories";
import { csvCell, csvExport, csvRecord, csvResponse } from "./csv-export";
import type { RouteDef } from "./router";
import { parseCsv } from "../../../tests/csv";

// ADR 0068: every list's CSV export: the writer, the same rows as the list, tenancy and rights, and the batches.

describe("the CSV writer", () => {
  it("quotes a cell holding a quote, a comma or a line break (RFC 4180), and leaves others bare", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvRecord(["a", "b,c", ""])).toBe('a,"b,c",\r\n');
  });

  it("prefixes with ' a cell a spreadsheet would run as a formula: =, +, -, @, tab, carriage return", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+61 400 000 000")).toBe("'+61 400 000 000");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell(-5)).toBe("'-5");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe('"\'\rcmd"');
    // only at the start
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("x@y.com")).toBe("x@y.com");
  });

  it("answers a UTF-8 attachment with a BOM, a header record and CRLF line ends", async () => {
    async function* rows() {
      yield [{ name: "Café" }, { name: "=1+1" }];
      yield [{ name: 'Quote "q"' }];
    }
    const res = csvResponse("things", [{ header: "Name", cell: (r: { name: string }) => r.name }], rows());
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="things-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toBe('\uFEFFName\r\nCafé\r\n\'=1+1\r\n"Quote ""q"""\r\n');
  });
});

let t: TestApi;
let kit: TestKit;
let a: KitShop;
let b: KitShop;
const cookie = {} as Record<"admin" | "ownerA" | "ownerB" | "couponStaffA" | "productStaffA", string>;

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  const catalogue = await kit.catalogue();
  a = await kit.shop({ name: "Export Shop A", departments: [catalogue.department.id] });
  b = await kit.shop({ name: "Export Shop B", departments: [catalogue.department.id] });
  cookie.admin = (await kit.admin()).cookie;
  cookie.ownerA = a.owner.cookie;
  cookie.ownerB = b.owner.cookie;
  cookie.couponStaffA = (await kit.staff(a, ["coupon:add"])).cookie;
  cookie.productStaffA = (await kit.staff(a, ["product:add"])).cookie;
  for (let i = 0; i < 3; i++) {
    await kit.coupon({ shopId: a.id, name: `A coupon ${i}`, code: `ACOUP${i}` });
    await kit.coupon({ shopId: b.id, name: `B coupon ${i}`, code: `BCOUP${i}` });
    await kit.product(a, { name: `A product ${i}` });
    await kit.product(b, { name: `B product ${i}` });
    await kit.campaign(a, { title: `A campaign ${i}` });
    await kit.campaign(b, { title: `B campaign ${i}` });
    await kit.stream(a, { name: `A stream ${i}` });
  }
  await kit.coupon({ shopId: a.id, name: "=cmd|' /C calc'!A0", code: "FORMULA" });
  await kit.customer({ fName: "Zed", lName: "Export" });
}, 120_000);
afterAll(() => t.close());

type Call = { method?: "GET" | "POST"; body?: unknown };

/** Every row of a list, paged through its own call (100 a page), as the list shows them. */
async function listRows(as: string, path: string, query: Record<string, string | string[]>, call: Call = {}) {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const res = await t.call(call.method ?? "GET", path, {
      cookie: as,
      query: { ...query, page, limit: 100 },
      body: call.body,
    });
    expect(res.status).toBe(200);
    rows.push(...res.body.data);
    if (!res.body.isNext) return rows;
  }
}

/** The export's records (header first), with the answer's status and headers. */
async function exported(as: string | undefined, path: string, query: Record<string, string | string[]> = {}) {
  const res = await t.get(`${path}/export`, { cookie: as, query });
  return { ...res, records: res.status === 200 ? parseCsv(res.text) : [] };
}

/** The lists, each with a filter or search and a sort, and how a row of the list names its id. */
const LISTS: {
  name: string;
  path: string;
  as: keyof typeof cookie;
  query: Record<string, string | string[]>;
  call?: Call;
  id?: (row: Record<string, unknown>) => unknown;
}[] = [
  { name: "users", path: "user/list", as: "admin", query: { role: "shopOwner", sort: "email", sortType: "asc" } },
  { name: "customers", path: "user/list", as: "admin", query: { buyerId: "all", sort: "fName" } },
  { name: "shops", path: "shop/list", as: "admin", query: { search: "Export Shop", sort: "name", sortType: "asc" } },
  {
    name: "categories",
    path: "category/list",
    as: "admin",
    query: { sort: "name" },
    call: { method: "POST", body: { level: 0 } },
  },
  { name: "attributes", path: "attr", as: "admin", query: { sort: "name", sortType: "asc" } },
  { name: "brands", path: "brand", as: "admin", query: { sort: "name" } },
  { name: "products", path: "product", as: "ownerA", query: { search: "product", sort: "name", sortType: "asc" } },
  { name: "coupons", path: "coupon", as: "ownerA", query: { search: "coupon", sort: "name" } },
  { name: "campaigns", path: "campaign", as: "admin", query: { search: "campaign", sort: "title", sortType: "asc" } },
  { name: "streams", path: "live-stream/list", as: "ownerA", query: { sort: "name" }, call: { method: "POST" } },
];

describe("an export has the list's rows, in the list's order", () => {
  it.each(LISTS)("$name", async ({ path, as, query, call, id = (row) => row._id }) => {
    const rows = await listRows(cookie[as], path, query, call);
    expect(rows.length).toBeGreaterThan(0);
    const { status, records, headers } = await exported(cookie[as], path, query);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(headers.get("content-disposition")).toMatch(/^attachment; filename="[\w-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(records[0][0]).toMatch(/ ID$/);
    expect(records.slice(1).map((r) => r[0])).toEqual(rows.map(id));
  });

  it("a shop's commission, with the sub-category's id first", async () => {
    const catalogue = await kit.catalogue();
    const added = await t.post("shop/commission", {
      cookie: cookie.admin,
      body: { shopId: a.id, categoryId: catalogue.leaf.id, percentage: 12 },
    });
    expect(added.status).toBe(200);
    const rows = await listRows(cookie.ownerA, `shop/commission/${a.id}`, {});
    const { status, records } = await exported(cookie.ownerA, `shop/commission/${a.id}`);
    expect(status).toBe(200);
    expect(records[0]).toEqual([
      "Sub-category ID",
      "Sub-category",
      "Category ID",
      "Category",
      "Commission (%)",
      "Default Commission (%)",
    ]);
    expect(records.slice(1).map((r) => r[0])).toEqual(rows.map((r) => (r.categoryId as { _id: string })._id));
    expect(records[1][4]).toBe("12");
  });

  it("the influencer list (user/list with role influencer) is named influencers", async () => {
    await kit.influencer();
    const rows = await listRows(cookie.admin, "user/list", { role: "influencer" });
    const { records, headers } = await exported(cookie.admin, "user/list", { role: "influencer" });
    expect(headers.get("content-disposition")).toContain('filename="influencers-');
    expect(records.slice(1).map((r) => r[0])).toEqual(rows.map((r) => r._id));
    expect(records.slice(1).every((r) => r[4] === "Influencer")).toBe(true);
  });

  it("neutralises a formula a shop typed into a coupon's name", async () => {
    const { records } = await exported(cookie.ownerA, "coupon", { search: "cmd" });
    expect(records.slice(1).map((r) => r[1])).toEqual(["'=cmd|' /C calc'!A0"]);
  });

  it("refuses a bad filter as the list does, with JSON before any file", async () => {
    const res = await t.get("coupon/export", { cookie: cookie.ownerA, query: { sort: "nope" } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });
});

describe("an export's rights and shop are the list's", () => {
  it("an owner exports only their shop's rows", async () => {
    for (const path of ["coupon", "product", "campaign", "live-stream/list"]) {
      const mine = await exported(cookie.ownerA, path);
      expect(mine.status).toBe(200);
      const text = mine.records.map((r) => r.join(",")).join("\n");
      expect(text, path).toContain("A ");
      expect(text, path).not.toMatch(/B (coupon|product|campaign|stream)/);
      const theirs = await exported(cookie.ownerB, path);
      expect(theirs.records.map((r) => r.join(",")).join("\n"), path).not.toMatch(/A (coupon|product|campaign)/);
    }
  });

  it("another shop's commission is 404, as the list is", async () => {
    const res = await t.get(`shop/commission/${b.id}/export`, { cookie: cookie.ownerA });
    expect(res.status).toBe(404);
  });

  it("staff without the list's right get 403; the admins' lists refuse owners", async () => {
    expect((await t.get("coupon/export", { cookie: cookie.productStaffA })).status).toBe(403);
    expect((await t.get("product/export", { cookie: cookie.couponStaffA })).status).toBe(403);
    expect((await t.get("shop/list/export", { cookie: cookie.ownerA })).status).toBe(403);
    expect((await t.get("user/list/export", { cookie: cookie.ownerA })).status).toBe(403);
    expect((await exported(cookie.couponStaffA, "coupon")).status).toBe(200);
  });

  it("nobody signed in gets 401", async () => {
    for (const path of ["coupon", "brand", "user/list", "shop/list", "product", "campaign", "attr", "category/list"])
      expect((await t.get(`${path}/export`)).status, path).toBe(401);
  });
});

describe("a large export streams in batches", () => {
  it("reads 2,600 brands 500 at a time, each batch only when the reader asks for it", async () => {
    const made = Array.from({ length: 2600 }, (_, i) => ({
      id: newId(),
      name: `Bulk brand ${String(i).padStart(4, "0")}`,
      image: "/api/files/seed/brand.png",
    }));
    for (let i = 0; i < made.length; i += 1000) await t.db.insert(brands).values(made.slice(i, i + 1000));
    const list = t.app.registry.get("GET /brand") as RouteDef<unknown, unknown, false>;
    let reads = 0;
    const counted = { ...list, handler: (input: Parameters<typeof list.handler>[0]) => (reads++, list.handler(input)) };
    const route = csvExport(counted, {
      summary: "Brands",
      filename: "brands",
      columns: [{ header: "Name", cell: (r: { name: string }) => r.name }],
    });
    const query = list.query!.parse({ search: "Bulk brand", sort: "name", sortType: "asc" });
    const res = (await route.handler({
      c: undefined as never,
      deps: t.deps,
      actor: { id: newId(), role: "admin", shopId: null, permissions: new Set(), sessionId: "s" } as Actor,
      body: undefined,
      query,
      params: {},
    })) as Response;
    // the first batch is read before the answer starts (so a refusal is JSON); nothing more until the reader pulls
    expect(reads).toBe(1);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let chunks = 0;
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      text += decoder.decode(next.value, { stream: true });
      chunks++;
      // the header, then one chunk per batch: the walk is never more than one batch ahead of the reader
      expect(reads).toBeLessThanOrEqual(chunks + 1);
    }
    expect(chunks).toBe(1 + 6);
    // 2,600 rows: batches of 500, 500, 500, 500, 500 and 100; no cap
    expect(reads).toBe(6);
    const names = parseCsv(text)
      .slice(1)
      .map((r) => r[0]);
    expect(names).toEqual(made.map((m) => m.name));
  });
});
