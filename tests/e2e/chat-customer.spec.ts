import { Readable } from "node:stream";
import { expect, test, type Page } from "@playwright/test";
import type { StreamChat } from "stream-chat";
import { ADMIN, OWNER, TEST_PNG, apiAs, appSignIn, data, hydrated, shopStaffMember, signInByCookie } from "./support";

// spec 2 §2 Customer detail, Chat tab: the customer's one-to-one channel with the signed-in user (avatar, text, the
// name of others, the time; pictures inline, 'attachment: image' hidden), without JavaScript (plain POSTs, a reload
// shows the new) and live with it; the spec's message for a customer who never signed in to the app; staff without
// direct chat have no Chat tab. The Chat menu entry's unread count. The customer is the mobile app's side: the real
// `stream-chat` client in this test's Node process, signed in with the app's bearer token.

const stamp = Date.now().toString(36);
type Person = { _id: string; fName: string; lName: string; mobile: string | null; countryCode: string | null };
type Token = { token: string; apiKey: string; baseURL: string; userId: string };

const known = {
  customer: null as Person | null,
  neverSignedIn: null as Person | null,
  owner: "",
  // the customer's app session (one sign-in for the file: phone codes are throttled) and their channel with the owner
  app: { name: "", chat: null as Token | null, channel: { type: "", id: "" } },
};

test.beforeAll(async ({ browser }) => {
  const owner = await apiAs(browser, OWNER);
  known.owner = (await data<Token>(await owner.request.get("/api/chat/token"))).userId;
  const customers = await data<Person[]>(
    await owner.request.get("/api/user/list", { params: { buyerId: "all", limit: 100 } }),
  );
  // a customer of the shop who never signed in to the app: POST chat/customer refuses them (400)
  for (const c of customers) {
    const opened = await owner.request.post("/api/chat/customer", { data: { memberId: c._id, userId: known.owner } });
    if (opened.status() === 400 && !known.neverSignedIn) known.neverSignedIn = c;
    else if (c.mobile && c.countryCode === "+61" && !known.customer) known.customer = c;
    if (known.customer && known.neverSignedIn) break;
  }
  expect(known.customer, "a customer of the shop with an Australian mobile").toBeTruthy();
  expect(known.neverSignedIn, "a customer of the shop who never signed in to the app").toBeTruthy();
  const admin = await apiAs(browser, ADMIN);
  const app = await appSignIn(browser, admin.request, known.customer!);
  const bearer = { authorization: `Bearer ${app.token}` };
  known.app.name = app.name;
  known.app.chat = await data<Token>(await app.api.get("/api/chat/token", { headers: bearer }));
  known.app.channel = await data<{ type: string; id: string }>(
    await app.api.post("/api/chat/customer", { headers: bearer, data: { memberId: app.id, userId: known.owner } }),
  );
  await Promise.all([owner.close(), admin.close(), app.app.close()]);
});

/** The customer's app: their `stream-chat` client, connected, watching their channel with the owner. */
async function customerApp() {
  const { StreamChat } = await import("stream-chat");
  const token = known.app.chat!;
  // the mobile app, played here in Node (Stream warns against connecting from a server)
  const client: StreamChat = new StreamChat(token.apiKey, { baseURL: token.baseURL, allowServerSideConnect: true });
  await client.connectUser({ id: token.userId }, token.token);
  const channel = client.channel(known.app.channel.type, known.app.channel.id);
  await channel.watch();
  return { channel, name: known.app.name, close: () => client.disconnectUser() };
}

const chatTab = (id: string) => `/app/customer/${id}?tab=chat`;
const tabs = (page: Page) => page.getByRole("navigation", { name: "Customer tabs" });

/** The count on the Chat menu entry (none shown: 0). */
async function unreadOnMenu(page: Page) {
  const count = page.getByTestId("chat-unread");
  if ((await count.count()) === 0) return 0;
  return Number(await count.getAttribute("data-count"));
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the owner sends a text and a picture from the Chat tab; the customer's reply shows after a reload", async ({
    page,
  }) => {
    const customer = await customerApp();
    try {
      await signInByCookie(page, OWNER);
      await page.goto(chatTab(known.customer!._id));
      await expect(tabs(page).getByRole("link")).toHaveText(["Purchases", "Wishlist", "Chat", "Notes"]);
      await expect(tabs(page).getByRole("link", { name: "Chat" })).toHaveAttribute("aria-current", "page");
      const messages = page.getByRole("list", { name: "Messages" });

      const text = `Your parcel left today ${stamp}`;
      const arrived = new Promise<string>((resolve) =>
        customer.channel.on("message.new", (event) => {
          if (event.message?.text === text) resolve(event.message.user?.id ?? "");
        }),
      );
      await page.getByRole("textbox", { name: "Message" }).fill(text);
      await page.getByRole("button", { name: "Send" }).click();
      await expect(page).toHaveURL(/tab=chat/);
      await expect(messages.getByText(text)).toBeVisible();
      expect(await arrived).toBe(known.owner);

      await page
        .getByLabel("Image or video")
        .setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: TEST_PNG });
      await page.getByRole("button", { name: "Send" }).click();
      await expect(messages.getByRole("listitem").last().getByRole("img", { name: "Image" })).toBeVisible();
      await expect(page.getByText("attachment: image")).toHaveCount(0);

      const reply = `Thank you! ${stamp}`;
      await customer.channel.sendMessage({ text: reply });
      const { file } = await customer.channel.sendImage(Readable.from([TEST_PNG]), "dot.png", "image/png");
      await customer.channel.sendMessage({
        text: "attachment: image",
        attachments: [{ type: "image", image_url: file }],
      });
      await page.reload();
      const theirs = messages.getByRole("listitem").filter({ hasText: reply });
      // another's message: their name, the text and the time
      await expect(theirs).toContainText(customer.name);
      await expect(theirs.locator("time")).toHaveCount(1);
      await expect(messages.locator(`img[src="${file}"]`)).toBeVisible();
      await expect(page.getByText("attachment: image")).toHaveCount(0);
    } finally {
      await customer.close();
    }
  });

  test("a customer who never signed in to the app: the spec's message, naming the product", async ({ page }) => {
    await signInByCookie(page, OWNER);
    await page.goto(chatTab(known.neverSignedIn!._id));
    const product = await page.locator(".shell-brand-name").innerText();
    await expect(page.getByRole("alert")).toHaveText(
      `This customer is not using the ${product} mobile app. Please ask them to install and log in.`,
    );
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveCount(0);
  });

  test("the Chat menu counts the customer's new message and clears once the owner has read it", async ({ page }) => {
    const customer = await customerApp();
    try {
      await signInByCookie(page, OWNER);
      await page.goto(chatTab(known.customer!._id));
      await page.goto("/app/orders");
      const before = await unreadOnMenu(page);
      await customer.channel.sendMessage({ text: `Any news? ${stamp}` });
      await page.reload();
      expect(await unreadOnMenu(page)).toBe(before + 1);
      await page.goto(chatTab(known.customer!._id));
      await page.goto("/app/orders");
      expect(await unreadOnMenu(page)).toBe(before);
    } finally {
      await customer.close();
    }
  });
});

test.describe("with JavaScript", () => {
  test("the owner and the customer chat live on the Chat tab; the menu's count follows", async ({ page }) => {
    const customer = await customerApp();
    try {
      await signInByCookie(page, OWNER);
      await page.goto(chatTab(known.customer!._id));
      await hydrated(page);
      const live = page.locator(".chat-live-channel");
      await expect(live).toBeVisible();
      await page.goto("/app/orders");
      await hydrated(page);
      const before = await unreadOnMenu(page);

      // a message while the owner is elsewhere: counted on the next page
      const hello = `Is my order ready? ${stamp}`;
      await customer.channel.sendMessage({ text: hello });
      await page.getByRole("link", { name: "Customers", exact: true }).first().click();
      await expect(page).toHaveURL(/\/app\/customers/);
      await expect.poll(() => unreadOnMenu(page)).toBe(before + 1);

      await page.goto(chatTab(known.customer!._id));
      await expect(live.getByText(hello)).toBeVisible();
      // read on the tab: the live chat's count replaces the page's
      await expect.poll(() => unreadOnMenu(page)).toBe(before);

      const reply = `Packing it now ${stamp}`;
      const arrived = new Promise<string>((resolve) =>
        customer.channel.on("message.new", (event) => {
          if (event.message?.text === reply) resolve(event.message.user?.id ?? "");
        }),
      );
      await live.getByRole("textbox", { name: "Send a message" }).fill(reply);
      await page.keyboard.press("Enter");
      await expect(live.getByText(reply)).toBeVisible();
      expect(await arrived).toBe(known.owner);

      const thanks = `Great, thanks ${stamp}`;
      await customer.channel.sendMessage({ text: thanks });
      await expect(live.getByText(thanks)).toBeVisible();
      await expect(page.getByText("attachment: image")).toHaveCount(0);
    } finally {
      await customer.close();
    }
  });

  test("staff without direct chat have no Chat tab, and its address is Page not found", async ({ browser }) => {
    const owner = await apiAs(browser, OWNER);
    const staff = await shopStaffMember(browser, owner.request, ["customer:view"]);
    try {
      await staff.page.goto(`/app/customer/${known.customer!._id}`);
      await expect(tabs(staff.page).getByRole("link")).toHaveText(["Purchases", "Wishlist", "Notes"]);
      const response = await staff.page.goto(chatTab(known.customer!._id));
      expect(response?.status()).toBe(404);
      await expect(staff.page.getByText("Page not found").first()).toBeVisible();
    } finally {
      await staff.close();
      await owner.close();
    }
  });
});
