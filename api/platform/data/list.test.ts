import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#api/db/seed/factories";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { EXACT_COUNT_LIMIT } from "./list";

let t: TestApi;
let cookie: string;
beforeAll(async () => {
  t = await testApi();
  await createUser(t.db, { role: "admin", email: "lists@liveshop.test", password: "Lists#2026!" });
  cookie = await t.signIn("lists@liveshop.test", "Lists#2026!");
  // 1,500 customers and 20 influencers, written in one statement
  await t.db.execute(sql`
    insert into users (id, f_name, l_name, email, country_code, mobile, role, gender, created_at)
    select lpad(to_hex(g), 24, '0'), 'Bulk', 'Customer ' || g, 'bulk' || g || '@example.test', '+61', (410000000 + g)::text,
           case when g <= 20 then 'influencer' else 'endUser' end, 'Female', now() - (g || ' minutes')::interval
    from generate_series(1, 1520) as g`);
  await t.db.execute(sql`analyze users`);
});
afterAll(() => t.close());

describe("the list helper's count (ARCHITECTURE §3: keep count cheap)", () => {
  it("is exact up to the limit and says nothing more", async () => {
    const res = await t.get("user/list", { cookie, query: { role: "influencer", limit: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(20);
    expect(res.body).not.toHaveProperty("countEstimated");
    expect(res.body.data).toHaveLength(5);
    expect(res.body.isNext).toBe(true);
  });

  it("past the limit is PostgreSQL's estimate, marked as such, never below what was counted", async () => {
    const res = await t.get("user/list", { cookie, query: { limit: 10 } });
    expect(res.status).toBe(200);
    expect(res.body.countEstimated).toBe(true);
    expect(res.body.count).toBeGreaterThan(EXACT_COUNT_LIMIT);
    // the planner's estimate after ANALYZE is close to the 1,520 rows
    expect(res.body.count).toBeGreaterThan(1200);
    expect(res.body.count).toBeLessThan(1900);
    expect(res.body.data).toHaveLength(10);
  });

  it("on the last page of an estimated list is the exact count the page proves", async () => {
    const res = await t.get("user/list", { cookie, query: { skip: 1500, limit: 100 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(20);
    expect(res.body.isNext).toBe(false);
    expect(res.body.count).toBe(1520);
    expect(res.body).not.toHaveProperty("countEstimated");
  });

  it("is never below the rows before and on a page, plus the next page's first", async () => {
    // 1,200 customers the statistics have not seen yet: the planner guesses a handful match "Late"
    await t.db.execute(sql`
      insert into users (id, f_name, l_name, email, country_code, mobile, role, gender, created_at)
      select lpad(to_hex(10000 + g), 24, '0'), 'Late', 'Customer ' || g, 'late' || g || '@example.test', '+61', (420000000 + g)::text,
             'endUser', 'Male', now() - (g || ' minutes')::interval
      from generate_series(1, 1200) as g`);
    const res = await t.get("user/list", { cookie, query: { search: "Late", skip: 1000, limit: 100 } });
    expect(res.status).toBe(200);
    expect(res.body.isNext).toBe(true);
    expect(res.body.countEstimated).toBe(true);
    expect(res.body.count).toBeGreaterThanOrEqual(1101);
  });
});
