import { Readable } from "node:stream";
import { expect, test } from "@playwright/test";
import { ADMIN, OWNER, OWNER2, apiAs, customerToken, data, signInByCookie } from "./support";

// spec 2 Chat panel, Chat channel, §4 Chat, §9; spec 1 Shop-owner chat: the /app/chat screen without JavaScript
// (server-rendered list and channel, plain POST sends), the order page's Chat tag, and shop isolation.

/** A 1×1 PNG (the chat service sniffs the type). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const stamp = Date.now().toString(36);

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an owner lists their chats, opens one, sends a text and an image, and sees them after the reload", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await page.goto("/app/chat");
    const list = page.getByRole("navigation", { name: "Channels" });
    await expect(list.getByRole("link").first()).toBeVisible();
    // shop owners have no channel search (spec 2 Chat panel)
    await expect(list.getByRole("search")).toHaveCount(0);
    await expect(page.getByText("Click On Chat Button")).toBeVisible();
    await list.getByRole("link").first().click();
    await expect(page).toHaveURL(/[?&]channel=/);
    const messages = page.getByRole("list", { name: "Messages" });
    await expect(messages.getByRole("listitem").first()).toBeVisible();
    // the demo conversations' pictures show inline, their 'attachment: image' text hidden
    await expect(page.getByText("attachment: image")).toHaveCount(0);

    const text = `Hello from the console ${stamp}`;
    await page.getByRole("textbox", { name: "Message" }).fill(text);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(messages.getByText(text)).toBeVisible();

    await page.getByLabel("Image or video").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Send" }).click();
    const last = messages.getByRole("listitem").last();
    await expect(last.getByRole("img", { name: "Image" })).toBeVisible();
    await page.reload();
    await expect(messages.getByText(text)).toBeVisible();
    await expect(messages.getByRole("listitem").last().getByRole("img", { name: "Image" })).toHaveAttribute(
      "src",
      /\/api\/files\//,
    );
    await expect(page.getByText("attachment: image")).toHaveCount(0);
  });

  test("an owner cannot open another shop's channel: Page not found", async ({ browser }) => {
    const other = await browser.newContext({ javaScriptEnabled: false });
    const otherPage = await other.newPage();
    await signInByCookie(otherPage, OWNER2);
    await otherPage.goto("/app/chat");
    const href = await otherPage
      .getByRole("navigation", { name: "Channels" })
      .getByRole("link")
      .first()
      .getAttribute("href");
    await other.close();
    const cid = new URL(href!, "http://x").searchParams.get("channel")!;
    const own = await browser.newContext({ javaScriptEnabled: false });
    const page = await own.newPage();
    await signInByCookie(page, OWNER);
    const response = await page.goto(`/app/chat?channel=${encodeURIComponent(cid)}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Page not found").first()).toBeVisible();
    await own.close();
  });

  test("the order page's Chat tag opens the order's chat with the shop", async ({ page }) => {
    await signInByCookie(page, OWNER);
    await page.goto("/app/orders");
    await page.locator('a[href^="/app/order/"]').first().click();
    await expect(page).toHaveURL(/\/app\/order\//);
    const orderId = new URL(page.url()).pathname.split("/").pop()!;
    await page
      .getByRole("button", { name: /^Chat with the buyer/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/app/chat\\?channel=team%3A${orderId}_`));
    await expect(page.getByRole("heading", { level: 2, name: /Order #/ })).toBeVisible();
  });
});

// spec 2 Chat panel, §4 Chat: with JavaScript the console's chat is stream-chat-react, live. The customer is the
// mobile app's side: the real `stream-chat` client in this test's Node process, signed in with the app's bearer token.
test.describe("with JavaScript", () => {
  test("an owner and a customer chat live: the customer's picture and the owner's reply arrive without a reload", async ({
    page,
    browser,
  }) => {
    const { StreamChat } = await import("stream-chat");
    const admin = await apiAs(browser, ADMIN);
    const customer = await customerToken(browser, admin.request);
    const bearer = { authorization: `Bearer ${customer.token}` };
    const chat = await data<{ token: string; apiKey: string; baseURL: string; userId: string }>(
      await customer.api.get("/api/chat/token", { headers: bearer }),
    );

    await signInByCookie(page, OWNER);
    const owner = await data<{ userId: string }>(await page.request.get("/api/chat/token"));
    // the customer opens their chat with the shop's owner from the app (POST chat/customer)
    const opened = await data<{ cid: string; id: string; type: string }>(
      await customer.api.post("/api/chat/customer", {
        headers: bearer,
        data: { memberId: customer.id, userId: owner.userId },
      }),
    );
    // the mobile app, played here in Node (Stream warns against connecting from a server)
    const client = new StreamChat(chat.apiKey, { baseURL: chat.baseURL, allowServerSideConnect: true });
    await client.connectUser({ id: customer.id }, chat.token);
    try {
      const channel = client.channel(opened.type, opened.id);
      await channel.watch();

      await page.goto(`/app/chat?channel=${encodeURIComponent(opened.cid)}`);
      // the URL's channel is open in the live chat, though it has no message yet and is not among the list's first
      const list = page.locator(".chat-live-channel");
      await expect(list.getByText("Send a message to start the conversation")).toBeVisible();

      const hello = `Is the blue one in stock? ${stamp}`;
      await channel.sendMessage({ text: hello });
      await expect(list.getByText(hello)).toBeVisible();
      // its time reads as the page without JavaScript writes it (DD/MM/YYYY, hh:mm A: ADR 0066 amendment)
      const liveTime = list.getByRole("listitem").filter({ hasText: hello }).locator("time");
      await expect(liveTime).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} [AP]M$/);
      const noJs = await browser.newContext({ javaScriptEnabled: false });
      try {
        const plain = await noJs.newPage();
        await signInByCookie(plain, OWNER);
        await plain.goto(`/app/chat?channel=${encodeURIComponent(opened.cid)}`);
        const plainTime = plain
          .getByRole("list", { name: "Messages" })
          .getByRole("listitem")
          .filter({ hasText: hello })
          .locator("time");
        await expect(plainTime).toHaveText(await liveTime.innerText());
      } finally {
        await noJs.close();
      }

      // in Node the client sends a stream (a browser would send a File)
      const { file } = await channel.sendImage(Readable.from([PNG]), "dot.png", "image/png");
      await channel.sendMessage({ text: "attachment: image", attachments: [{ type: "image", image_url: file }] });
      await expect(list.locator(`img[src="${file}"]`)).toBeVisible();
      // the attachment's text is hidden (spec 2 Chat tab)
      await expect(list.getByText("attachment: image")).toHaveCount(0);

      const reply = `Yes, two left ${stamp}`;
      const arrived = new Promise<string>((resolve) =>
        channel.on("message.new", (event) => {
          if (event.message?.text === reply) resolve(event.message.user?.id ?? "");
        }),
      );
      await list.getByRole("textbox", { name: "Send a message" }).fill(reply);
      await page.keyboard.press("Enter");
      await expect(list.getByText(reply)).toBeVisible();
      expect(await arrived).toBe(owner.userId);
    } finally {
      await client.disconnectUser();
      await admin.close();
      await customer.app.close();
    }
  });
});
