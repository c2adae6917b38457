import { describe, expect, it } from "vitest";
import { shopCustomers } from "#api/db/schema";
import type { TestApi } from "../../../tests/api-harness";
import type { KitCustomer, KitShop, TestKit } from "../../../tests/factories";
import { appAuth, chatTestServer, type Auth } from "./test-clients";

// GET chat/unread: the Chat menu entry's count (spec 2 Chat panel's unread counts, summed), for the signed-in user
// only, with the chat module's rights.

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let buyer: KitCustomer;
let buyerAuth: Auth;

const { connect } = chatTestServer(async (made) => {
  ({ t, kit } = made);
  [shopA, shopB] = [await kit.shop(), await kit.shop()];
  buyer = await kit.customer();
  await t.db.insert(shopCustomers).values({ shopId: shopA.id, customerId: buyer.id, source: "ordered" });
  buyerAuth = await appAuth(kit, buyer);
});

const unread = async (auth: Auth) => {
  const res = await t.get("chat/unread", auth);
  expect(res.status).toBe(200);
  return res.body.data as { total: number; channels: number };
};

describe("GET chat/unread", () => {
  it("counts the customer's messages for the owner only, and nothing once the owner has read them", async () => {
    const opened = await t.post("chat/customer", {
      cookie: shopA.owner.cookie,
      body: { memberId: buyer.id, userId: shopA.owner.id },
    });
    expect(opened.status).toBe(200);
    expect(await unread({ cookie: shopA.owner.cookie })).toEqual({ total: 0, channels: 0 });

    const customer = await connect(buyerAuth);
    const fromApp = customer.channel("messaging", opened.body.data.id);
    await fromApp.sendMessage({ text: "Do you ship to Perth?" });
    await fromApp.sendMessage({ text: "And to Darwin?" });
    expect(await unread({ cookie: shopA.owner.cookie })).toEqual({ total: 2, channels: 1 });
    // one's own messages are not unread; another shop's owner has nothing of it
    expect(await unread(buyerAuth)).toEqual({ total: 0, channels: 0 });
    expect(await unread({ cookie: shopB.owner.cookie })).toEqual({ total: 0, channels: 0 });
    // a staff member of the same shop with direct chat is not in that one-to-one channel
    const chatStaff = await kit.staff(shopA, ["chat:direct-chat"]);
    expect(await unread({ cookie: chatStaff.cookie })).toEqual({ total: 0, channels: 0 });

    const owner = await connect({ cookie: shopA.owner.cookie });
    const seen = owner.channel("messaging", opened.body.data.id);
    await seen.watch();
    await seen.markRead();
    expect(await unread({ cookie: shopA.owner.cookie })).toEqual({ total: 0, channels: 0 });
    // the owner's reply is the customer's unread
    await seen.sendMessage({ text: "Yes, to both" });
    expect(await unread(buyerAuth)).toEqual({ total: 1, channels: 1 });
  });

  it("rights: staff without the chat module 403, signed out 401", async () => {
    const noChat = await kit.staff(shopA, ["customer:view"]);
    expect((await t.get("chat/unread", { cookie: noChat.cookie })).status).toBe(403);
    expect((await t.get("chat/unread")).status).toBe(401);
  });
});
