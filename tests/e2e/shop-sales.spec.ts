import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { ADMIN, OWNER, STAFF, codeFromOutbox, hydrated, signInByCookie } from "./support";

/**
 * spec 1 §2 (the owner's Lifetime Sales card), §3 Shop statistics, §9 statistics range: an order placed
 * through the API by a customer shows in the owner's figures; the range is a GET form in the URL; the chart is a
 * script island, and without scripts the same figures are a table the server renders.
 */

/** A demo customer signs in by phone code (the mobile app's door) and buys one unit of one of the owner's products. */
async function placeOrderForOwnersShop(browser: Browser, page: Page) {
  const owner = await page.request.get("/api/product", { params: { limit: 50 } });
  const products = (await owner.json()).data as {
    _id: string;
    stock: number;
    isVariationAvailable: boolean;
    price: number;
  }[];
  const product = products.find((p) => !p.isVariationAvailable && p.stock > 0)!;
  const context = await browser.newContext();
  const admin = context.request;
  expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const customers = (await (await admin.get("/api/user/list", { params: { role: "endUser", limit: 1 } })).json())
    .data as { mobile: string; countryCode: string }[];
  const { mobile, countryCode } = customers[0]!;
  await context.close();
  const app = page.request;
  expect((await app.post("/api/auth/send-otp/customer", { data: { countryCode, mobile } })).status()).toBe(200);
  const otp = await codeFromOutbox(browser, `${countryCode}${mobile}`);
  const signedIn = await app.post("/api/auth/verify-otp/customer", { data: { countryCode, mobile, otp } });
  expect(signedIn.status()).toBe(200);
  const { token } = (await signedIn.json()).data as { token: string };
  return placeWith(app, token, product._id);
}

async function placeWith(app: APIRequestContext, token: string, productId: string) {
  const placed = await app.post("/api/order", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      orderType: "online",
      address: { address: "1 George Street", city: "Sydney" },
      lines: [{ productId, quantity: 1 }],
    },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()).data as { total: number };
}

const figure = (page: Page, key: string) => page.getByTestId(`sales-${key}`).locator("p").nth(1);

for (const js of [true, false]) {
  test.describe(`Lifetime Sales, ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });

    test("an order placed through the API counts on the owner's card; a range in the URL narrows it", async ({
      page,
      browser,
    }) => {
      await signInByCookie(page, OWNER);
      const card = page.getByTestId("sales-card");
      await expect(card.getByRole("heading", { name: "Lifetime Sales" })).toBeVisible();
      const before = Number(await figure(page, "orderCount").innerText());
      await placeOrderForOwnersShop(browser, page);
      await page.reload();
      await expect(figure(page, "orderCount")).toHaveText(String(before + 1));
      await expect(figure(page, "sales")).toHaveText(/^\$[\d,]+\.\d{2}$/);
      if (js) {
        await hydrated(page);
        await expect(card.getByTestId("sales-chart").locator("svg").first()).toBeVisible();
        // the table is left to screen readers (a 1 px clipped box), the chart shows the days
        await expect(card.locator(".sales-table")).toHaveCSS("width", "1px");
      } else {
        // the server's table, one row per day of the last 30
        await expect(card.locator(".sales-table")).not.toHaveCSS("width", "1px");
        await expect(card.locator(".sales-table tbody tr")).toHaveCount(30);
      }
      // a range of one day long ago, typed DD/MM/YYYY (spec 1 §9): no orders then
      await card.getByLabel("From", { exact: true }).fill("01/01/2020");
      await card.getByLabel("To", { exact: true }).fill("01/01/2020");
      await card.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(/salesStart=01%2F01%2F2020&salesEnd=01%2F01%2F2020/);
      await expect(card.getByTestId("sales-range")).toHaveText("01/01/2020 – 01/01/2020");
      await expect(figure(page, "orderCount")).toHaveText("0");
      await expect(figure(page, "sales")).toHaveText("$0.00");
      await expect(card.locator(".sales-table tbody tr")).toHaveCount(1);
    });

    test("a range that ends before it starts says so and keeps what was typed", async ({ page }) => {
      await signInByCookie(page, OWNER);
      const id = new URL(page.url()).pathname.split("/")[3];
      await page.goto(`/app/shop/${id}?salesStart=2026-03-05&salesEnd=2026-03-01`);
      const card = page.getByTestId("sales-card");
      await expect(card.getByRole("alert")).toHaveText("The end date must not be before the start date");
      await expect(card.getByLabel("From", { exact: true })).toHaveValue("05/03/2026");
      await expect(card.getByLabel("To", { exact: true })).toHaveValue("01/03/2026");
    });
  });
}

test("in an en-US browser the card says which days it covers and what it counts, with its dates DD/MM/YYYY", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "en-US", javaScriptEnabled: false });
  const page = await context.newPage();
  await signInByCookie(page, OWNER);
  const card = page.getByTestId("sales-card");
  const today = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Australia/Sydney",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(new Date());
  // spec 1 §9: the last 30 days by default, titled so under "Lifetime Sales"
  await expect(card.getByTestId("sales-range")).toHaveText(
    new RegExp(`^Last 30 days: \\d{2}/\\d{2}/\\d{4} – ${today}$`),
  );
  await expect(card.getByLabel("To", { exact: true })).toHaveValue(today);
  await expect(card.getByTestId("sales-counted")).toHaveText(
    "Orders: those with a line of this shop not refunded. Refunded lines are left out of every figure.",
  );
  await context.close();
});

test("staff see no Lifetime Sales card on their shop's page (it is the owner's)", async ({ page }) => {
  await signInByCookie(page, STAFF);
  await expect(page.getByRole("heading", { name: "Shop Info" })).toBeVisible();
  await expect(page.getByTestId("sales-card")).toHaveCount(0);
});
