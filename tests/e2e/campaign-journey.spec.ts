import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, OWNER, apiAs, customerToken, data, hydrated, signInByCookie } from "./support";

// spec 3 §2 Influencers card, Revenue dashboard; §3 Revenue; §7 Campaigns (browser tests of the campaign's two ends
// that leave the console): an invitation the influencer accepts through the influencers' app door (ADR 0057), and an
// order a customer places through POST order during the campaign's live stream, which the revenue dashboard then shows.

type Person = {
  _id: string;
  fName: string;
  lName: string;
  mobile: string | null;
  countryCode: string | null;
  status: string;
};

/** DD/MM/YYYY of a day `n` days from today, in the marketplace's zone. */
function dmy(n: number) {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(Date.now() + n * 86_400_000);
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}

/** The influencer's bearer token through the app door: a code to their phone, read from the demo outbox by the admin. */
async function influencerToken(app: APIRequestContext, admin: APIRequestContext, influencer: Person) {
  const phone = { countryCode: influencer.countryCode, countryFlag: "AU", mobile: influencer.mobile };
  await data(await app.post("/api/auth/send-otp/influencer", { data: phone }));
  const outbox = await data<{ body: string }[]>(
    await admin.get("/api/sms/outbox", { params: { search: influencer.mobile!, limit: 1 } }),
  );
  const otp = outbox[0]?.body.match(/sign-in code is (\d{6})\./)?.[1];
  expect(otp, `a code for ${influencer.mobile} in the outbox`).toMatch(/^\d{6}$/);
  const signedIn = await data<{ token: string }>(
    await app.post("/api/auth/verify-otp/influencer", { data: { ...phone, otp, type: "influencer-login" } }),
  );
  return signedIn.token;
}

test.describe("an invitation accepted through the influencers' app door, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the owner invites from the console; the influencer accepts in the app; the campaign shows them Accepted", async ({
    page,
    browser,
  }) => {
    await signInByCookie(page, OWNER);
    const made = await page.request.post("/api/campaign", {
      data: {
        title: `Door Week ${Date.now().toString(36)}`,
        description: "An invitation answered from the app.",
        start: dmy(3),
        end: dmy(10),
        isDraft: false,
      },
    });
    expect(made.status()).toBe(200);
    const campaign = ((await made.json()) as { data: { _id: string } }).data;
    const path = `/app/edit-campaign/${campaign._id}`;

    // the console: the first influencer of the invite list (a new campaign holds nobody yet; the card shows the first
    // name), invited from the profile
    await page.goto(`${path}/invite-influencer`);
    const card = page.getByRole("list", { name: "Influencers" }).getByRole("listitem").first();
    const name = (await card.getByRole("paragraph").first().textContent())!.trim();
    await card.getByRole("link", { name: `Profile of ${name}` }).click();
    await page.getByRole("button", { name: "Invite" }).click();
    await expect(page.getByText("Influencer invited successfully")).toBeVisible();
    await page.goto(`${path}?tab=invited`);
    await expect(page.getByRole("table", { name: "Invited influencers" })).toContainText(name);

    // the app: the influencer signs in by phone code and sees, then accepts, the invitation
    const adminContext = await apiAs(browser, ADMIN);
    const appContext = await apiAs(browser, null);
    const influencers = await data<Person[]>(
      await adminContext.request.get("/api/user/list", { params: { role: "influencer", search: name, limit: 10 } }),
    );
    const influencer = influencers.find((p) => p.fName === name && p.status === "Approved" && p.mobile);
    expect(influencer, `${name} among the influencers, with a mobile`).toBeTruthy();
    const bearer = {
      authorization: `Bearer ${await influencerToken(appContext.request, adminContext.request, influencer!)}`,
    };
    const invitations = await data<{ _id: string; state: string }[]>(
      await appContext.request.get("/api/influencer/campaign", { headers: bearer, params: { type: "invited" } }),
    );
    expect(invitations.map((c) => c._id)).toContain(campaign._id);
    const accepted = await appContext.request.put(`/api/influencer/campaign/${campaign._id}`, {
      headers: bearer,
      data: { action: "accept" },
    });
    expect(accepted.status()).toBe(200);
    await Promise.all([adminContext.close(), appContext.close()]);

    // the console again: Accepted, no longer Invited
    await page.goto(`${path}?tab=accepted`);
    await expect(page.getByRole("table", { name: "Accepted influencers" })).toContainText(name);
    await page.goto(`${path}?tab=invited`);
    await expect(page.getByRole("main")).not.toContainText(name);
  });
});

type Stream = { _id: string; title: string; status: string; campaignId: string | null; shopId: string };
type Revenue = { revenueTotal: { total: number } };
const money = (n: number) => `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.describe("an order placed during a campaign's live stream, with JavaScript", () => {
  test("POST order with the stream's id: the dashboard's Recent Orders and revenue total take it", async ({
    page,
    browser,
  }) => {
    // the demo's live campaign stream is Licensed Jewelry's: the admin, who reads every shop's dashboard, follows it
    await signInByCookie(page, ADMIN);
    const streams = await data<Stream[]>(
      await page.request.post("/api/live-stream/list", {
        params: { isCampaign: "true", status: "broadcasting", limit: 10 },
      }),
    );
    const live = streams.find((s) => s.campaignId);
    expect(live, "the demo's live campaign stream").toBeTruthy();
    const campaignId = live!.campaignId!;
    const before = await data<Revenue>(await page.request.get(`/api/campaign/stats/${campaignId}`));

    // the customer's app places the order from the live stream
    const products = await data<{ _id: string; stock: number; isVariationAvailable: boolean }[]>(
      await page.request.get("/api/product", { params: { shopId: live!.shopId, limit: 100 } }),
    );
    const product = products.find((p) => !p.isVariationAvailable && p.stock >= 1);
    expect(product, "a single product of the stream's shop with stock").toBeTruthy();
    const customer = await customerToken(browser, page.request, 3);
    const order = await data<{ _id: string; orderId: number; total: number }>(
      await customer.api.post("/api/order", {
        headers: { authorization: `Bearer ${customer.token}` },
        data: {
          lines: [{ productId: product!._id, quantity: 1 }],
          address: { address: "1 George Street", city: "Sydney" },
          orderType: "online",
          streamId: live!._id,
        },
      }),
    );
    await customer.app.close();

    const after = await data<Revenue>(await page.request.get(`/api/campaign/stats/${campaignId}`));
    expect(after.revenueTotal.total).toBeGreaterThan(before.revenueTotal.total);
    await openDashboard(page, campaignId);
    await expect(page.getByTestId("revenue-total")).toHaveText(money(after.revenueTotal.total));
    const recent = page.getByTestId("recent-orders");
    await expect(recent).toContainText(`#${order.orderId}`);
    await expect(recent.getByRole("row").filter({ hasText: `#${order.orderId}` })).toContainText(customer.name);
    await page.getByRole("link", { name: `View order #${order.orderId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/app/order/${order._id}\\?from=campaign&campaign=${campaignId}$`));
  });
});

async function openDashboard(page: Page, campaignId: string) {
  await page.goto(`/app/campaigns/${campaignId}/dashboard`);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Revenue Dashboard" })).toBeVisible();
}
