import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { EMBED_MODES, embedSnippet } from "#contract/shops/shop-profile";
import { ADMIN, apiAs, data } from "./support";

// The embed script (spec 1 §9, ADR 0038): a shop's website, served here from another origin (a plain HTML page
// on its own port), pastes the Script card's snippet; visitors see the shop's live stream in a floating circle or its
// live and upcoming streams in a carousel. The demo's first shop (Harbour Threads) is live with "Spring Streetwear Drop"
// and has "Weekend Denim Try-On" and "Linen Shirts Q&A" coming up.

let site: Server;
let siteUrl: string;
let shopId: string;

/** The shop's own page: its own styles and content, the keys of `window` before the script, then the snippet. */
function hostPage(appUrl: string, mode: string, shop: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Harbour Threads website</title>
<style>
  body { font-family: serif; color: rgb(0, 0, 200); }
  button { color: rgb(255, 0, 0); font-size: 30px; }
  img { border: 5px solid rgb(0, 200, 0); }
</style></head>
<body>
  <h1>Harbour Threads</h1>
  <p id="host-text">Sustainable streetwear.</p>
  <button id="host-button" type="button">Sign up</button>
  <script>document.documentElement.dataset.keys = JSON.stringify(Object.keys(window));</script>
  ${embedSnippet(shop, mode, `${appUrl}/embed.js`)}
  <footer id="host-footer">Footer</footer>
</body></html>`;
}

test.beforeAll(async ({ browser }) => {
  const admin = await apiAs(browser, ADMIN);
  const shops = await data<{ _id: string; name: string }[]>(
    await admin.request.get("/api/shop/list", { params: { search: "Harbour Threads" } }),
  );
  shopId = shops.find((s) => s.name === "Harbour Threads")!._id;
  await admin.close();
});

test.beforeAll(async ({ baseURL }) => {
  site = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://site");
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(hostPage(baseURL!, url.searchParams.get("mode") ?? "", url.searchParams.get("shop") ?? shopId));
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

const widget = (page: Page) => page.locator("liveshop-embed");
const player = (page: Page) => page.getByRole("dialog");
const playedSeconds = (page: Page) =>
  player(page)
    .getByTestId("embed-video")
    .evaluate((v: HTMLVideoElement) => v.currentTime);

/** What the script may change on the host page: nothing of the page's own, and at most one global. */
async function expectHostUntouched(page: Page) {
  await expect(page.locator("#host-button")).toHaveCSS("color", "rgb(255, 0, 0)");
  await expect(page.locator("#host-button")).toHaveCSS("font-size", "30px");
  await expect(page.locator("#host-text")).toHaveCSS("color", "rgb(0, 0, 200)");
  await expect(page.locator("#host-text")).toHaveCSS("font-family", "serif");
  const added = await page.evaluate(() => {
    const before = new Set(JSON.parse(document.documentElement.dataset.keys ?? "[]") as string[]);
    // shopId and mode are the snippet's own (the shop sets them), axe this test's checker; the script may add one entry
    return Object.keys(window).filter((k) => !before.has(k) && !["shopId", "mode", "axe"].includes(k));
  });
  expect(added).toEqual(["LiveShopEmbed"]);
}

/** The widget meets WCAG 2.1 AA as axe-core checks it (the host page's own markup is not ours to judge). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .include("liveshop-embed")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`)).toEqual(
    [],
  );
}

test("/embed.js is a plain script, cached briefly", async ({ request, baseURL }) => {
  const res = await request.get(`${baseURL}/embed.js`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
  expect(res.headers()["cache-control"]).toBe("public, max-age=300");
  expect(await res.text()).toContain("window.LiveShopEmbed");
});

test("minimize_circle: a floating circle with LIVE opens the player, which plays the live stream and closes", async ({
  page,
  baseURL,
}) => {
  await page.goto(`${siteUrl}/?mode=${EMBED_MODES.general}`);
  const circle = widget(page).getByRole("button", { name: "Watch Spring Streetwear Drop, live now" });
  await expect(circle).toBeVisible();
  await expect(circle.getByText("LIVE", { exact: true })).toBeVisible();
  // fixed at the bottom corner of the window, over the page
  const box = (await circle.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
  // the host's `button` and `img` rules stay out of the widget
  await expect(circle).not.toHaveCSS("color", "rgb(255, 0, 0)");
  await expect(circle.locator("img")).toHaveCSS("border-top-width", "0px");
  await expect(circle.locator("img")).toHaveAttribute("src", new RegExp(`^${baseURL}/api/files/`));
  await expectHostUntouched(page);

  await expectAccessible(page);

  await circle.click();
  await expect(player(page)).toBeVisible();
  await expect(player(page)).toHaveAccessibleName(/Spring Streetwear Drop/);
  // an overlay in the middle of the window, whatever the host page's layout
  const dialogBox = (await player(page).boundingBox())!;
  expect(Math.abs(dialogBox.x - (viewport.width - dialogBox.x - dialogBox.width))).toBeLessThan(2);
  await expect(player(page).getByTestId("embed-video")).toHaveAttribute("src", `${baseURL}/media/live/demo.m3u8`);
  const start = await expect
    .poll(() => playedSeconds(page), { timeout: 30_000 })
    .toBeGreaterThan(0.5)
    .then(() => playedSeconds(page));
  await expect.poll(() => playedSeconds(page), { timeout: 30_000 }).toBeGreaterThan(start + 1);
  await expectAccessible(page);
  await player(page).getByRole("button", { name: "Close player" }).click();
  await expect(player(page)).toBeHidden();

  // Escape closes it too
  await circle.click();
  await expect(player(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(player(page)).toBeHidden();
  await expectHostUntouched(page);
});

test("an unknown mode shows the circle", async ({ page }) => {
  await page.goto(`${siteUrl}/?mode=banner`);
  await expect(widget(page).getByRole("button", { name: "Watch Spring Streetwear Drop, live now" })).toBeVisible();
  await expect(widget(page).getByRole("region")).toHaveCount(0);
});

test("carousel_slider: the live and upcoming streams in a carousel whose next button moves it; a card opens the player", async ({
  page,
}) => {
  await page.setViewportSize({ width: 600, height: 700 });
  await page.goto(`${siteUrl}/?mode=${EMBED_MODES.carousel}`);
  const carousel = widget(page).getByRole("region", { name: "Live and upcoming streams" });
  await expect(carousel).toBeVisible();
  const cards = carousel.getByRole("listitem");
  await expect(cards).toHaveText([
    /Spring Streetwear Drop.*Live now/,
    /Weekend Denim Try-On.*\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM)/,
    /Linen Shirts Q&A.*\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM)/,
  ]);
  await expect(cards.first().getByText("LIVE", { exact: true })).toBeVisible();
  // placed where the snippet was pasted: after the host's button, before its footer
  const order = await page.evaluate(() => [...document.body.children].map((e) => e.id || e.tagName.toLowerCase()));
  expect(order.indexOf("liveshop-embed")).toBeGreaterThan(order.indexOf("host-button"));
  expect(order.indexOf("liveshop-embed")).toBeLessThan(order.indexOf("host-footer"));
  await expectHostUntouched(page);
  await expectAccessible(page);

  const previous = carousel.getByRole("button", { name: "Previous streams" });
  const next = carousel.getByRole("button", { name: "Next streams" });
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();
  await expect(next).not.toHaveCSS("color", "rgb(255, 0, 0)");
  const scrolled = () => carousel.getByRole("list").evaluate((ul) => ul.scrollLeft);
  await expect(cards.last()).not.toBeInViewport({ ratio: 1 });
  await next.click();
  await expect.poll(scrolled).toBeGreaterThan(100);
  await expect(previous).toBeEnabled();
  await expect(cards.last()).toBeInViewport({ ratio: 1 });

  await cards.filter({ hasText: "Weekend Denim Try-On" }).getByRole("button").click();
  await expect(player(page)).toHaveAccessibleName(/Weekend Denim Try-On · \d{2}\/\d{2}\/\d{4}/);
  await expect(player(page).getByText("LIVE", { exact: true })).toBeHidden();
  await expect.poll(() => playedSeconds(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
  await page.keyboard.press("Escape");
  await expect(player(page)).toBeHidden();
});

test("an unknown shop shows nothing and breaks nothing", async ({ page }) => {
  const unknown = "0123456789abcdef01234567";
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const answered = page.waitForResponse((r) => r.url().endsWith(`/api/live-stream/public/${unknown}`));
  await page.goto(`${siteUrl}/?mode=${EMBED_MODES.carousel}&shop=${unknown}`);
  expect((await answered).status()).toBe(404);
  await expect(page.locator("#host-text")).toHaveText("Sustainable streetwear.");
  await expect(widget(page)).toHaveCount(0);
  await expectHostUntouched(page);
  expect(errors).toEqual([]);
});
