import { expect, test, type Page } from "@playwright/test";
import { MSG } from "#contract/core/messages";
import {
  ADMIN,
  OWNER,
  OWNER2,
  STAFF,
  apiAs,
  data,
  holdRefresh,
  hydrated,
  returnToList,
  signInByCookie,
} from "./support";

// spec 3 §2 Stream list, Stream viewer; §4 Stream status (browser tests). The demo seed's first shop
// (owner@liveshop.test) has a stream in every state; its live one plays the simulated live playlist.

const table = (page: Page) => page.getByRole("table", { name: /Streams/ });
const rowOf = (page: Page, name: string) => table(page).locator("tbody tr").filter({ hasText: name });
const viewer = (page: Page) => page.getByTestId("stream-viewer");
const video = (page: Page) => viewer(page).getByTestId("stream-video");
const playedSeconds = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

test.describe("stream lists", () => {
  test("filters, search and sort live in the URL and work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInByCookie(page, OWNER);
    await page.goto("/app/streams");
    await expect(page.getByRole("heading", { name: "Streams", level: 1 })).toBeVisible();
    await expect(rowOf(page, "Spring Streetwear Drop").getByTestId("stream-status")).toHaveText("LIVE");
    // stream time DD/MM/YYYY, hh:mm AM|PM; department tags
    await expect(rowOf(page, "Autumn Layers Recap")).toContainText(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM)/);

    await page.getByLabel("Status").selectOption("finished");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=finished/);
    // the shop's finished streams (its own and its campaign streams, demo seed): every one PAST
    await expect(rowOf(page, "Autumn Layers Recap")).toBeVisible();
    await expect(table(page).getByTestId("stream-status").filter({ hasNotText: "PAST" })).toHaveCount(0);
    await expect(rowOf(page, "Autumn Layers Recap").getByTestId("stream-status")).toHaveText("PAST");

    await page.goto("/app/streams?status=archived");
    await expect(table(page).locator("tbody tr")).toHaveCount(2);
    await page.goto("/app/streams");
    await page.getByLabel("Search streams").fill("denim");
    await page.getByRole("search", { name: "Search this list" }).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/search=denim/);
    await expect(table(page).locator("tbody tr")).toHaveCount(1);
    await expect(rowOf(page, "Weekend Denim Try-On")).toBeVisible();

    await page.goto("/app/streams?sort=name&sortType=asc&limit=5");
    await expect(table(page).locator("tbody tr").first()).toContainText("Autumn Layers Recap");
    await expect(table(page).locator("tbody tr")).toHaveCount(5);
    await context.close();
  });

  test("Edit is hidden for finished streams; Add Stream goes to the add page", async ({ page }) => {
    await signInByCookie(page, OWNER);
    await page.goto("/app/streams");
    await expect(
      rowOf(page, "Weekend Denim Try-On").getByRole("link", { name: "Edit Weekend Denim Try-On" }),
    ).toHaveAttribute("href", /\/app\/edit-streams\/[0-9a-f]{24}$/);
    await expect(rowOf(page, "Autumn Layers Recap").getByRole("link", { name: /^View/ })).toBeVisible();
    await expect(rowOf(page, "Autumn Layers Recap").getByRole("link", { name: /^Edit/ })).toHaveCount(0);
    await expect(rowOf(page, "Winter Clearance 2025").getByRole("link", { name: /^Edit/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Add Stream" })).toHaveAttribute("href", "/app/add-streams");
  });

  test("admins see every shop's streams and a shop's Streams tab; staff without the stream module are refused", async ({
    page,
    browser,
  }) => {
    await signInByCookie(page, ADMIN);
    await page.goto("/app/stream?search=Spring%20Streetwear");
    await expect(page.getByRole("heading", { name: "All Streams" })).toBeVisible();
    await expect(rowOf(page, "Spring Streetwear Drop")).toContainText("Harbour Threads");
    await page.goto("/app/stream?search=New%20Arrivals&limit=100");
    expect(await table(page).locator("tbody tr").count()).toBeGreaterThan(1);

    const shops = await page.request.get("/api/shop/list", { params: { search: "Harbour Threads" } });
    const shopId = ((await shops.json()).data as { _id: string; name: string }[]).find(
      (s) => s.name === "Harbour Threads",
    )!._id;
    await page.goto(`/app/shop/${shopId}/streams`);
    await expect(
      page.getByRole("link", { name: "Streams", exact: true }).and(page.locator("[aria-current=page]")),
    ).toBeVisible();
    await expect(rowOf(page, "Spring Streetwear Drop")).toBeVisible();
    await expect(rowOf(page, "New Arrivals Live")).toHaveCount(0);

    const staff = await browser.newContext();
    const staffPage = await staff.newPage();
    await signInByCookie(staffPage, STAFF);
    await staffPage.goto("/app/streams");
    await expect(staffPage.getByText("Page not found")).toBeVisible();
    await staff.close();
  });
});

test.describe("stream viewer", () => {
  test("plays a recorded stream, with its products and likes", async ({ page }) => {
    const hls: string[] = [];
    page.on("request", (r) => {
      if (/hls/i.test(r.url())) hls.push(r.url());
    });
    await signInByCookie(page, OWNER);
    await page.goto("/app/streams");
    await hydrated(page);
    await rowOf(page, "Autumn Layers Recap").getByRole("link", { name: "View Autumn Layers Recap" }).click();
    await expect(page).toHaveURL(/dialog=view&id=[0-9a-f]{24}/);
    await expect(viewer(page).getByRole("heading", { name: "Autumn Layers Recap's Stream" })).toBeVisible();
    await expect(viewer(page).getByTestId("viewer-status")).toHaveText("PAST");
    await expect(video(page)).toHaveAttribute("src", /\/media\/streams\/demo-recording/);
    await expect.poll(() => playedSeconds(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
    await expect(viewer(page).getByTestId("stream-likes")).toContainText("42");
    await expect(viewer(page).getByTestId("stream-products").locator("li")).toHaveCount(3);
    await expect(viewer(page).getByTestId("promotion-price").first()).toContainText("$");
    // the player library loads only for a live stream
    expect(hls).toEqual([]);
    await viewer(page).getByRole("link", { name: "Close" }).click();
    await expect(viewer(page)).toHaveCount(0);
  });

  test("plays the simulated live stream (natively, or through hls.js loaded only then); the likes read 99+", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await signInByCookie(page, OWNER);
    await page.goto("/app/streams");
    await hydrated(page);
    const before = scripts.length;
    await rowOf(page, "Spring Streetwear Drop").getByRole("link", { name: "View Spring Streetwear Drop" }).click();
    await expect(viewer(page).getByRole("heading", { name: "Spring Streetwear Drop's Stream" })).toBeVisible();
    await expect(viewer(page).getByTestId("viewer-status")).toHaveText("LIVE");
    await expect(video(page)).toHaveAttribute("data-engine", /^(native|hls\.js)$/);
    const start = await expect
      .poll(() => playedSeconds(page), { timeout: 30_000 })
      .toBeGreaterThan(0.5)
      .then(() => playedSeconds(page));
    // a live window: time keeps moving forward across segments
    await expect.poll(() => playedSeconds(page), { timeout: 30_000 }).toBeGreaterThan(start + 2.5);
    const engine = await video(page).getAttribute("data-engine");
    expect(scripts.slice(before).some((url) => /hls/i.test(url))).toBe(engine === "hls.js");
    await expect(viewer(page).getByTestId("stream-likes")).toContainText("99+");
  });

  test("plays the simulated live stream through hls.js where the browser has no HLS of its own, past the loop without a jump", async ({
    page,
  }) => {
    // a browser without native HLS (Firefox): the player takes hls.js
    await page.addInitScript(() => {
      HTMLMediaElement.prototype.canPlayType = () => "";
    });
    await signInByCookie(page, OWNER);
    await page.goto("/app/streams");
    await hydrated(page);
    await rowOf(page, "Spring Streetwear Drop").getByRole("link", { name: "View Spring Streetwear Drop" }).click();
    await expect(video(page)).toHaveAttribute("data-engine", "hls.js");
    await expect.poll(() => playedSeconds(page), { timeout: 30_000 }).toBeGreaterThan(0.5);
    // from here on, playing on is all it does: hls.js seeks only to skip ahead when the stream's time breaks
    await video(page).evaluate((v) => {
      const w = window as unknown as { seeks: number };
      w.seeks = 0;
      v.addEventListener("seeking", () => w.seeks++);
    });
    const start = await playedSeconds(page);
    // the demo loops over 8 s of segments: play past a loop back to the first one
    await expect.poll(() => playedSeconds(page), { timeout: 40_000 }).toBeGreaterThan(start + 10);
    expect(await page.evaluate(() => (window as unknown as { seeks: number }).seeks)).toBe(0);
  });

  test("a viewer link to another shop's stream, an unknown or a malformed id says so above the list", async ({
    page,
    browser,
  }) => {
    const owner = await apiAs(browser, OWNER);
    const [theirs] = await data<{ _id: string }[]>(
      await owner.request.post("/api/live-stream/list", { params: { search: "Autumn Layers Recap" } }),
    );
    await owner.close();
    await signInByCookie(page, OWNER2);
    for (const id of [theirs._id, "0123456789abcdef01234567", "not-a-stream"]) {
      await page.goto(`/app/streams?dialog=view&id=${id}`);
      await expect(page.getByRole("heading", { name: "Streams", level: 1 })).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: MSG.streamViewerNotFound })).toBeVisible();
      await expect(viewer(page)).toHaveCount(0);
    }
  });

  test("archives and unarchives a stream: the dialog closes and the list shows the new status", async ({ page }) => {
    await signInByCookie(page, OWNER);
    await page.goto("/app/streams?search=Weekend%20Denim");
    await hydrated(page);
    await rowOf(page, "Weekend Denim Try-On").getByRole("link", { name: "View Weekend Denim Try-On" }).click();
    await viewer(page).getByRole("button", { name: "Archive" }).click();
    await expect(page.getByTestId("toast")).toContainText("Stream archived successfully");
    await expect(viewer(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/dialog=view/);
    await expect(rowOf(page, "Weekend Denim Try-On").getByTestId("stream-status")).toHaveText("ARCHIVED");

    await rowOf(page, "Weekend Denim Try-On").getByRole("link", { name: "View Weekend Denim Try-On" }).click();
    await viewer(page).getByRole("button", { name: "Unarchive" }).click();
    await expect(page.getByTestId("toast")).toContainText("Stream unarchived successfully");
    await expect(viewer(page)).toHaveCount(0);
    await expect(rowOf(page, "Weekend Denim Try-On").getByTestId("stream-status")).toHaveText("SCHEDULED");
  });

  test("without JavaScript the viewer is a page with a plain video and the same archive action", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInByCookie(page, OWNER);
    await holdRefresh(page);
    await page.goto("/app/streams?search=Linen");
    await rowOf(page, "Linen Shirts Q&A").getByRole("link", { name: "View Linen Shirts Q&A" }).click();
    await expect(page).toHaveURL(/dialog=view/);
    await expect(viewer(page).getByRole("heading", { name: "Linen Shirts Q&A's Stream" })).toBeVisible();
    await expect(video(page)).toHaveAttribute("src", /\/media\/streams\/demo-recording/);
    await viewer(page).getByRole("button", { name: "Archive" }).click();
    await expect(page.getByTestId("toast")).toContainText("Stream archived successfully");
    // the Refresh header returns to the list after about 1 s
    await returnToList(page, /^\/app\/streams\?(?!.*dialog=)/);
    await expect(page).not.toHaveURL(/dialog=view/);
    await expect(rowOf(page, "Linen Shirts Q&A").getByTestId("stream-status")).toHaveText("ARCHIVED");
    await rowOf(page, "Linen Shirts Q&A").getByRole("link", { name: "View Linen Shirts Q&A" }).click();
    await viewer(page).getByRole("button", { name: "Unarchive" }).click();
    await expect(page.getByTestId("toast")).toContainText("Stream unarchived successfully");
    await returnToList(page, /^\/app\/streams\?(?!.*dialog=)/);
    await expect(page).not.toHaveURL(/dialog=view/);
    await expect(rowOf(page, "Linen Shirts Q&A").getByTestId("stream-status")).toHaveText("SCHEDULED");
    await context.close();
  });
});
