import { asc, eq, sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerWithShop } from "#api/db/seed/factories";
import { testApi, type TestApi } from "../../../tests/api-harness";
import type { Actor } from "./actor";
import { ApiError } from "../http/http";
import { actingShop, ownPart, reachesEveryShop, reachesNoShop, requireShop, shopScope, visibleTo } from "./tenancy";

// the shape orders will have: one order, lines of several shops (ARCHITECTURE §4)
const orderLines = pgTable("tenancy_test_order_lines", {
  id: text("id").primaryKey(),
  orderId: text("order_id").notNull(),
  shopId: text("shop_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
});

let t: TestApi;
let shopA: string;
let shopB: string;
let admin: Actor, ownerA: Actor, staffB: Actor, staffWithoutShop: Actor;

const actor = (role: Actor["role"], shopId: string | null): Actor => ({
  id: `${role}-${shopId}`,
  role,
  shopId,
  permissions: new Set(),
  sessionId: "s",
});

beforeAll(async () => {
  t = await testApi();
  const a = await createOwnerWithShop(t.db);
  const b = await createOwnerWithShop(t.db);
  shopA = a.shop.id;
  shopB = b.shop.id;
  admin = actor("admin", null);
  ownerA = actor("shopOwner", shopA);
  staffB = actor("staff", shopB);
  staffWithoutShop = actor("staff", null);
  await t.db.execute(
    sql`create table tenancy_test_order_lines (id text primary key, order_id text not null, shop_id text not null references shops(id), amount_cents integer not null)`,
  );
  await t.db.insert(orderLines).values([
    { id: "l1", orderId: "o1", shopId: shopA, amountCents: 1000 },
    { id: "l2", orderId: "o1", shopId: shopB, amountCents: 2500 },
    { id: "l3", orderId: "o1", shopId: shopA, amountCents: 500 },
  ]);
});
afterAll(() => t.close());

const linesOf = async (who: Actor, requested?: string) =>
  (
    await t.db
      .select({ id: orderLines.id, amountCents: orderLines.amountCents })
      .from(orderLines)
      .where(visibleTo(who, orderLines.shopId, requested))
      .orderBy(asc(orderLines.id))
  ).map((l) => l.id);

describe("an order with lines of shops A and B (ARCHITECTURE §4)", () => {
  it("shows an admin every line, or the lines of the shop they name", async () => {
    expect(await linesOf(admin)).toEqual(["l1", "l2", "l3"]);
    expect(await linesOf(admin, shopB)).toEqual(["l2"]);
  });

  it("shows each shop's people only their own shop's lines, whatever shop they name", async () => {
    expect(await linesOf(ownerA)).toEqual(["l1", "l3"]);
    expect(await linesOf(ownerA, shopB)).toEqual(["l1", "l3"]);
    expect(await linesOf(staffB)).toEqual(["l2"]);
    expect(await linesOf(staffWithoutShop)).toEqual([]);
  });

  it("gives a shop the totals of its own part", async () => {
    const [partA] = await t.db
      .select({ total: sql<number>`sum(${orderLines.amountCents})::int` })
      .from(orderLines)
      .where(visibleTo(ownerA, orderLines.shopId));
    expect(partA.total).toBe(1500);
  });

  it("cuts lines already read the same way", async () => {
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, "o1")).orderBy(asc(orderLines.id));
    expect(ownPart(staffB, lines, (l) => l.shopId).map((l) => l.id)).toEqual(["l2"]);
    expect(ownPart(admin, lines, (l) => l.shopId)).toHaveLength(3);
  });
});

describe("the shop a call is about", () => {
  it("is the session's shop for owners and staff, the named one (or all) for admins", () => {
    expect(shopScope(ownerA, shopB)).toBe(shopA);
    expect(shopScope(admin, shopB)).toBe(shopB);
    expect(shopScope(admin)).toBeNull();
  });

  it("answers 404/1004 when an owner or staff member names another shop", () => {
    const refusal = (() => {
      try {
        requireShop(ownerA, shopB);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 404, extra: { code: 1004 } });
    expect(() => requireShop(ownerA, shopA)).not.toThrow();
    expect(() => requireShop(admin, shopB)).not.toThrow();
    expect(() => actingShop(staffB, shopA)).toThrow(ApiError);
    expect(actingShop(admin, undefined, shopA)).toBe(shopA);
  });
});

describe("how many shops a caller reaches", () => {
  it("is every shop for an admin, one for an owner or staff member, none for a shop user without a shop", () => {
    expect([admin, ownerA, staffB, staffWithoutShop].map(reachesEveryShop)).toEqual([true, false, false, false]);
    expect([admin, ownerA, staffB, staffWithoutShop].map(reachesNoShop)).toEqual([false, false, false, true]);
  });
});
