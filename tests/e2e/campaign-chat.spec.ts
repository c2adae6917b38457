import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, OWNER, apiAs, data, hydrated, scheduleStream, shopStaffMember, signInByCookie } from "./support";

// spec 3 §2 Stream viewer, opened from the campaign pages (Campaign streams table, Accepted-influencer page's Streams
// tab): the same live chat as on the stream lists (owners, admins, staff with 'stream chat'; the input hidden once the
// stream is finished). The chat's forms post to the campaign pages, whose actions tell them from their own forms. The
// demo seed's Harbour Threads runs the Ongoing campaign Live Summer Sale with a finished stream whose chat has viewers'
// messages; the file schedules a stream in it whose chat takes messages.

const CAMPAIGN = "Live Summer Sale";
/** a stream this file schedules in the campaign (5 to 20 characters) */
const UPCOMING = `Chat Q&A ${Date.now().toString(36).slice(-5)}`;
const FINISHED = "Summer Sale Try-On";
const SHOTS = process.env.SHOTS_DIR ?? "/tmp";
const stamp = Date.now().toString(36);
const chatPane = (page: Page) => page.getByTestId("stream-viewer").getByRole("region", { name: "Live chat" });
const messagesOf = (page: Page) => chatPane(page).getByRole("list", { name: "Messages" });

interface StreamRow {
  _id: string;
  name: string;
  streamer: { _id: string };
}

let made: Promise<{ campaignId: string; finished: StreamRow; upcoming: StreamRow }> | null = null;

/**
 * The campaign's finished demo stream (its viewers' messages in its chat) and a stream scheduled in it for this file
 * (its chat open for writing: the demo's live campaign stream may be another shop's), made once with the owner's API.
 */
function campaignStreamsOnce(request: APIRequestContext) {
  made ??= (async () => {
    const campaigns = await data<{ _id: string; title: string }[]>(
      await request.get("/api/campaign", { params: { search: CAMPAIGN, limit: 5 } }),
    );
    const campaign = campaigns.find((c) => c.title === CAMPAIGN);
    expect(campaign, CAMPAIGN).toBeTruthy();
    await scheduleStream(request, UPCOMING, campaign!._id);
    const rows = await data<StreamRow[]>(
      await request.post("/api/live-stream/list", { params: { campaignId: campaign!._id, limit: 100 } }),
    );
    const finished = rows.find((s) => s.name === FINISHED);
    const upcoming = rows.find((s) => s.name === UPCOMING);
    expect(finished && upcoming, `the streams in ${JSON.stringify(rows.map((s) => s.name))}`).toBeTruthy();
    return { campaignId: campaign!._id, finished: finished!, upcoming: upcoming! };
  })();
  return made;
}

// the scheduled stream goes when the file is done, so the stream lists of files after it show the demo's streams only
test.afterAll(async ({ browser }) => {
  if (!made) return;
  const { upcoming } = await made;
  const owner = await apiAs(browser, OWNER);
  await data(await owner.request.delete(`/api/live-stream/${upcoming._id}`));
  await owner.close();
});

async function campaignStreams(request: APIRequestContext) {
  const { campaignId, finished, upcoming } = await campaignStreamsOnce(request);
  const edit = `/app/edit-campaign/${campaignId}`;
  return {
    /** the campaign edit page with the viewer open on a stream */
    onEditPage: (stream: StreamRow) => `${edit}?dialog=view&id=${stream._id}`,
    /** the streamer's accepted-influencer page, its Streams tab with the viewer open on a stream */
    onInfluencerPage: (stream: StreamRow) =>
      `${edit}/accept-influencer/${stream.streamer._id}?tab=streams&dialog=view&id=${stream._id}`,
    live: upcoming,
    finished,
  };
}

/** The name of a viewer of the open stream's chat whom the moderator may mute. */
async function viewerToMute(page: Page) {
  const mute = chatPane(page)
    .getByRole("list", { name: "Viewers" })
    .getByRole("button", { name: /^Mute / });
  return ((await mute.first().getAttribute("aria-label")) ?? "").slice("Mute ".length);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the campaign edit page's viewer: the owner reads, sends, deletes and mutes with plain forms, on the same URL", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const { onEditPage, live, finished } = await campaignStreams(page.request);
    let url = onEditPage(live);
    await page.goto(url);
    await expect(page.getByRole("dialog", { name: `${UPCOMING}'s Stream` })).toBeVisible();
    const messages = messagesOf(page);

    const hello = `Thanks for joining the sale ${stamp}`;
    await chatPane(page).getByRole("textbox", { name: "Message" }).fill(hello);
    await chatPane(page).getByRole("button", { name: "Send" }).click();
    await expect(messages.locator("[data-message-id]").filter({ hasText: hello })).toBeVisible();
    const id = await messages.locator("[data-message-id]").filter({ hasText: hello }).getAttribute("data-message-id");
    const sent = messages.locator(`[data-message-id="${id}"]`);
    await expect(page).toHaveURL(url);
    await page.screenshot({ path: `${SHOTS}/campaign-chat-nojs.png`, fullPage: true });

    await expect(chatPane(page).getByRole("alert")).toHaveCount(0);

    await sent.getByRole("button", { name: "Delete message" }).click();
    await expect(sent).toContainText("This message was deleted");
    await expect(page).toHaveURL(url);

    // on the finished demo stream (its viewers wrote in its chat): a viewer muted in this stream, then unmuted
    url = onEditPage(finished);
    await page.goto(url);
    await expect(messages.locator("[data-message-id]").first()).toBeVisible();
    const viewers = chatPane(page).getByRole("list", { name: "Viewers" });
    const name = await viewerToMute(page);
    await viewers.getByRole("button", { name: `Mute ${name}` }).click();
    const row = viewers.getByRole("listitem").filter({ hasText: name });
    await expect(row).toContainText("Muted");
    await expect(page).toHaveURL(url);
    await row.getByRole("button", { name: `Unmute ${name}` }).click();
    await expect(viewers.getByRole("button", { name: `Mute ${name}` })).toBeVisible();
    await expect(page).toHaveURL(url);
  });

  test("the accepted-influencer page's Streams tab: the viewer's chat sends and lands back on the same viewer", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const { onInfluencerPage, live } = await campaignStreams(page.request);
    const url = onInfluencerPage(live);
    await page.goto(url);
    await expect(page.getByRole("dialog", { name: `${UPCOMING}'s Stream` })).toBeVisible();
    const hello = `Code SUMMER works too ${stamp}`;
    await chatPane(page).getByRole("textbox", { name: "Message" }).fill(hello);
    await chatPane(page).getByRole("button", { name: "Send" }).click();
    await expect(messagesOf(page).getByText(hello)).toBeVisible();
    await expect(page).toHaveURL(url);
    await page.screenshot({ path: `${SHOTS}/campaign-chat-influencer-nojs.png`, fullPage: true });
  });

  test("a finished campaign stream's chat shows its messages and no send form; an admin reads it too", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const { onEditPage, onInfluencerPage, finished } = await campaignStreams(page.request);
    for (const url of [onEditPage(finished), onInfluencerPage(finished)]) {
      await page.goto(url);
      await expect(messagesOf(page).locator("[data-message-id]").first()).toBeVisible();
      await expect(chatPane(page).getByRole("textbox", { name: "Message" })).toHaveCount(0);
      await expect(chatPane(page).getByRole("button", { name: "Send" })).toHaveCount(0);
    }
    // a send posted anyway is refused, and nothing is sent
    const refused = await page.request.post(onEditPage(finished), {
      multipart: { intent: "send", text: `late ${stamp}` },
    });
    expect(refused.status()).toBe(400);

    await page.context().clearCookies();
    await signInByCookie(page, ADMIN);
    await page.goto(onEditPage(finished));
    await expect(messagesOf(page).locator("[data-message-id]").first()).toBeVisible();
    await expect(messagesOf(page).getByText(`late ${stamp}`)).toHaveCount(0);
  });
});

test.describe("with JavaScript", () => {
  test("staff without 'stream chat' see the campaign viewer without the chat, and its forms refuse them", async ({
    page,
    browser,
  }) => {
    await signInByCookie(page, OWNER);
    const { onEditPage, onInfluencerPage, live } = await campaignStreams(page.request);
    const staff = await shopStaffMember(browser, page.request, ["campaign:edit", "stream:schedule"]);
    try {
      await staff.page.goto(onEditPage(live));
      await expect(staff.page.getByRole("dialog", { name: `${UPCOMING}'s Stream` })).toBeVisible();
      await expect(chatPane(staff.page)).toHaveCount(0);
      await staff.page.goto(onInfluencerPage(live));
      await expect(staff.page.getByRole("dialog", { name: `${UPCOMING}'s Stream` })).toBeVisible();
      await expect(chatPane(staff.page)).toHaveCount(0);
      for (const url of [onEditPage(live), onInfluencerPage(live)]) {
        const mute = await staff.page.request.post(url, { form: { intent: "mute", userId: "anyone" } });
        expect(mute.status()).toBe(403);
        const send = await staff.page.request.post(url, { multipart: { intent: "send", text: `no ${stamp}` } });
        expect(send.status()).toBe(403);
      }
    } finally {
      await staff.close();
    }
    await page.goto(onEditPage(live));
    await expect(messagesOf(page).getByText(`no ${stamp}`)).toHaveCount(0);
  });

  test("staff with 'stream chat' get the chat on the campaign viewer", async ({ page, browser }) => {
    await signInByCookie(page, OWNER);
    const { onEditPage, finished } = await campaignStreams(page.request);
    const staff = await shopStaffMember(browser, page.request, [
      "campaign:edit",
      "stream:schedule",
      "chat:stream-chat",
    ]);
    try {
      await staff.page.goto(onEditPage(finished));
      await expect(messagesOf(staff.page).locator("[data-message-id]").first()).toBeVisible();
      // they moderate: Delete beside the messages
      await expect(messagesOf(staff.page).getByRole("button", { name: "Delete message" }).first()).toBeVisible();
    } finally {
      await staff.close();
    }
  });
  test("the campaign edit page's viewer: stream-chat-react connects; a message sent there shows; mute is a Remix post", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const { onEditPage, live, finished } = await campaignStreams(page.request);
    await page.goto(onEditPage(live));
    await hydrated(page);
    const island = chatPane(page).locator("[data-chat-live=connected] .chat-live-channel");
    // the island fetches stream-chat-react after first paint: on a busy machine that takes longer than a check
    const input = island.getByRole("textbox", { name: "Send a message" });
    await expect(input).toBeVisible({ timeout: 60_000 });
    const hello = `Live from the campaign page ${stamp}`;
    await input.fill(hello);
    // the input grows as it fills: the key goes to the focused input
    await page.keyboard.press("Enter");
    await expect(island.locator(".str-chat__li").filter({ hasText: hello })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/campaign-chat-js.png`, fullPage: true });

    // the finished demo stream's viewers: Mute and Unmute posted by Remix, on the same URL
    const url = onEditPage(finished);
    await page.goto(url);
    await hydrated(page);
    const shown = island.locator(".str-chat__message-text").first();
    await expect(shown).toBeVisible({ timeout: 60_000 });
    const viewers = chatPane(page).getByRole("list", { name: "Viewers" });
    const name = await viewerToMute(page);
    await viewers.getByRole("button", { name: `Mute ${name}` }).click();
    await expect(viewers.getByRole("button", { name: `Unmute ${name}` })).toBeVisible();
    await viewers.getByRole("button", { name: `Unmute ${name}` }).click();
    await expect(viewers.getByRole("button", { name: `Mute ${name}` })).toBeVisible();
    await expect(page).toHaveURL(url);
    // the live chat stayed connected through the reloads of the page's data
    await expect(shown).toBeVisible();
  });

  test("the accepted-influencer page's viewer: the live chat, and none to write in for a finished stream", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const { onInfluencerPage, live, finished } = await campaignStreams(page.request);
    await page.goto(onInfluencerPage(live));
    await hydrated(page);
    const island = chatPane(page).locator("[data-chat-live=connected] .chat-live-channel");
    await expect(island.getByRole("textbox", { name: "Send a message" })).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: `${SHOTS}/campaign-chat-influencer-js.png`, fullPage: true });

    await page.goto(onInfluencerPage(finished));
    await hydrated(page);
    await expect(island.locator(".str-chat__message-text").first()).toBeVisible({ timeout: 60_000 });
    await expect(chatPane(page).getByRole("textbox")).toHaveCount(0);
  });
});
