import { expect, test, type Browser, type Page } from "@playwright/test";
import type { StreamChat } from "stream-chat";
import { ADMIN, OWNER, apiAs, customerToken, data, hydrated, shopStaffMember, signInByCookie } from "./support";

// spec 3 §2 Stream viewer: the live chat pane beside the video (owners, admins, staff with 'stream chat'); its input
// hidden once the stream is finished; moderation: delete a message, mute a viewer in this stream. The viewer is the
// mobile app's side: the real `stream-chat` client in this test's Node process, signed in with the app's bearer token.
// The demo seed's first shop has a live stream and finished ones, each with viewers' messages in its chat.

const LIVE = "Spring Streetwear Drop";
const FINISHED = "Autumn Layers Recap";
const stamp = Date.now().toString(36);
const viewer = (page: Page) => page.getByTestId("stream-viewer");
const chatPane = (page: Page) => viewer(page).getByRole("region", { name: "Live chat" });

/** The id of the owner's stream named `name` (the View link of the list opens the viewer with it). */
async function streamIdOf(page: Page, name: string) {
  await page.goto(`/app/streams?search=${encodeURIComponent(name)}`);
  const href = await page.getByRole("link", { name: `View ${name}` }).getAttribute("href");
  return new URL(href!, "http://x").searchParams.get("id")!;
}

type AppCustomer = Awaited<ReturnType<typeof customerToken>> & {
  chat: { token: string; apiKey: string; baseURL: string };
};
let signedIn: Promise<AppCustomer> | null = null;
let admin: Awaited<ReturnType<typeof apiAs>> | null = null;

/** A demo customer signed in to the app once for the file (phone codes are rationed), not the other files' one. */
function appCustomer(browser: Browser) {
  signedIn ??= (async () => {
    admin = await apiAs(browser, ADMIN);
    const customer = await customerToken(browser, admin.request, 1);
    const chat = await data<{ token: string; apiKey: string; baseURL: string }>(
      await customer.api.get("/api/chat/token", { headers: { authorization: `Bearer ${customer.token}` } }),
    );
    return { ...customer, chat };
  })();
  return signedIn;
}
test.afterAll(async () => {
  if (signedIn) await (await signedIn).app.close();
  await admin?.close();
});

/** The customer in the app, connected to the chat service (as the mobile app is), watching the stream's chat. */
async function appViewer(browser: Browser, streamId: string) {
  const { StreamChat } = await import("stream-chat");
  const customer = await appCustomer(browser);
  const { chat } = customer;
  const client: StreamChat = new StreamChat(chat.apiKey, { baseURL: chat.baseURL, allowServerSideConnect: true });
  await client.connectUser({ id: customer.id }, chat.token);
  // watching the stream's chat makes them one of its viewers
  const channel = client.channel("livestream", streamId);
  await channel.watch();
  return {
    name: customer.name,
    channel,
    send: (text: string) => channel.sendMessage({ text }),
    close: () => client.disconnectUser(),
  };
}

test.describe("with JavaScript", () => {
  test("a viewer's message arrives live; the owner deletes it and mutes the viewer, whose next send is refused", async ({
    page,
    browser,
  }) => {
    await signInByCookie(page, OWNER);
    const id = await streamIdOf(page, LIVE);
    const app = await appViewer(browser, id);
    try {
      await page.goto(`/app/streams?dialog=view&id=${id}`);
      await hydrated(page);
      await expect(viewer(page).getByRole("heading", { name: `${LIVE}'s Stream` })).toBeVisible();
      const live = chatPane(page).locator("[data-chat-live=connected] .chat-live-channel");
      // the island fetches stream-chat-react after first paint: on a busy machine that takes longer than a check
      await expect(live.getByRole("textbox", { name: "Send a message" })).toBeVisible({ timeout: 60_000 });

      const text = `Does it come in blue? ${stamp}`;
      const { message } = await app.send(text);
      const shown = live.locator(".str-chat__li").filter({ hasText: text });
      await expect(shown).toBeVisible();

      // stream-chat-react's message actions: Delete (the owner moderates the stream's chat)
      const deleted = new Promise<string>((resolve) =>
        app.channel.on("message.deleted", (event) => resolve(event.message?.id ?? "")),
      );
      await shown.hover();
      await shown.getByRole("button", { name: "Open Message Actions Menu" }).click();
      await page.getByRole("menuitem", { name: "Delete Message" }).click();
      await page.getByRole("button", { name: "Delete message" }).click();
      await expect(live.getByText(text)).toHaveCount(0);
      expect(await deleted).toBe(message.id);

      // mute the viewer in this stream: the Viewers list's plain form, posted by Remix
      const viewers = chatPane(page).getByRole("list", { name: "Viewers" });
      await viewers.getByRole("button", { name: `Mute ${app.name}` }).click();
      await expect(viewers.getByRole("button", { name: `Unmute ${app.name}` })).toBeVisible();
      await expect(app.send("let me talk")).rejects.toMatchObject({ status: 403, code: 17 });
      // the live chat stayed connected through the reload of the viewer's data
      await expect(live.getByRole("textbox", { name: "Send a message" })).toBeVisible();

      await viewers.getByRole("button", { name: `Unmute ${app.name}` }).click();
      await expect(viewers.getByRole("button", { name: `Mute ${app.name}` })).toBeVisible();
      const back = `Back again ${stamp}`;
      await app.send(back);
      await expect(live.getByText(back)).toBeVisible();
    } finally {
      await app.close();
    }
  });

  test("a finished stream's chat shows its messages but no input", async ({ page }) => {
    await signInByCookie(page, OWNER);
    const id = await streamIdOf(page, FINISHED);
    await page.goto(`/app/streams?dialog=view&id=${id}`);
    await hydrated(page);
    const live = chatPane(page).locator("[data-chat-live=connected] .chat-live-channel");
    await expect(live.locator(".str-chat__message-text").first()).toBeVisible({ timeout: 60_000 });
    await expect(chatPane(page).getByRole("textbox")).toHaveCount(0);
  });

  test("staff without 'stream chat' see the viewer without the live chat", async ({ page, browser }) => {
    await signInByCookie(page, OWNER);
    const id = await streamIdOf(page, LIVE);
    const staff = await shopStaffMember(browser, page.request, ["stream:schedule", "chat:direct-chat"]);
    try {
      await staff.page.goto(`/app/streams?dialog=view&id=${id}`);
      await expect(viewer(staff.page).getByRole("heading", { name: `${LIVE}'s Stream` })).toBeVisible();
      await expect(chatPane(staff.page)).toHaveCount(0);
      // and the viewer's chat forms refuse them: nothing is deleted or muted
      const refused = await staff.page.request.post(`/app/streams?dialog=view&id=${id}`, {
        form: { intent: "mute", userId: "anyone" },
      });
      expect(refused.status()).toBe(403);
    } finally {
      await staff.close();
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the owner sends, deletes a viewer's message and mutes the viewer with plain forms", async ({
    page,
    browser,
  }) => {
    await signInByCookie(page, OWNER);
    const id = await streamIdOf(page, LIVE);
    const app = await appViewer(browser, id);
    try {
      const text = `Is the hoodie warm? ${stamp}`;
      const { message } = await app.send(text);
      await page.goto(`/app/streams?dialog=view&id=${id}`);
      const pane = chatPane(page);
      const messages = pane.getByRole("list", { name: "Messages" });
      const item = messages.locator(`[data-message-id="${message.id}"]`);
      await expect(item).toContainText(text);

      const hello = `Welcome to the drop ${stamp}`;
      await pane.getByRole("textbox", { name: "Message" }).fill(hello);
      await pane.getByRole("button", { name: "Send" }).click();
      await expect(messages.getByText(hello)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`dialog=view&id=${id}`));

      await item.getByRole("button", { name: "Delete message" }).click();
      await expect(item).toContainText("This message was deleted");
      await expect(item).not.toContainText(text);
      expect((await app.channel.getClient().getMessage(message.id)).message.type).toBe("deleted");

      const viewers = pane.getByRole("list", { name: "Viewers" });
      await viewers.getByRole("button", { name: `Mute ${app.name}` }).click();
      await expect(viewers.getByRole("listitem").filter({ hasText: app.name })).toContainText("Muted");
      await expect(app.send("let me talk")).rejects.toMatchObject({ status: 403, code: 17 });
      await viewers.getByRole("button", { name: `Unmute ${app.name}` }).click();
      await expect(viewers.getByRole("button", { name: `Mute ${app.name}` })).toBeVisible();
      expect((await app.send(`ok ${stamp}`)).message.type).toBe("regular");
    } finally {
      await app.close();
    }
  });

  test("a finished stream's chat: its messages and no send form", async ({ page }) => {
    await signInByCookie(page, OWNER);
    const id = await streamIdOf(page, FINISHED);
    await page.goto(`/app/streams?dialog=view&id=${id}`);
    const pane = chatPane(page);
    await expect(pane.getByRole("list", { name: "Messages" }).getByRole("listitem").first()).toBeVisible();
    await expect(pane.getByRole("textbox", { name: "Message" })).toHaveCount(0);
    await expect(pane.getByRole("button", { name: "Send" })).toHaveCount(0);
  });
});
