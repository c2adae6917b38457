import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { MSG } from "#contract/core/messages";
import { OWNER, apiAs, data, hydrated, scheduleStream, signInByCookie, shopStaffMember } from "./support";

// spec 3 §2 Promoted Products card, §5 Promotion discount; (ADR 0039). Each test schedules
// a stream of its own (Harbour Threads, the owner's shop) so the seeded streams stay as they are.

/** The streams this file scheduled: deleted after each test, so the seeded lists other files read stay as they were. */
const created: string[] = [];

/** A scheduled stream of the signed-in owner's shop, made through POST live-stream/web. */
async function newStream(request: APIRequestContext, name: string) {
  const id = await scheduleStream(request, name);
  created.push(id);
  return id;
}

/** A product of the owner's shop without variations, with its price and department. */
async function single(request: APIRequestContext) {
  type Row = {
    _id: string;
    name: string;
    price: number;
    isVariationAvailable: boolean;
    department: { _id: string; name: string };
  };
  const rows = await data<Row[]>(await request.get("/api/product", { params: { limit: 100 } }));
  const product = rows.find((p) => !p.isVariationAvailable && p.price >= 5);
  expect(product, "a product without variations").toBeTruthy();
  return product!;
}

const card = (page: Page) => page.getByRole("region", { name: "Promoted Products" });
const dialog = (page: Page) => page.getByTestId("promote-dialog");
const uniqueName = (stem: string) => `${stem} ${Date.now().toString(36)}`;
const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test.describe("promoted products", () => {
  test.afterEach(async ({ browser }) => {
    const owner = await apiAs(browser, OWNER);
    for (const id of created.splice(0)) await data(await owner.request.delete(`/api/live-stream/${id}`));
    await owner.close();
  });

  test("the owner promotes a product from the drawer: a flat discount above the price is refused, then saved and shown", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const product = await single(page.request);
    const streamId = await newStream(page.request, uniqueName("Promo Live"));
    await page.goto(`/app/edit-streams/${streamId}`);
    await hydrated(page);
    await expect(card(page).getByText(MSG.promotionNone)).toBeVisible();

    await card(page).getByRole("link", { name: "Add", exact: true }).click();
    await expect(page).toHaveURL(/drawer=promote/);
    const drawer = page.getByRole("dialog", { name: "Add Promoted Products" });
    // the search follows the typing (400 ms debounce) into the URL
    await drawer.getByLabel("Search products").fill(product.name);
    await expect(page).toHaveURL(/psearch=/);
    const productCard = drawer.getByRole("listitem", { name: product.name, exact: true });
    await expect(productCard.getByRole("link", { name: `Promote ${product.name}`, exact: true })).toBeVisible();
    await shot(page, "promote-drawer");
    await productCard.getByRole("link", { name: `Promote ${product.name}`, exact: true }).click();

    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByLabel("Product discount type").selectOption("flat");
    await dialog(page)
      .getByLabel("Product discount", { exact: true })
      .fill((product.price + 1).toFixed(2));
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveText(MSG.promotionFlatMax);
    await shot(page, "promote-dialog-error");

    // empty amount: the spec's 'All Fields Are Required'
    await dialog(page).getByLabel("Product discount", { exact: true }).fill("");
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveText(MSG.discountAllRequired);

    await dialog(page).getByLabel("Product discount", { exact: true }).fill("1");
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toContainText(MSG.promotionAdded);
    await expect(dialog(page)).toHaveCount(0);
    const promotedPrice = `$${(product.price - 1).toFixed(2)}`;
    const row = card(page).locator("tbody tr").filter({ hasText: product.name });
    await expect(row.getByTestId("promoted-price")).toContainText(promotedPrice);
    await shot(page, "promote-card");

    // the drawer now shows the product as Promoted
    await card(page).getByRole("link", { name: "Add", exact: true }).click();
    await drawer.getByLabel("Search products").fill(product.name);
    await expect(
      drawer
        .getByRole("listitem", { name: product.name, exact: true })
        .getByRole("link", { name: `Promoted ${product.name}`, exact: true }),
    ).toBeVisible();

    // the stream viewer lists it at its promotion price
    await page.goto(`/app/streams?dialog=view&id=${streamId}`);
    await expect(page.getByTestId("stream-products").getByTestId("promotion-price")).toContainText(promotedPrice);
  });

  test("the drawer lists the shop's products newest first (spec 3 §7: createdAt descending)", async ({ page }) => {
    await signInByCookie(page, OWNER);
    const streamId = await newStream(page.request, uniqueName("Promo Order"));
    const newest = await data<{ name: string }[]>(
      await page.request.get("/api/product", { params: { sort: "createdAt", sortType: "desc", limit: 12 } }),
    );
    await page.goto(`/app/edit-streams/${streamId}?drawer=promote`);
    const cards = page
      .getByRole("dialog", { name: "Add Promoted Products" })
      .getByRole("list", { name: "Shop products" })
      .getByRole("listitem");
    await expect(cards.first()).toBeVisible();
    const shown = await cards.evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
    expect(shown.slice(0, newest.length)).toEqual(newest.map((p) => p.name));
  });

  test("without JavaScript: drawer, filter, discount form and removal through plain forms", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInByCookie(page, OWNER);
    const product = await single(page.request);
    const streamId = await newStream(page.request, uniqueName("Promo NoJS"));
    await page.goto(`/app/edit-streams/${streamId}?drawer=promote`);
    const drawer = page.getByRole("dialog", { name: "Add Promoted Products" });
    await drawer.getByLabel("Search products").fill(product.name);
    await drawer.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/psearch=/);
    await drawer.getByLabel("Department", { exact: true }).selectOption(product.department._id);
    await drawer.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`pdept=${product.department._id}`));
    await expect(page).toHaveURL(/psearch=/);
    await expect(drawer.getByRole("listitem", { name: product.name, exact: true })).toBeVisible();
    await drawer.getByRole("link", { name: "Clear filter" }).click();
    await expect(page).not.toHaveURL(/psearch=|pdept=/);
    await expect(drawer.getByLabel("Search products")).toHaveValue("");
    await page.goto(`/app/edit-streams/${streamId}?drawer=promote&psearch=${encodeURIComponent(product.name)}`);
    await drawer
      .getByRole("listitem", { name: product.name, exact: true })
      .getByRole("link", { name: `Promote ${product.name}`, exact: true })
      .click();

    await dialog(page).getByLabel("Product discount type").selectOption("flat");
    await dialog(page)
      .getByLabel("Product discount", { exact: true })
      .fill((product.price + 5).toFixed(2));
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveText(MSG.promotionFlatMax);
    await dialog(page).getByLabel("Product discount type").selectOption("percentage");
    await dialog(page).getByLabel("Product discount", { exact: true }).fill("50");
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toContainText(MSG.promotionAdded);
    const row = card(page).locator("tbody tr").filter({ hasText: product.name });
    await expect(row.getByTestId("promoted-price")).toContainText(
      `$${(Math.round(product.price * 50) / 100).toFixed(2)}`,
    );

    await row.getByRole("button", { name: `Remove ${product.name}` }).click();
    await expect(page.getByTestId("toast")).toContainText(MSG.promotionRemoved);
    await expect(card(page).getByText(MSG.promotionNone)).toBeVisible();
    await context.close();
  });

  test("a variation product: one variation's own discount, then a flat one for all variations above the lowest price is refused", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    type Row = { _id: string; name: string; isVariationAvailable: boolean };
    const rows = await data<Row[]>(await page.request.get("/api/product", { params: { limit: 100 } }));
    const withVariations = rows.find((p) => p.isVariationAvailable);
    expect(withVariations, "a seeded product with variations").toBeTruthy();
    const product = await data<{ name: string; variations: { _id: string; variant: string; price: number }[] }>(
      await page.request.get(`/api/product/${withVariations!._id}`),
    );
    const [first] = product.variations;
    const lowest = Math.min(...product.variations.map((v) => v.price));
    const streamId = await newStream(page.request, uniqueName("Promo Variations"));
    await page.goto(`/app/edit-streams/${streamId}?promote=${withVariations!._id}`);
    await hydrated(page);
    await dialog(page).getByLabel("Each variation", { exact: true }).check();
    await expect(dialog(page).getByLabel("All variations discount type")).toBeHidden();
    await dialog(page).getByLabel(`${first.variant} discount type`).selectOption("percentage");
    await dialog(page).getByLabel(`${first.variant} discount`, { exact: true }).fill("10");
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toContainText(MSG.promotionAdded);
    const row = card(page).locator("tbody tr").filter({ hasText: first.variant });
    await expect(row).toContainText(product.name);
    await expect(row.getByTestId("promoted-price")).toContainText(
      `$${(Math.round(first.price * 90) / 100).toFixed(2)}`,
    );

    // the form opens with what is stored; all variations at more than the lowest price is refused
    await row.getByRole("link", { name: `Discount for ${product.name}` }).click();
    await expect(dialog(page).getByLabel("Each variation", { exact: true })).toBeChecked();
    await expect(dialog(page).getByLabel(`${first.variant} discount`, { exact: true })).toHaveValue("10");
    await dialog(page).getByLabel("All variations", { exact: true }).check();
    await dialog(page).getByLabel("All variations discount type").selectOption("flat");
    await dialog(page)
      .getByLabel("All variations discount", { exact: true })
      .fill((lowest + 0.01).toFixed(2));
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveText(MSG.promotionFlatMaxAnyVariation);
    await expect(dialog(page).getByLabel("All variations", { exact: true })).toBeChecked();
  });

  test("staff with 'schedule stream' but without 'promote stream' see the card without Add or actions", async ({
    browser,
  }) => {
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signInByCookie(owner, OWNER);
    const product = await single(owner.request);
    const streamId = await newStream(owner.request, uniqueName("Promo Staff"));
    await data(
      await owner.request.post("/api/live-stream/promotion-temp-data", {
        data: { streamId, productId: product._id, data: [{ promotionType: "flat", promotion: 1 }] },
      }),
    );
    const staff = await shopStaffMember(browser, owner.request, ["stream:schedule"]);
    await staff.page.goto(`/app/edit-streams/${streamId}`);
    await expect(card(staff.page).locator("tbody tr").filter({ hasText: product.name })).toBeVisible();
    await expect(card(staff.page).getByRole("link", { name: "Add", exact: true })).toHaveCount(0);
    await expect(card(staff.page).getByRole("button", { name: `Remove ${product.name}` })).toHaveCount(0);
    // the URL does not open the drawer for them, and the API refuses them
    await staff.page.goto(`/app/edit-streams/${streamId}?drawer=promote`);
    await expect(staff.page.getByRole("dialog", { name: "Add Promoted Products" })).toHaveCount(0);
    const refused = await staff.page.request.post("/api/live-stream/promotion-temp-data", {
      data: { streamId, productId: product._id, data: [{ promotionType: "flat", promotion: 2 }] },
    });
    expect(refused.status()).toBe(403);
    await staff.close();
    await ownerContext.close();
  });

  test("staff with only 'promote stream' find Edit in the stream list, and the edit page gives them the card, not the form", async ({
    browser,
  }) => {
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signInByCookie(owner, OWNER);
    const name = uniqueName("Promo Only");
    const streamId = await newStream(owner.request, name);
    const staff = await shopStaffMember(browser, owner.request, ["stream:promote"]);
    await staff.page.goto(`/app/streams?search=${encodeURIComponent(name)}`);
    const edit = staff.page.getByRole("link", { name: `Edit ${name}` });
    await expect(edit).toHaveAttribute("href", `/app/edit-streams/${streamId}`);
    await expect(staff.page.getByRole("link", { name: "Add Stream" })).toHaveCount(0);
    await edit.click();
    await expect(card(staff.page).getByRole("link", { name: "Add", exact: true })).toBeVisible();
    await expect(staff.page.getByLabel("Stream Title")).toHaveCount(0);
    await staff.close();
    await ownerContext.close();
  });
});
