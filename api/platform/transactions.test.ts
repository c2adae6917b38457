import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopCommissions, shops } from "#api/db/schema";
import { createCategory } from "#api/db/seed/catalogue-factories";
import { createOwnerWithShop } from "#api/db/seed/factories";
import { addCommission } from "#api/modules/commission";
import { changeShopStatus, editShop } from "#api/modules/shops";
import { testApi, type TestApi } from "../../tests/api-harness";
import type { Actor } from "./auth/actor";
import { inTransaction } from "./deps";
import { ApiError } from "./http/http";

// A later order composes stock, coupon and payment changes of several modules in one transaction: services take the
// caller's deps, whose db may be that transaction (ARCHITECTURE §2). Shown here with the services that exist today.
let t: TestApi;
let leafId: string;
const admin: Actor = { id: "admin-of-this-test", role: "admin", shopId: null, permissions: new Set(), sessionId: "s" };

beforeAll(async () => {
  t = await testApi();
  const department = await createCategory(t.db);
  const category = await createCategory(t.db, { parent: department });
  leafId = (await createCategory(t.db, { parent: category })).id;
});
afterAll(() => t.close());

const pendingShop = async () => (await createOwnerWithShop(t.db, {}, { status: "Pending", name: "Before" })).shop;
const stateOf = async (shopId: string) => {
  const [shop] = await t.db.select({ name: shops.name, status: shops.status }).from(shops).where(eq(shops.id, shopId));
  const commissions = await t.db
    .select()
    .from(shopCommissions)
    .where(and(eq(shopCommissions.shopId, shopId), eq(shopCommissions.categoryId, leafId)));
  return { ...shop, commissions: commissions.length };
};

describe("services called inside one transaction", () => {
  it("keep every change when the work ends well", async () => {
    const shop = await pendingShop();
    await inTransaction(t.deps, async (tx) => {
      await changeShopStatus(tx, { _id: shop.id, status: "Approved" });
      await editShop(tx, admin, { _id: shop.id, name: "After" });
      // a later service sees what an earlier one wrote in the same transaction
      await addCommission(tx, { shopId: shop.id, categoryId: leafId, percentage: 12 });
    });
    expect(await stateOf(shop.id)).toEqual({ name: "After", status: "Approved", commissions: 1 });
  });

  it("leave nothing behind when the work fails after them, their own transactions included", async () => {
    const shop = await pendingShop();
    const failed = inTransaction(t.deps, async (tx) => {
      await changeShopStatus(tx, { _id: shop.id, status: "Approved" });
      await editShop(tx, admin, { _id: shop.id, name: "After" }); // opens its own transaction: a savepoint here
      await addCommission(tx, { shopId: shop.id, categoryId: leafId, percentage: 12 });
      throw new Error("the payment was refused");
    });
    await expect(failed).rejects.toThrow("the payment was refused");
    expect(await stateOf(shop.id)).toEqual({ name: "Before", status: "Pending", commissions: 0 });
  });

  it("leave nothing behind when a later service refuses", async () => {
    const shop = await pendingShop();
    const failed = inTransaction(t.deps, async (tx) => {
      await changeShopStatus(tx, { _id: shop.id, status: "Approved" });
      await addCommission(tx, { shopId: shop.id, categoryId: leafId, percentage: 12 });
      // the same sub-category twice: the database's unique key refuses it, and the service says so
      await addCommission(tx, { shopId: shop.id, categoryId: leafId, percentage: 15 });
    });
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    expect(await stateOf(shop.id)).toEqual({ name: "Before", status: "Pending", commissions: 0 });
  });
});
