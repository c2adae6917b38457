import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { OWNER, OWNER2, STAFF, apiAs, data, hydrated, shopStaffMember, signInByCookie } from "./support";

// spec 3 §2 Revenue dashboard; §3 Revenue, Payout row; §4 Payout status (browser tests). Every figure the page shows
// is compared with the API's answer, read with the page's own session (page.request).

type CampaignRow = { _id: string; title: string; status: string };
type Revenue = { start: string; end: string; revenueDateWise: { revenue: number }[]; revenueTotal: { total: number } };
type PayoutRow = { influencerId: string; influencer: { fName: string }; Total: number; status: string };

const money = (n: number) => `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A published campaign of the owner's shop (the demo's have accepted influencers: one payout row each). */
async function publishedCampaign(request: APIRequestContext) {
  const rows = await data<CampaignRow[]>(await request.get("/api/campaign", { params: { limit: 100 } }));
  const campaign = rows.find((c) => c.status === "Ongoing") ?? rows.find((c) => c.status !== "Draft");
  expect(campaign, "a published campaign of the owner's shop").toBeTruthy();
  return campaign!;
}

/** Opens the dashboard from the campaign list's Revenue action. */
async function openFromList(page: Page, campaign: CampaignRow) {
  await page.goto(`/app/campaign?search=${encodeURIComponent(campaign.title)}`);
  await page.getByRole("link", { name: `Revenue of ${campaign.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/app/campaigns/${campaign._id}/dashboard$`));
  await expect(page.getByRole("heading", { name: "Revenue Dashboard" })).toBeVisible();
}

async function expectApiFigures(page: Page, campaign: CampaignRow, readsOrders = true) {
  const revenue = await data<Revenue>(await page.request.get(`/api/campaign/stats/${campaign._id}`));
  await expect(page.getByTestId("revenue-total")).toHaveText(money(revenue.revenueTotal.total));
  const days = page.getByTestId("dash-table-bar").locator("tbody tr");
  await expect(days).toHaveCount(revenue.revenueDateWise.length);
  await expect(days.locator("td")).toHaveText(revenue.revenueDateWise.map((d) => money(d.revenue)));
  if (readsOrders) {
    const orders = await data<unknown[]>(
      await page.request.get("/api/order/list", { params: { campaign: campaign._id } }),
    );
    if (orders.length === 0) await expect(page.getByTestId("recent-orders")).toContainText("No orders yet");
  } else await expect(page.getByTestId("recent-orders")).toHaveCount(0);
  const payouts = await data<PayoutRow[]>(
    await page.request.get("/api/campaign/payment-outline", { params: { campaignId: campaign._id } }),
  );
  const rows = page.getByTestId("payout-row");
  await expect(rows).toHaveCount(payouts.length);
  await expect(rows.getByTestId("payout-status")).toHaveText(payouts.map((p) => p.status.toUpperCase()));
  return payouts;
}

test.describe("revenue dashboard without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("opens from the list's Revenue action; every chart is a table with the API's figures; the payout drawer is URL state", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const campaign = await publishedCampaign(page.request);
    await openFromList(page, campaign);
    await expect(page.getByTestId("dash-table-bar")).toBeVisible();
    await expect(page.getByTestId("dash-chart-bar")).toHaveCount(0);
    const payouts = await expectApiFigures(page, campaign);
    await page.screenshot({ path: "/tmp/dashboard-nojs.png", fullPage: true });

    expect(payouts.length, "the demo campaign has accepted influencers").toBeGreaterThan(0);
    await page.getByTestId("payout-row").first().getByRole("link", { name: payouts[0]!.influencer.fName }).click();
    await expect(page).toHaveURL(new RegExp(`\\?payout=${payouts[0]!.influencerId}`));
    const drawer = page.getByTestId("payout-drawer");
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("heading", { name: "Transactions" })).toBeVisible();
    await page.screenshot({ path: "/tmp/dashboard-nojs-drawer.png" });
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page.getByTestId("payout-drawer")).toHaveCount(0);

    // the range form: a GET in the URL, clamped by the API to the campaign's days
    await page.getByRole("combobox", { name: "Type" }).selectOption("stream");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/type=stream/);
    const stream = await data<Revenue>(
      await page.request.get(`/api/campaign/stats/${campaign._id}`, { params: { type: "stream" } }),
    );
    await expect(page.getByTestId("revenue-total")).toHaveText(money(stream.revenueTotal.total));
  });

  test("an order opened from the dashboard goes Back to it; another shop's campaign is 'Page not found'", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const campaign = await publishedCampaign(page.request);
    const [order] = await data<{ _id: string }[]>(await page.request.get("/api/order/list", { params: { limit: 1 } }));
    await page.goto(`/app/order/${order!._id}?from=campaign&campaign=${campaign._id}`);
    await page.getByRole("link", { name: "← Back" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/app/campaigns/${campaign._id}/dashboard$`));
    await expect(page.getByRole("heading", { name: "Revenue Dashboard" })).toBeVisible();

    const other = await page.context().browser()!.newContext({ javaScriptEnabled: false });
    const stranger = await other.newPage();
    await signInByCookie(stranger, OWNER2);
    await stranger.goto(`/app/campaigns/${campaign._id}/dashboard`);
    await expect(stranger.getByText("Page not found")).toBeVisible();
    await other.close();
  });
});

test.describe("revenue dashboard with JavaScript", () => {
  test("the chart island renders an svg over the same figures; a payout row opens the drawer", async ({ page }) => {
    await signInByCookie(page, OWNER);
    const campaign = await publishedCampaign(page.request);
    await openFromList(page, campaign);
    await hydrated(page);
    await expect(page.getByTestId("dash-chart-bar").locator("svg").first()).toBeVisible();
    const payouts = await expectApiFigures(page, campaign);
    await page.screenshot({ path: "/tmp/dashboard-js.png", fullPage: true });

    await page.getByTestId("payout-row").first().getByRole("cell").nth(1).click();
    await expect(page).toHaveURL(new RegExp(`\\?payout=${payouts[0]!.influencerId}`));
    const drawer = page.getByTestId("payout-drawer");
    await expect(drawer).toBeVisible();
    const box = await page.getByRole("dialog").boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(500);
    expect(box!.width).toBeLessThanOrEqual(600);
    await page.screenshot({ path: "/tmp/dashboard-js-drawer.png" });
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("payout-drawer")).toHaveCount(0);
  });
});

test.describe("who may read the revenue dashboard (spec 3 §6; the staff campaign module)", () => {
  test("staff with campaign 'view' read it and change nothing; staff without campaign rights and another shop's campaign get 'Page not found'", async ({
    browser,
  }) => {
    const ownerContext = await apiAs(browser, OWNER);
    const campaign = await publishedCampaign(ownerContext.request);
    const viewer = await shopStaffMember(browser, ownerContext.request, ["campaign:view"]);
    try {
      const { page } = viewer;
      const response = await page.goto(`/app/campaigns/${campaign._id}/dashboard`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { name: "Revenue Dashboard" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/app/campaign");
      // without the order module's rights: no Recent Orders (the orders are not theirs to read)
      const payouts = await expectApiFigures(page, campaign, false);
      await page.getByTestId("payout-row").first().getByRole("cell").nth(1).click();
      await expect(page).toHaveURL(new RegExp(`\\?payout=${payouts[0]!.influencerId}`));
      await expect(page.getByTestId("payout-drawer").getByRole("heading", { name: "Transactions" })).toBeVisible();
      // read-only: no form that writes, no button that adds, edits or deletes
      const main = page.locator("#main");
      await expect(main.locator("form[method='post' i]")).toHaveCount(0);
      await expect(main.getByRole("button", { name: /add|edit|delete|remove|update|save/i })).toHaveCount(0);
      await expect(main.getByRole("link", { name: /add|edit|delete/i })).toHaveCount(0);

      // the staff member's shop is not OWNER2's: that shop's campaign is 'Page not found'
      const otherContext = await apiAs(browser, OWNER2);
      const [theirs] = await data<CampaignRow[]>(
        await otherContext.request.get("/api/campaign", { params: { limit: 1 } }),
      );
      await otherContext.close();
      expect(theirs, "a campaign of the second shop").toBeTruthy();
      const foreign = await page.goto(`/app/campaigns/${theirs!._id}/dashboard`);
      expect(foreign?.status()).toBe(404);
      await expect(page.getByText("Page not found")).toBeVisible();
      await expect(page.getByTestId("summary-card")).toHaveCount(0);
    } finally {
      await viewer.close();
    }

    // the demo staff member holds product and order rights only
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await signInByCookie(staff, STAFF);
    const refused = await staff.goto(`/app/campaigns/${campaign._id}/dashboard`);
    expect(refused?.status()).toBe(404);
    await expect(staff.getByText("Page not found")).toBeVisible();
    await expect(staff.getByTestId("summary-card")).toHaveCount(0);
    await staffContext.close();
    await ownerContext.close();
  });
});
