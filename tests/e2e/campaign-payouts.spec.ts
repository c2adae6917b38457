import { expect, test, type Browser, type Page } from "@playwright/test";
import { MSG } from "#contract/core/messages";
import { OWNER, apiAs, data, hydrated, signInByCookie } from "./support";

// spec 3 §2 Accepted-influencer page; §4 Transactions, Timing; §5 Payout terms, Payment / transaction; §8 (browser
// tests). Each test takes the accepted influencer of another of the owner's demo campaigns, so they never share terms.

interface CampaignRow {
  _id: string;
  title: string;
}
interface MemberRow {
  influencer: { _id: string; fName: string };
}
interface ProductRow {
  _id: string;
  name: string;
  stock: number;
  isVariationAvailable: boolean;
}

/** The page of the accepted influencer of the owner's demo campaign `title`, and one single and one variation product. */
async function pageOf(browser: Browser, title: string) {
  const context = await apiAs(browser, OWNER);
  const campaigns = await data<CampaignRow[]>(await context.request.get("/api/campaign", { params: { limit: 100 } }));
  const campaign = campaigns.find((c) => c.title === title);
  expect(campaign, title).toBeTruthy();
  const members = await data<MemberRow[]>(
    await context.request.get(`/api/campaign/influencer/${campaign!._id}`, { params: { type: "accepted" } }),
  );
  expect(members.length, `an accepted influencer in ${title}`).toBeGreaterThan(0);
  const products = await data<ProductRow[]>(await context.request.get("/api/product", { params: { limit: 100 } }));
  const single = products.find((p) => !p.isVariationAvailable && p.stock >= 2);
  const varied = products.find((p) => p.isVariationAvailable);
  expect(single, "a single product with stock").toBeTruthy();
  // the demo terms come with commission rows: the test starts from none
  const cleared = await context.request.put(`/api/campaign/payout/${campaign!._id}/${members[0].influencer._id}`, {
    data: { salesCommission: [] },
  });
  expect(cleared.status()).toBe(200);
  await context.close();
  return {
    url: `/app/edit-campaign/${campaign!._id}/accept-influencer/${members[0].influencer._id}`,
    campaignId: campaign!._id,
    single: single!,
    varied,
  };
}

const payments = (page: Page) => page.getByTestId("payments-card");
const transactions = (page: Page) => page.getByTestId("transactions-card");
const commissionRows = (page: Page) => page.getByTestId("commission-row");

/** Add a payment, refuse one above what is owed, edit it and delete it after confirming (spec 3 §4, §5, §8). */
async function paymentsRoundTrip(page: Page, note: string) {
  const add = page.getByTestId("add-payment-form");
  await add.getByRole("button", { name: "Add Payment" }).click();
  await expect(add.getByText(MSG.paymentAmountRequired)).toBeVisible();
  await add.getByLabel("Amount").fill("900000");
  await add.getByRole("button", { name: "Add Payment" }).click();
  await expect(add.getByText(/This payment is more than the \$[\d,.]+ still owed to the influencer/)).toBeVisible();
  await add.getByLabel("Amount").fill("20");
  await add.getByLabel("Note").fill(note);
  await add.getByRole("button", { name: "Add Payment" }).click();
  await expect(page.getByText(MSG.paymentAdded)).toBeVisible();
  const row = transactions(page).locator("tbody tr").filter({ hasText: note });
  await expect(row).toContainText("$20.00");

  await row.getByRole("link", { name: "Edit" }).click();
  const edit = page.getByTestId("edit-payment");
  await edit.getByLabel("Amount").fill("25");
  await edit.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText(MSG.paymentUpdated)).toBeVisible();
  await expect(row).toContainText("$25.00");

  await row.getByRole("link", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(MSG.transactionDeleted)).toBeVisible();
  await expect(row).toHaveCount(0);
}

test.describe("the accepted-influencer page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("fee with Save, a free product added and removed, commission rows, and payments", async ({ page, browser }) => {
    test.setTimeout(180_000);
    const { url, single } = await pageOf(browser, "Winter Warmers Week");
    await signInByCookie(page, OWNER);
    await page.goto(url);
    await expect(page.getByRole("heading", { name: "Payments" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute(
      "href",
      /\/app\/edit-campaign\/\w+\?tab=accepted$/,
    );

    // the fee: the spec's message, then saved
    await payments(page).getByLabel("Fixed per content").fill("12.345");
    await payments(page).getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(MSG.payoutFeeInvalid)).toBeVisible();
    await payments(page).getByLabel("Fixed per content").fill("150");
    await payments(page).getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(MSG.payoutSaved)).toBeVisible();
    await expect(payments(page).getByLabel("Fixed per content")).toHaveValue("150");

    // a free product through the drawer: over stock refused, then added, then removed
    await payments(page).getByRole("link", { name: "Add", exact: true }).click();
    const drawer = page.getByRole("dialog", { name: "Add Free Product" });
    await drawer.getByLabel("Search products").fill(single.name);
    await drawer.getByRole("button", { name: "Search" }).click();
    await drawer.getByRole("link", { name: `Choose ${single.name}` }).click();
    await drawer.getByLabel(/Quantity/).fill(String(single.stock + 1));
    await drawer.getByRole("button", { name: "Add Product" }).click();
    await expect(drawer.getByText(MSG.payoutQuantityInvalid)).toBeVisible();
    await drawer.getByLabel(/Quantity/).fill("1");
    await drawer.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText(MSG.payoutSaved)).toBeVisible();
    const free = page.getByTestId("free-products");
    await expect(free).toContainText(`${single.name} × 1`);
    await free.getByRole("button", { name: `Remove ${single.name}` }).click();
    await expect(page.getByText(MSG.payoutSaved)).toBeVisible();
    await expect(free.getByText(`${single.name} × 1`)).toHaveCount(0);

    // commission rows: a blank row refused, the same category twice refused, then saved
    const form = page.getByTestId("commission-form");
    await form.getByRole("button", { name: "Add Row" }).click();
    await form.getByRole("button", { name: "Add Row" }).click();
    await expect(commissionRows(page)).toHaveCount(2);
    await form.getByRole("button", { name: "Save Commission" }).click();
    await expect(form.getByText(MSG.payoutCategoryRequired).first()).toBeVisible();
    const first = commissionRows(page).nth(0);
    const second = commissionRows(page).nth(1);
    const choices = first.locator("select option:not([value=''])");
    const [a, b] = [await choices.nth(0).getAttribute("value"), await choices.nth(1).getAttribute("value")];
    await first.locator("select").selectOption(a!);
    await first.getByLabel(/Commission %/).fill("10");
    await second.locator("select").selectOption(a!);
    await second.getByLabel(/Commission %/).fill("5");
    await form.getByRole("button", { name: "Save Commission" }).click();
    await expect(form.getByText(MSG.payoutCategoryTwice)).toBeVisible();
    await commissionRows(page).nth(1).locator("select").selectOption(b!);
    await form.getByRole("button", { name: "Save Commission" }).click();
    await expect(page.getByText(MSG.payoutSaved)).toBeVisible();
    await expect(commissionRows(page)).toHaveCount(2);
    // Remove takes a row out of the draft; Save saves the list without it
    await commissionRows(page).nth(1).getByRole("button", { name: "Remove row 2" }).click();
    await expect(commissionRows(page)).toHaveCount(1);
    await form.getByRole("button", { name: "Save Commission" }).click();
    await expect(page.getByText(MSG.payoutSaved)).toBeVisible();
    await expect(commissionRows(page)).toHaveCount(1);

    await paymentsRoundTrip(page, `no-js ${Date.now().toString(36)}`);
    await page.screenshot({ path: "/tmp/accepted-nojs.png", fullPage: true });
  });
});

test.describe("the accepted-influencer page with JavaScript", () => {
  test("the fee saves itself, a variation product asks per-variation quantities, commission rows, payments", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { url, varied } = await pageOf(browser, "Live Summer Sale");
    await signInByCookie(page, OWNER);
    await page.goto(url);
    await hydrated(page);

    // the fee saves 4 s after typing stops: wait for the server's message, not for the time
    await payments(page).getByLabel("Fixed per content").fill("12.345");
    await expect(payments(page).getByText(MSG.payoutFeeInvalid)).toBeVisible({ timeout: 10_000 });
    await payments(page).getByLabel("Fixed per content").fill("200.50");
    await expect(payments(page).getByText(MSG.payoutSaved)).toBeVisible({ timeout: 10_000 });
    await page.reload();
    await expect(payments(page).getByLabel("Fixed per content")).toHaveValue("200.5");
    await hydrated(page);

    // a product with variations: a quantity per variation, above stock refused
    if (varied) {
      await payments(page).getByRole("link", { name: "Add", exact: true }).click();
      const drawer = page.getByRole("dialog", { name: "Add Free Product" });
      await drawer.getByLabel("Search products").fill(varied.name);
      await drawer.getByRole("button", { name: "Search" }).click();
      await drawer.getByRole("link", { name: `Choose ${varied.name}` }).click();
      const quantities = page.getByTestId("free-product-form").getByRole("textbox");
      await quantities.first().fill("999999");
      await drawer.getByRole("button", { name: "Add Product" }).click();
      await expect(drawer.getByText(/^Quantity for ".+" is invalid\.$/)).toBeVisible();
      await quantities.first().fill("1");
      await drawer.getByRole("button", { name: "Add Product" }).click();
      await expect(page.getByText(MSG.payoutSaved)).toBeVisible();
      const free = page.getByTestId("free-products");
      await expect(free).toContainText(varied.name);
      await free
        .getByRole("button", { name: new RegExp(`^Remove ${varied.name}`) })
        .first()
        .click();
      // the demo terms' own free product stays
      await expect(free.getByText(varied.name)).toHaveCount(0);
    }

    // commission rows added in place; a category taken in one row cannot be chosen in another
    const form = page.getByTestId("commission-form");
    await form.getByRole("button", { name: "Add Row" }).click();
    await form.getByRole("button", { name: "Add Row" }).click();
    await expect(commissionRows(page)).toHaveCount(2);
    const first = commissionRows(page).nth(0);
    const second = commissionRows(page).nth(1);
    const value = await first.locator("select option:not([value=''])").first().getAttribute("value");
    await first.locator("select").selectOption(value!);
    await first.getByLabel(/Commission %/).fill("12");
    await expect(second.locator(`select option[value="${value}"]`)).toBeDisabled();
    await second.getByLabel(/Commission %/).fill("7");
    await form.getByRole("button", { name: "Save Commission" }).click();
    await expect(form.getByText(MSG.payoutCategoryRequired)).toBeVisible();
    await second.getByRole("button", { name: "Remove row 2" }).click();
    await form.getByRole("button", { name: "Save Commission" }).click();
    await expect(page.getByText(MSG.payoutSaved)).toBeVisible();
    await expect(commissionRows(page)).toHaveCount(1);

    await paymentsRoundTrip(page, `js ${Date.now().toString(36)}`);
    await page.screenshot({ path: "/tmp/accepted-js.png", fullPage: true });
  });
});
