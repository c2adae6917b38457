import { describe, expect, it } from "vitest";
import { boundByGrantedRights, can, isCustomer, reachesShop, usesTheApp, worksInAShop } from "./rights";

// the pages' logged user and the API's actor describe the same people in two shapes
const loggedStaff = {
  role: { role: "staff" as const },
  shop: { _id: "shop-a" },
  permissions: ["product:add" as const, "staff:edit" as const],
};
const actorStaff = {
  role: "staff" as const,
  shopId: "shop-a",
  permissions: new Set(["product:add", "staff:edit"] as const),
};
const owner = { role: { role: "shopOwner" as const }, shop: { _id: "shop-a" }, permissions: [] };
const admin = { role: "admin" as const, shopId: null, permissions: new Set<never>() };
const influencer = { role: { role: "influencer" as const }, shop: null, permissions: [] };

describe("can(user, permission) (ARCHITECTURE §5)", () => {
  it("gives admins and owners every access type, staff what they were given", () => {
    for (const staff of [loggedStaff, actorStaff]) {
      expect(can(staff, "product:add")).toBe(true);
      expect(can(staff, "product:edit")).toBe(false);
      expect(can(staff, "product:any")).toBe(true);
      expect(can(staff, "order:any")).toBe(false);
    }
    expect(can(owner, "product:edit")).toBe(true);
    expect(can(admin, "shop:edit-details")).toBe(true);
    expect(can(influencer, "product:add")).toBe(false);
  });

  it("answers for one shop: an admin any, owners and staff their own", () => {
    expect(can(loggedStaff, "staff:edit", "shop-a")).toBe(true);
    expect(can(actorStaff, "staff:edit", "shop-b")).toBe(false);
    expect(can(owner, "shop:edit-details", "shop-b")).toBe(false);
    expect(can(admin, "shop:edit-details", "shop-b")).toBe(true);
    expect(reachesShop(influencer, "shop-a")).toBe(false);
  });
});

describe("boundByGrantedRights (spec 1 §2, §6)", () => {
  it("holds for staff in either shape, not for owners or admins", () => {
    expect([loggedStaff, actorStaff, owner, admin].map(boundByGrantedRights)).toEqual([true, true, false, false]);
  });
});

describe("who chats as themselves (spec 2 §7)", () => {
  const roles = ["admin", "shopOwner", "staff", "endUser", "influencer"] as const;
  it("customers and influencers use the app; owners and staff work in a shop", () => {
    expect(roles.map((role) => usesTheApp({ role }))).toEqual([false, false, false, true, true]);
    expect(roles.map((role) => isCustomer({ role }))).toEqual([false, false, false, true, false]);
    expect(roles.map((role) => worksInAShop({ role: { role } }))).toEqual([false, true, true, false, false]);
  });
});
