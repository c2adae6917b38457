import { expect, test } from "@playwright/test";
import { OWNER, OWNER2, signInByCookie } from "./support";

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
