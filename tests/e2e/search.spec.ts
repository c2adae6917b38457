import { expect, test, type Browser } from "@playwright/test";
import { OWNER, apiAs, data, hydrated, signInByCookie } from "./support";

// The console's one search box (ADR 0069): the header's search box is a plain GET form to /app/search,
// whose results, grouped by kind, open each record; with JavaScript, Ctrl-K opens a palette where ↓ and Enter do.

/** A recent order and a product of the demo owner's shop, read through the API as the owner. */
async function ownersRecords(browser: Browser) {
  const owner = await apiAs(browser, OWNER);
  const [order] = await data<{ _id: string; orderId: number }[]>(
    await owner.request.get("/api/order/list", { params: { limit: 1 } }),
  );
  const [product] = await data<{ _id: string; name: string }[]>(
    await owner.request.get("/api/product", { params: { limit: 1, sort: "createdAt" } }),
  );
  await owner.close();
  expect(order, "an order of the owner's shop").toBeTruthy();
  expect(product, "a product of the owner's shop").toBeTruthy();
  return { order, product };
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's search box lists what it finds, grouped by kind, and each result opens its record", async ({
    page,
    browser,
  }) => {
    const { order } = await ownersRecords(browser);
    await signInByCookie(page, OWNER);
    await page.goto("/app/orders");
    const box = page.getByRole("search", { name: /Search orders, products/ }).getByRole("searchbox");
    await box.fill(`#${order.orderId}`);
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/app/search\\?q=%23${order.orderId}$`));
    await page.screenshot({ path: "test-results/search-page.png", fullPage: true });
    const orders = page.getByRole("region", { name: "Orders" });
    await orders.getByRole("link", { name: `#${order.orderId}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/app/order/${order._id}`));
    await expect(page.getByText(`#${order.orderId}`).first()).toBeVisible();
  });

  test("an empty page asks for a term; a term too long gets the message, not an error page", async ({ page }) => {
    await signInByCookie(page, OWNER);
    const response = await page.goto(`/app/search?q=${"x".repeat(101)}`);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("Search for at most 100 characters");
    await page.goto("/app/search?q=qqzzxxnothinglikethis");
    await expect(page.getByRole("status")).toHaveText(/Nothing found/);
  });
});

test.describe("with JavaScript", () => {
  test("Ctrl-K opens the palette; typing, ↓ and Enter open the record; Escape closes it", async ({ page, browser }) => {
    const { product } = await ownersRecords(browser);
    await signInByCookie(page, OWNER);
    await hydrated(page);
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    await page.keyboard.press("Control+k");
    const input = dialog.getByRole("combobox", { name: /Search orders, products/ });
    await expect(input).toBeFocused();
    await input.fill(product.name);
    const option = dialog.getByRole("group", { name: "Products" }).getByRole("option", { name: product.name });
    await expect(option).toBeVisible();
    await page.screenshot({ path: "test-results/search-palette.png" });
    // ↓ from the input goes through every kind's records in order: the products follow the orders found
    const options = dialog.getByRole("option");
    const position = (await options.allTextContents()).findIndex((text) => text.startsWith(product.name));
    for (let i = 0; i <= position; i++) await input.press("ArrowDown");
    await expect(option).toHaveAttribute("aria-selected", "true");
    await input.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/app/product/edit/[^?]+\\?product=${product._id}`));
    await expect(dialog).toHaveCount(0);
  });
});
