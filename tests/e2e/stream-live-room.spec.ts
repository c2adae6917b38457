import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { LiveRoom } from "../../contract/streams/stream-room-api";
import { formatMoney } from "../../app/lib/format";
import { ADMIN, OWNER, apiAs, customerToken, data, hydrated, signInByCookie } from "./support";

// The live room (ADR 0040): the viewer of the demo's broadcasting stream (the first shop's "Spring Streetwear
// Drop") shows its sales; with JavaScript they update as an order is placed from the stream, without a reload; without
// JavaScript the figures are those of the page's load, with a refresh link.

const ADDRESS = { address: `7 Liveroom Lane ${Date.now().toString(36)}`, city: "Sydney" };
type StreamProductRow = { productId: { _id: string; name: string; stock: number; isVariationAvailable: boolean } };

/** The demo's live stream and a promoted product of it that can be ordered without choosing a variation. */
async function liveStream(owner: APIRequestContext) {
  const [live] = await data<{ _id: string; status: string }[]>(
    await owner.post("/api/live-stream/list", { params: { search: "Spring Streetwear Drop" } }),
  );
  expect(live.status).toBe("broadcasting");
  const { products } = await data<{ products: StreamProductRow[] }>(await owner.get(`/api/product/stream/${live._id}`));
  const product = products.find((p) => !p.productId.isVariationAvailable && p.productId.stock >= 2);
  expect(product, "a promoted product without variations, in stock").toBeTruthy();
  return { id: live._id, productId: product!.productId._id, productIndex: products.indexOf(product!) };
}

const roomOf = async (owner: APIRequestContext, id: string) =>
  data<LiveRoom>(await owner.get(`/api/live-stream/room/${id}`));

/** Places an order of 2 of the product from the stream, as a customer through the API (the mobile app's call). */
async function orderFromStream(browser: Parameters<typeof customerToken>[0], streamId: string, productId: string) {
  const admin = await apiAs(browser, ADMIN);
  const customer = await customerToken(browser, admin.request);
  await data(
    await customer.api.post("/api/order", {
      headers: { authorization: `Bearer ${customer.token}` },
      data: { streamId, lines: [{ productId, quantity: 2 }], address: ADDRESS, orderType: "online" },
    }),
  );
  await admin.close();
  await customer.app.close();
}

async function expectFigures(page: Page, room: LiveRoom, productIndex: number) {
  const panel = page.getByTestId("live-room");
  await expect(panel.getByTestId("live-orders")).toHaveText(String(room.ordersCount));
  await expect(panel.getByTestId("live-revenue")).toHaveText(formatMoney(room.revenue));
  await expect(panel.getByTestId("live-items")).toHaveText(String(room.itemsSold));
  await expect(panel.getByTestId("live-likes")).toHaveText(String(room.likes));
  await expect(panel.getByTestId("live-viewers")).toHaveText(String(room.viewersCount));
  const product = room.products[productIndex];
  await expect(panel.getByTestId("live-room-products").locator("tbody tr").nth(productIndex).locator("td")).toHaveText([
    String(product.unitsSold),
    String(product.stock),
  ]);
}

test.describe("the live room", () => {
  test("the owner sees the figures update when an order is placed from the stream, and likes and viewers as reported, without a reload", async ({
    page,
    browser,
  }) => {
    await signInByCookie(page, OWNER);
    const live = await liveStream(page.request);
    const before = await roomOf(page.request, live.id);
    await page.goto(`/app/streams?dialog=view&id=${live.id}`);
    await hydrated(page);
    await expectFigures(page, before, live.productIndex);
    // connected to the room's events
    await expect(page.getByTestId("live-room-updating")).toBeVisible();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await orderFromStream(browser, live.id, live.productId);
    const after = await roomOf(page.request, live.id);
    expect(after.ordersCount).toBe(before.ordersCount + 1);
    expect(after.products[live.productIndex].unitsSold).toBe(before.products[live.productIndex].unitsSold + 2);
    await expectFigures(page, after, live.productIndex);
    // the streaming side reports the likes and current viewers (PUT live-stream/stats/{id}): they show at once too
    const stats = { likes: after.likes + 5, viewersCount: after.viewersCount + 7 };
    expect((await page.request.put(`/api/live-stream/stats/${live.id}`, { data: stats })).status()).toBe(200);
    await expectFigures(page, { ...after, ...stats }, live.productIndex);
    // the viewer's like counter (99+ above 99) follows the same figures; its title gives the exact count
    await expect(page.getByTestId("stream-likes")).toHaveAttribute("title", `${stats.likes} likes`);
    await expect(page.getByTestId("stream-likes")).toContainText(stats.likes > 99 ? "99+" : String(stats.likes));
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // the panel meets WCAG 2.1 AA as axe-core checks it
    const { violations } = await new AxeBuilder({ page })
      .include("[data-testid=live-room]")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  test("without JavaScript the viewer shows the figures as of its load, and the refresh link brings new ones", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInByCookie(page, OWNER);
    const live = await liveStream(page.request);
    const viewerUrl = `/app/streams?dialog=view&id=${live.id}`;
    await page.goto(viewerUrl);
    await expectFigures(page, await roomOf(page.request, live.id), live.productIndex);
    const refresh = page.getByTestId("live-room").getByRole("link", { name: "Refresh" });
    await expect(refresh).toHaveAttribute("href", viewerUrl);

    await orderFromStream(browser, live.id, live.productId);
    await refresh.click();
    await expect(page).toHaveURL(viewerUrl);
    await expectFigures(page, await roomOf(page.request, live.id), live.productIndex);
    await context.close();
  });
});

test.describe("the viewer's products pane in a live room", () => {
  test("shows the stock the live room shows: an order placed from the stream lowers it without a reload", async ({
    page,
    browser,
  }) => {
    await signInByCookie(page, OWNER);
    const live = await liveStream(page.request);
    await page.goto(`/app/streams?dialog=view&id=${live.id}`);
    await hydrated(page);
    await expect(page.getByTestId("live-room-updating")).toBeVisible();
    const stock = page
      .getByTestId("stream-products")
      .locator("li")
      .nth(live.productIndex)
      .getByTestId("stream-product-stock");
    const before = (await roomOf(page.request, live.id)).products[live.productIndex].stock;
    await expect(stock).toHaveText(`Stock: ${before}`);

    await orderFromStream(browser, live.id, live.productId);
    const after = (await roomOf(page.request, live.id)).products[live.productIndex].stock;
    expect(after).toBe(before - 2);
    await expect(
      page.getByTestId("live-room-products").locator("tbody tr").nth(live.productIndex).locator("td").last(),
    ).toHaveText(String(after));
    await expect(stock).toHaveText(`Stock: ${after}`);
  });
});
