import { describe, expect, it } from "vitest";
import { ADMIN_ONLY } from "../auth/actor";
import { idPath } from "../data/ids";
import { ok } from "./http";
import { influencerRoute, route } from "./router";

// tsc checks this file with the rest of the tree (npm run typecheck): each `@ts-expect-error` below fails the type check
// if the declaration under it compiles, so a handler's answer stays bound to its call's declared response.
describe("a route's handler answers the response its call declares (contract/core/calls.ts)", () => {
  it("takes the declared shape: DELETE /shop/:id answers { _id }", async () => {
    const def = route({
      method: "delete",
      path: "/shop/:id",
      summary: "",
      policy: ADMIN_ONLY,
      handler: async ({ params }) => ok({ _id: params.id }),
    });
    expect(def.path).toBe("/shop/:id");
  });

  it("refuses another shape at compile time", () => {
    const wrong = route({
      method: "delete",
      path: "/shop/:id",
      summary: "",
      policy: ADMIN_ONLY,
      // @ts-expect-error the declared response has `_id`, not `id`
      handler: async ({ params }) => ok({ id: params.id }),
    });
    const dates = route({
      method: "get",
      path: "/sms/outbox",
      summary: "",
      policy: ADMIN_ONLY,
      // @ts-expect-error a list call answers rows, and the wire turns a Date into text, never a number
      handler: async () => ok([{ _id: "a", to: "+61", body: "", createdAt: 1, expiresAt: 2 }]),
    });
    const patterned = route({
      method: "get",
      path: idPath("/brand/:id"),
      summary: "",
      policy: ADMIN_ONLY,
      // @ts-expect-error an id-patterned path keys as written: GET /brand/:id answers a brand, not a count
      handler: async () => ok({ count: 1 }),
    });
    expect([wrong.method, dates.method, patterned.path]).toEqual(["delete", "get", "/brand/:id{[0-9a-f]{24}}"]);
  });

  it("binds an influencer route's answer the same way, and hands it the influencer (ADR 0057)", () => {
    const wrong = influencerRoute({
      method: "get",
      path: "/influencer/me",
      summary: "",
      // @ts-expect-error GET /influencer/me answers the influencer's profile, not just an id
      handler: async ({ influencer }) => ok({ id: influencer.id }),
    });
    expect(wrong.policy).toEqual({ influencer: true });
  });

  it("reads a Date as the ISO text the client receives", () => {
    const def = route({
      method: "get",
      path: "/sms/outbox",
      summary: "",
      policy: ADMIN_ONLY,
      handler: async () => ok([{ _id: "a", to: "+61", body: "", createdAt: new Date(0), expiresAt: new Date(0) }]),
    });
    expect(def.path).toBe("/sms/outbox");
  });
});
