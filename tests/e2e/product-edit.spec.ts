import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { MSG } from "#contract/core/messages";
import { UI_MSG } from "#contract/core/messages-ui";
import { PRODUCT_SAVE_DELAY_MS } from "#contract/products/products";
import type { ProductEntity, ProductListRow } from "#contract/products/products-api";
import { ADMIN, OWNER, OWNER2, STAFF, holdRefresh, hydrated, returnToList, signInByCookie } from "./support";

// spec 2 §2 Edit Product, §4 Discounts, §5 (variation rows, discounts, new variant), §8; and "Discounts".
// Every test works on products it makes itself through the API (copies of a seeded product's taxonomy), so other spec
// files and reruns see the seeded products unchanged.

// a real 1×1 PNG, so the browser can draw it
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const toast = (page: Page) => page.getByTestId("toast");
/** A name no other test or run uses (letters first: the SKU prefix comes from them). */
const uniqueName = (stem: string) => `${stem} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const uniqueSku = (stem: string) =>
  `${stem}-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e3)}`;

async function api<T>(request: APIRequestContext, method: "get" | "post", path: string, data?: unknown): Promise<T> {
  const res = await request[method](`/api/${path}`, data === undefined ? {} : { data });
  const body = await res.json();
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${body.message}`).toBe(true);
  return body.data as T;
}

async function uploadImage(
  request: APIRequestContext,
  purpose: "productMedia" | "catalogueImage",
  fileName = "product.png",
) {
  const res = await request.post("/api/upload/file", {
    headers: { "content-type": "image/png", "x-file-name": fileName, "x-purpose": purpose },
    data: PNG,
  });
  const body = await res.json();
  expect(res.ok(), body.message).toBe(true);
  return body.data.location as string;
}

/** A seeded product of the signed-in user's shop whose taxonomy, brand and attributes a new one copies. */
async function model(page: Page, name: string) {
  const found = await api<ProductListRow[]>(page.request, "get", `product?search=${encodeURIComponent(name)}`);
  const row = found.find((p) => p.name === name);
  expect(row, `the seeded product ${name}`).toBeTruthy();
  return api<ProductEntity>(page.request, "get", `product/${row!._id}`);
}

/** A single product of the signed-in owner, made through POST product/. */
async function createSingle(page: Page, stem: string, price = 40) {
  const m = await model(page, "Bondi Linen Shirt");
  const image = await uploadImage(page.request, "productMedia");
  return api<ProductEntity>(page.request, "post", "product", {
    name: uniqueName(stem),
    description: "A product made by the edit product tests.",
    tags: ["e2e"],
    brand: m.brand._id,
    department: m.department._id,
    categories: m.categories._id,
    subcategory: m.subcategory._id,
    attr: m.attr,
    isVariationAvailable: false,
    images: [image],
    videos: [],
    price,
    stock: 9,
  });
}

/**
 * A variation product of OWNER2's shop (Shade × Volume, like the seeded Silk Skin Foundation): Fair_30 ml $39,
 * Fair_50 ml $54, Medium_30 ml $39, Medium_50 ml $54.
 */
async function createVariationProduct(page: Page, stem: string) {
  const m = await model(page, "Silk Skin Foundation");
  const [image, sizeChart, rowImage] = await Promise.all([
    uploadImage(page.request, "productMedia"),
    uploadImage(page.request, "catalogueImage", "size-chart.png"),
    uploadImage(page.request, "productMedia", "row.png"),
  ]);
  const sku = uniqueSku("FDN");
  const rows = [
    ["Fair", "30 ml", 39],
    ["Fair", "50 ml", 54],
    ["Medium", "30 ml", 39],
    ["Medium", "50 ml", 54],
  ] as const;
  return api<ProductEntity>(page.request, "post", "product", {
    name: uniqueName(stem),
    description: "A variation product made by the edit product tests.",
    tags: [],
    brand: m.brand._id,
    department: m.department._id,
    categories: m.categories._id,
    subcategory: m.subcategory._id,
    attr: m.attr,
    isVariationAvailable: true,
    variationList: Object.fromEntries(Object.entries(m.variationList).map(([name, v]) => [name, { ...v, list: [] }])),
    sizeChartImage: sizeChart,
    images: [image],
    videos: [],
    variations: rows.map(([shade, volume, price], i) => ({
      variantName: `${shade}_${volume}`,
      variantDetails: { Shade: shade, Volume: volume },
      sku: `${sku}-${i + 1}`,
      price,
      stock: 10 + i,
      defaultImage: rowImage,
    })),
  });
}

const editUrl = (p: ProductEntity) => `/app/product/edit/${p.shopId}?product=${p._id}`;
const variationRow = (page: Page, variant: string) =>
  page.locator(`[data-testid="variation-row"][data-variant="${variant}"]`);
const discountPanel = (page: Page) => page.getByTestId("discount-panel");

test.describe("Edit Product with JavaScript", () => {
  test("edit the name and description, save, return to the list; the read-only fields stay", async ({ page }) => {
    await signInByCookie(page, OWNER);
    const product = await createSingle(page, "Edit Me Shirt");
    await page.goto(editUrl(product));
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Edit Product", level: 1 })).toBeVisible();
    await shot(page, "edit-single-js");

    const renamed = uniqueName("Edited Shirt");
    await page.getByLabel("Product Name", { exact: false }).first().fill(renamed);
    await page
      .getByLabel("Description", { exact: false })
      .first()
      .fill("A description changed by the edit product test.");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect(toast(page)).toContainText(MSG.productUpdated);
    await expect(page).toHaveURL(/\/app\/products$/);

    const saved = await api<ProductEntity>(page.request, "get", `product/${product._id}`);
    expect(saved.name).toBe(renamed);
    expect(saved.description).toBe("A description changed by the edit product test.");
    expect(saved.sku).toBe(product.sku);
    expect(saved.department._id).toBe(product.department._id);
  });

  test("the save is posted 1.5 s after the check passes, 'Saving…' meanwhile (spec 2 §4)", async ({ page }) => {
    // the page's clock is held: the delay is the page's own timer, whatever the machine's speed
    await page.clock.install();
    await signInByCookie(page, OWNER);
    const product = await createSingle(page, "Delayed Save Shirt");
    await page.goto(editUrl(product));
    await hydrated(page);
    const renamed = uniqueName("Delayed Shirt");
    await page.getByLabel("Product Name", { exact: false }).first().fill(renamed);
    await page.clock.pauseAt(Date.now() + 60_000);
    // the main form's posts (Remix's single fetch: to {page}.data): the check first, the save second
    const posts: string[] = [];
    const isPost = (request: { method(): string; url(): string }) =>
      request.method() === "POST" && new URL(request.url()).pathname === `/app/product/edit/${product.shopId}.data`;
    page.on("request", (request) => {
      if (isPost(request)) posts.push(request.url());
    });
    const checked = page.waitForResponse((response) => isPost(response.request()));
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    expect((await checked).status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "Saving…" })).toBeVisible();
    expect(posts).toHaveLength(1);
    expect((await api<ProductEntity>(page.request, "get", `product/${product._id}`)).name).toBe(product.name);
    const saved = page.waitForRequest(isPost);
    await page.clock.runFor(PRODUCT_SAVE_DELAY_MS);
    await saved;
    await expect(toast(page)).toContainText(MSG.productUpdated);
    expect(posts).toHaveLength(2);
    expect((await api<ProductEntity>(page.request, "get", `product/${product._id}`)).name).toBe(renamed);
  });

  test("another shop's product, or none, is 'Page not found'", async ({ page }) => {
    await signInByCookie(page, OWNER2);
    const product = await createVariationProduct(page, "Not Yours Foundation");
    await page.context().clearCookies();
    await signInByCookie(page, OWNER);
    await page.goto(editUrl(product));
    await expect(page.getByText(UI_MSG.pageNotFound)).toBeVisible();
    await page.goto(`/app/product/edit/${product.shopId}`);
    await expect(page.getByText(UI_MSG.pageNotFound)).toBeVisible();
  });

  test("an admin's Discard goes to the shop's products tab; staff without product:discount see no discount controls", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const product = await createSingle(page, "Who Sees Shirt");
    await page.context().clearCookies();

    await signInByCookie(page, ADMIN);
    await page.goto(editUrl(product));
    await expect(page.getByRole("link", { name: "Discard" }).first()).toHaveAttribute(
      "href",
      `/app/shop/${product.shopId}/products`,
    );
    await expect(discountPanel(page).getByRole("button", { name: "Add discount" })).toBeVisible();
    // the product under another shop's id is not found
    const other = await api<ProductListRow[]>(page.request, "get", "product?limit=100");
    const otherShop = other.find((p) => p.shopId !== product.shopId)?.shopId;
    expect(otherShop).toBeTruthy();
    await page.goto(`/app/product/edit/${otherShop}?product=${product._id}`);
    await expect(page.getByText(UI_MSG.pageNotFound)).toBeVisible();
    await page.context().clearCookies();

    // the seeded staff member holds product:add and product:edit, not product:discount
    await signInByCookie(page, STAFF);
    await page.goto(editUrl(product));
    await expect(page.getByRole("link", { name: "Discard" }).first()).toHaveAttribute("href", "/app/products");
    await expect(page.getByRole("button", { name: "Save", exact: true }).first()).toBeVisible();
    await expect(discountPanel(page)).toContainText("No discount.");
    await expect(discountPanel(page).getByRole("button", { name: "Add discount" })).toHaveCount(0);
  });

  test("variations: edit price and stock, unsaved edits block the main Save, then they are saved", async ({ page }) => {
    await signInByCookie(page, OWNER2);
    const product = await createVariationProduct(page, "Variation Foundation");
    await page.goto(editUrl(product));
    await hydrated(page);
    const row = variationRow(page, "Fair_30 ml");
    await expect(row.getByTestId("variation-sku")).toHaveText(product.variations[0].sku);
    await row.getByLabel(/^Stock of/).fill("21");
    await row.getByLabel(/^Price of/).fill("41.50");
    // spec 2 §5: the table has unsaved changes
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect(page.getByText(MSG.saveVariationsFirst)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`product=${product._id}`));

    // a row without a price: 'Please Enter Price'
    await variationRow(page, "Medium_50 ml")
      .getByLabel(/^Price of/)
      .fill("");
    await page.getByRole("button", { name: "Save variations" }).click();
    await expect(variationRow(page, "Medium_50 ml").getByText(MSG.variationPriceRequired)).toBeVisible();
    await variationRow(page, "Medium_50 ml")
      .getByLabel(/^Price of/)
      .fill("55");
    await page.getByRole("button", { name: "Save variations" }).click();
    await expect(toast(page)).toContainText(MSG.variationsSaved);
    await shot(page, "edit-variations-saved");

    await page.reload();
    await expect(variationRow(page, "Fair_30 ml").getByLabel(/^Stock of/)).toHaveValue("21");
    await expect(variationRow(page, "Fair_30 ml").getByLabel(/^Price of/)).toHaveValue("41.50");
    const saved = await api<ProductEntity>(page.request, "get", `product/${product._id}`);
    expect(saved.variations.find((v) => v.variant === "Fair_30 ml")).toMatchObject({ price: 41.5, stock: 21 });
    expect(saved.minAndMax).toEqual([39, 55]);
  });

  test("add a new variant; a repeated combination is refused with the spec's message", async ({ page }) => {
    await signInByCookie(page, OWNER2);
    const product = await createVariationProduct(page, "Variant Foundation");
    await page.goto(editUrl(product));
    await hydrated(page);
    const form = page.getByTestId("new-variant");
    // a missing dimension value
    await form.getByRole("button", { name: "Add variant" }).click();
    await expect(form.getByText(MSG.variationOptionRequired("Shade"))).toBeVisible();

    await form.getByLabel("Shade").selectOption("Fair");
    await form.getByLabel("Volume").selectOption("30 ml");
    await expect(form.getByText(MSG.variationCombinationTaken("Fair", "30 ml"))).toBeVisible();

    await form.getByLabel("Shade").selectOption("Tan");
    await expect(form.getByText(MSG.variationCombinationTaken("Fair", "30 ml"))).toHaveCount(0);
    await form.getByLabel("SKU").fill(uniqueSku("TAN"));
    await form.getByLabel("Stock").fill("5");
    await form.getByLabel("Price").fill("45");
    await form.locator('input[type="file"]').setInputFiles({ name: "tan.png", mimeType: "image/png", buffer: PNG });
    await expect(form.getByText(UI_MSG.fileUploaded("tan.png"))).toBeVisible();
    await form.getByRole("button", { name: "Add variant" }).click();
    await expect(toast(page)).toContainText(MSG.variantAdded);
    await expect(variationRow(page, "Tan_30 ml")).toBeVisible();
    await shot(page, "edit-new-variant");

    // the same combination again: the page says so before posting
    await form.getByLabel("Shade").selectOption("Tan");
    await form.getByLabel("Volume").selectOption("30 ml");
    await expect(form.getByText(MSG.variationCombinationTaken("Tan", "30 ml"))).toBeVisible();
  });

  test("a single product's discount: the spec's messages, add, the add button disabled, remove after confirming", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const product = await createSingle(page, "Discount Shirt", 40);
    await page.goto(editUrl(product));
    await hydrated(page);
    const panel = discountPanel(page);
    const addButton = panel.getByRole("button", { name: "Add discount" });

    await addButton.click();
    await expect(panel.getByText(MSG.discountAllRequired)).toBeVisible();
    await panel.getByLabel("Discount type").selectOption("flat");
    await panel.getByLabel("Discount", { exact: true }).fill("40.01");
    await addButton.click();
    await expect(panel.getByText(MSG.flatDiscountMax)).toHaveCount(1);
    await panel.getByLabel("Discount type").selectOption("percentage");
    await panel.getByLabel("Discount", { exact: true }).fill("150");
    // the value changed: the refusal of the old one is gone before the next submit
    await expect(panel.getByText(MSG.flatDiscountMax)).toHaveCount(0);
    await addButton.click();
    await expect(panel.getByText(MSG.percentDiscountRange)).toHaveCount(1);

    await panel.getByLabel("Discount type").selectOption("flat");
    await panel.getByLabel("Discount", { exact: true }).fill("5");
    await addButton.click();
    await expect(toast(page)).toContainText(MSG.discountAdded);
    await expect(panel.getByTestId("current-discount-product")).toContainText("$5.00 off");
    await expect(panel.getByTestId("current-discount-product")).toContainText("$35.00");
    // spec 2 §4: a product-level discount disables the add button
    await expect(panel.getByRole("button", { name: "Add discount" })).toBeDisabled();
    await shot(page, "edit-single-discount");

    await panel.getByRole("link", { name: "Remove discount" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(MSG.removeDiscountConfirm);
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(toast(page)).toContainText(MSG.discountRemoved);
    await expect(panel.getByRole("button", { name: "Add discount" })).toBeEnabled();
    expect((await api<ProductEntity>(page.request, "get", `product/${product._id}`)).isDiscount).toBe(false);
  });

  test("per-variation and global discounts: messages, a global discount disables the per-variant adds, removal", async ({
    page,
  }) => {
    // one long journey through the page's discount forms
    test.slow();
    await signInByCookie(page, OWNER2);
    const product = await createVariationProduct(page, "Discount Foundation");
    await page.goto(editUrl(product));
    await hydrated(page);

    // one variation's discount: a flat amount above its price is refused
    await variationRow(page, "Medium_50 ml")
      .getByRole("link", { name: /^Add discount/ })
      .click();
    const drawer = page.getByRole("dialog");
    // one spelling of a variation: the table's
    await expect(drawer.getByRole("heading")).toHaveText("Add discount · Medium / 50 ml");
    await expect(variationRow(page, "Medium_50 ml").getByRole("rowheader")).toHaveText("Medium / 50 ml");
    await drawer.getByLabel("Discount type").selectOption("flat");
    await drawer.getByLabel("Discount", { exact: true }).fill("60");
    await drawer.getByRole("button", { name: "Add discount" }).click();
    await expect(drawer.getByText(MSG.variationFlatDiscountMax)).toBeVisible();
    await drawer.getByLabel("Discount type").selectOption("percentage");
    await drawer.getByLabel("Discount", { exact: true }).fill("100.5");
    await drawer.getByRole("button", { name: "Add discount" }).click();
    await expect(drawer.getByText(MSG.percentDiscountRange)).toBeVisible();
    await drawer.getByLabel("Discount", { exact: true }).fill("10");
    await drawer.getByRole("button", { name: "Add discount" }).click();
    await expect(toast(page)).toContainText(MSG.discountAdded);
    const medium50 = variationRow(page, "Medium_50 ml");
    await expect(medium50).toContainText("10% off");
    await expect(medium50).toContainText("$48.60 after discount");
    // while a variation has its own discount, the discount on all variations cannot be added
    await expect(discountPanel(page).getByRole("button", { name: "Add discount" })).toBeDisabled();
    await shot(page, "edit-variant-discount");

    await medium50.getByRole("link", { name: "Remove discount" }).click();
    await expect(page.getByRole("alertdialog")).toContainText(MSG.removeDiscountConfirm);
    await expect(page.getByRole("alertdialog")).toContainText("(10% off on Medium / 50 ml)");
    await expect(page.getByRole("alertdialog")).not.toContainText("Medium_50 ml");
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(toast(page)).toContainText(MSG.discountRemoved);
    await expect(medium50).not.toContainText("10% off");

    // the discount on all variations: a flat amount above the lowest price, a percentage out of range
    const panel = discountPanel(page);
    await panel.getByLabel("Discount type").selectOption("flat");
    await panel.getByLabel("Discount", { exact: true }).fill("45");
    await panel.getByRole("button", { name: "Add discount" }).click();
    await expect(panel.getByText(MSG.variationFlatDiscountMax)).toBeVisible();
    await panel.getByLabel("Discount type").selectOption("percentage");
    await panel.getByLabel("Discount", { exact: true }).fill("101");
    await panel.getByRole("button", { name: "Add discount" }).click();
    await expect(panel.getByText(MSG.percentDiscountRange)).toBeVisible();
    await panel.getByLabel("Discount", { exact: true }).fill("20");
    await panel.getByRole("button", { name: "Add discount" }).click();
    await expect(toast(page)).toContainText(MSG.discountAdded);
    await expect(panel.getByTestId("current-discount-global")).toContainText("20% off");
    // spec 2 §4: a global discount disables the per-variant add buttons
    for (const variant of ["Fair_30 ml", "Fair_50 ml", "Medium_30 ml", "Medium_50 ml"]) {
      await expect(variationRow(page, variant).getByRole("button", { name: /^Add discount/ })).toBeDisabled();
      await expect(variationRow(page, variant)).toContainText("20% off");
    }
    await expect(variationRow(page, "Fair_30 ml")).toContainText("$31.20 after discount");
    await shot(page, "edit-global-discount");

    await panel.getByRole("link", { name: "Remove discount" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(toast(page)).toContainText(MSG.discountRemoved);
    await expect(variationRow(page, "Fair_30 ml").getByRole("link", { name: /^Add discount/ })).toBeVisible();
  });
});

test.describe("Edit Product without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a discount is added and removed; the variations are saved as a multi-row form", async ({ page }) => {
    await signInByCookie(page, OWNER2);
    const product = await createVariationProduct(page, "No Script Foundation");
    await page.goto(editUrl(product));
    await shot(page, "edit-variations-nojs");

    // the variation table as a plain form
    await variationRow(page, "Fair_50 ml")
      .getByLabel(/^Stock of/)
      .fill("3");
    await page.getByRole("button", { name: "Save variations" }).click();
    await expect(toast(page)).toContainText(MSG.variationsSaved);
    await expect(variationRow(page, "Fair_50 ml").getByLabel(/^Stock of/)).toHaveValue("3");

    // the discount on all variations: a refused value stays with its message, then added and removed
    const panel = discountPanel(page);
    await panel.getByLabel("Discount type").selectOption("percentage");
    await panel.getByLabel("Discount", { exact: true }).fill("120");
    await panel.getByRole("button", { name: "Add discount" }).click();
    await expect(discountPanel(page).getByText(MSG.percentDiscountRange)).toBeVisible();
    await discountPanel(page).getByLabel("Discount", { exact: true }).fill("15");
    await discountPanel(page).getByRole("button", { name: "Add discount" }).click();
    await expect(toast(page)).toContainText(MSG.discountAdded);
    await expect(discountPanel(page).getByTestId("current-discount-global")).toContainText("15% off");
    await shot(page, "edit-discount-nojs");

    await discountPanel(page).getByRole("link", { name: "Remove discount" }).click();
    await expect(page).toHaveURL(/confirm=remove-discount/);
    await expect(page.getByRole("alertdialog")).toContainText(MSG.removeDiscountConfirm);
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(toast(page)).toContainText(MSG.discountRemoved);
    await expect(page).not.toHaveURL(/confirm=/);

    // one variation's discount through its URL-driven drawer
    await variationRow(page, "Fair_30 ml")
      .getByRole("link", { name: /^Add discount/ })
      .click();
    await expect(page).toHaveURL(/discount=/);
    await page.getByRole("dialog").getByLabel("Discount type").selectOption("flat");
    await page.getByRole("dialog").getByLabel("Discount", { exact: true }).fill("5");
    await page.getByRole("dialog").getByRole("button", { name: "Add discount" }).click();
    await expect(toast(page)).toContainText(MSG.discountAdded);
    await expect(variationRow(page, "Fair_30 ml")).toContainText("$5.00 off");
  });

  test("a new variant with its image posted with the form, and the main form's Save", async ({ page }) => {
    await signInByCookie(page, OWNER2);
    await holdRefresh(page);
    const product = await createVariationProduct(page, "No Script Variant");
    await page.goto(editUrl(product));
    const form = page.getByTestId("new-variant");
    // a repeated combination, answered by the page's action
    await form.getByLabel("Shade").selectOption("Medium");
    await form.getByLabel("Volume").selectOption("50 ml");
    await form.getByLabel("SKU").fill(uniqueSku("MED"));
    await form.getByLabel("Stock").fill("4");
    await form.getByLabel("Price").fill("50");
    await form.getByRole("button", { name: "Add variant" }).click();
    await expect(
      page.getByTestId("new-variant").getByText(MSG.variationCombinationTaken("Medium", "50 ml")),
    ).toBeVisible();

    await page.getByTestId("new-variant").getByLabel("Shade").selectOption("Deep");
    await page
      .getByTestId("new-variant")
      .locator('input[type="file"]')
      .setInputFiles({ name: "deep.png", mimeType: "image/png", buffer: PNG });
    await page.getByTestId("new-variant").getByRole("button", { name: "Add variant" }).click();
    await expect(toast(page)).toContainText(MSG.variantAdded);
    await expect(variationRow(page, "Deep_50 ml")).toBeVisible();
    await expect(variationRow(page, "Deep_50 ml").getByRole("img")).toHaveAttribute(
      "src",
      /productMedia\/.*deep\.png$/,
    );

    await page.getByLabel("Description").fill("Changed without scripts by the edit product test.");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect(page.getByText(MSG.productUpdated)).toBeVisible();
    expect((await api<ProductEntity>(page.request, "get", `product/${product._id}`)).description).toBe(
      "Changed without scripts by the edit product test.",
    );
  });
});

// every rule on the first submit, each message once, a message gone once its value is
// corrected, nothing stale after a save, and the forms of one product never carried to another.

/** A flat discount on a single product, through the API (PUT product/{id} with the discount fields). */
async function flatDiscount(page: Page, product: ProductEntity, discount: number) {
  const res = await page.request.put(`/api/product/${product._id}`, {
    data: { prodId: product._id, data: { isDiscount: true, isGlobalDiscount: false, discount, discountType: "flat" } },
  });
  expect(res.ok(), (await res.json()).message).toBe(true);
}

const allRequired = MSG.productAllRequired.trim();

test.describe("Edit Product forms with JavaScript: messages at once, once each, gone when corrected", () => {
  test("variation rows: both messages of a row at once; 'Please Enter Price' goes once a valid 50 is typed; nothing stale after saving", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER2);
    const product = await createVariationProduct(page, "Stale Price Foundation");
    await page.goto(editUrl(product));
    await hydrated(page);
    const row = variationRow(page, "Medium_50 ml");
    await row.getByLabel(/^Price of/).fill("");
    await row.getByLabel(/^Stock of/).fill("");
    await page.getByRole("button", { name: "Save variations" }).click();
    await expect(row.getByText(MSG.variationPriceRequired, { exact: true })).toHaveCount(1);
    await expect(row.getByText(MSG.variationStockRequired, { exact: true })).toHaveCount(1);
    await row.getByLabel(/^Price of/).fill("50");
    await expect(row.getByText(MSG.variationPriceRequired, { exact: true })).toHaveCount(0);
    // the other field's message stays until its own value changes
    await expect(row.getByText(MSG.variationStockRequired, { exact: true })).toHaveCount(1);
    await row.getByLabel(/^Stock of/).fill("7");
    await expect(row.getByText(MSG.variationStockRequired, { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Save variations" }).click();
    await expect(toast(page)).toContainText(MSG.variationsSaved);
    await expect(row.getByLabel(/^Price of/)).toHaveValue("50.00");
    await expect(page.getByTestId("variation-table").getByRole("alert")).toHaveCount(0);
  });

  test("add new variant: every rule on the first submit, each message gone once corrected, an empty form after adding", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER2);
    const product = await createVariationProduct(page, "Every Rule Foundation");
    await page.goto(editUrl(product));
    await hydrated(page);
    const form = page.getByTestId("new-variant");
    await form.getByRole("button", { name: "Add variant" }).click();
    const messages = [
      MSG.variationOptionRequired("Shade"),
      MSG.variationOptionRequired("Volume"),
      MSG.variationSkuRequired,
      MSG.variationStockRequired,
      MSG.variationPriceRequired,
      MSG.variationImageRequired,
    ];
    for (const message of messages) await expect(form.getByText(message, { exact: true })).toHaveCount(1);

    await form.getByLabel("Shade").selectOption("Tan");
    await expect(form.getByText(MSG.variationOptionRequired("Shade"), { exact: true })).toHaveCount(0);
    await form.getByLabel("SKU").fill(uniqueSku("TAN"));
    await expect(form.getByText(MSG.variationSkuRequired, { exact: true })).toHaveCount(0);
    await form.getByLabel("Stock").fill("5");
    await form.getByLabel("Price").fill("45");
    await expect(form.getByText(MSG.variationPriceRequired, { exact: true })).toHaveCount(0);
    await form.locator('input[type="file"]').setInputFiles({ name: "tan.png", mimeType: "image/png", buffer: PNG });
    await expect(form.getByText(UI_MSG.fileUploaded("tan.png"))).toBeVisible();
    await expect(form.getByText(MSG.variationImageRequired, { exact: true })).toHaveCount(0);
    // not corrected yet: still said
    await expect(form.getByText(MSG.variationOptionRequired("Volume"), { exact: true })).toHaveCount(1);

    await form.getByLabel("Volume").selectOption("30 ml");
    await form.getByRole("button", { name: "Add variant" }).click();
    await expect(toast(page)).toContainText(MSG.variantAdded);
    await expect(variationRow(page, "Tan_30 ml")).toBeVisible();
    await expect(form.getByLabel("SKU")).toHaveValue("");
    await expect(form.getByRole("alert")).toHaveCount(0);
  });

  test("the main form: 'Please enter all required field ' once, the price-below-discount refusal once, and gone once corrected", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const product = await createSingle(page, "Once Only Shirt", 40);
    await flatDiscount(page, product, 30);
    await page.goto(editUrl(product));
    await hydrated(page);
    await page.locator("#product-name").fill("");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect(page.getByText(allRequired)).toHaveCount(1);
    await expect(page.getByText(MSG.productNameRequired, { exact: true })).toHaveCount(1);
    await page.locator("#product-name").fill(product.name);
    await expect(page.getByText(MSG.productNameRequired, { exact: true })).toHaveCount(0);

    await page.getByLabel("Price ($)").fill("20");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect(page.getByText(MSG.discountBreaksPrice)).toHaveCount(1);
    await expect(page.getByText(allRequired)).toHaveCount(0);
    await page.getByLabel("Price ($)").fill("45");
    await expect(page.getByText(MSG.discountBreaksPrice)).toHaveCount(0);
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect(toast(page)).toContainText(MSG.productUpdated);
    expect((await api<ProductEntity>(page.request, "get", `product/${product._id}`)).price).toBe(45);
  });

  test("a client-side move to another product's page shows that product's values, with no message of the first", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const first = await createSingle(page, "Keyed First Shirt");
    const second = await createSingle(page, "Keyed Second Shirt");
    await page.goto(editUrl(first));
    await hydrated(page);
    await page.locator("#product-description").fill("Typed on the first product and never saved.");
    await page.locator("#product-name").fill("");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect(page.getByText(allRequired)).toHaveCount(1);
    await page.evaluate(
      (url) =>
        (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate(
          url,
        ),
      editUrl(second),
    );
    await expect(page).toHaveURL(new RegExp(`product=${second._id}`));
    await expect(page.locator("#product-name")).toHaveValue(second.name);
    await expect(page.locator("#product-description")).toHaveValue(second.description);
    await expect(page.getByText(allRequired)).toHaveCount(0);
  });
});

test.describe("Edit Product forms without JavaScript: messages at once and once each", () => {
  test.use({ javaScriptEnabled: false });

  test("the main form's messages once each; a variation row's messages together, gone after the corrected save", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await holdRefresh(page);
    const product = await createSingle(page, "No Script Once Shirt", 40);
    await flatDiscount(page, product, 30);
    await page.goto(editUrl(product));
    await page.locator("#product-name").fill("");
    await page.getByLabel("Price ($)").fill("20");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    // both rules on the first submit, each message once
    await expect(page.getByText(allRequired)).toHaveCount(1);
    await expect(page.getByText(MSG.productNameRequired, { exact: true })).toHaveCount(1);
    await expect(page.getByText(MSG.discountBreaksPrice)).toHaveCount(1);
    await page.locator("#product-name").fill(product.name);
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect(page.getByText(MSG.discountBreaksPrice)).toHaveCount(1);
    await expect(page.getByText(allRequired)).toHaveCount(0);
    await expect(page.getByText(MSG.productNameRequired, { exact: true })).toHaveCount(0);
    await page.getByLabel("Price ($)").fill("45");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect(page.getByText(MSG.productUpdated)).toBeVisible();
    await expect(page.getByText(MSG.discountBreaksPrice)).toHaveCount(0);
  });

  test("a variation row's price and stock messages at once; the corrected save shows none", async ({ page }) => {
    await signInByCookie(page, OWNER2);
    const product = await createVariationProduct(page, "No Script Rows Foundation");
    await page.goto(editUrl(product));
    const row = () => variationRow(page, "Fair_30 ml");
    await row()
      .getByLabel(/^Price of/)
      .fill("");
    await row()
      .getByLabel(/^Stock of/)
      .fill("");
    await page.getByRole("button", { name: "Save variations" }).click();
    await expect(row().getByText(MSG.variationPriceRequired, { exact: true })).toHaveCount(1);
    await expect(row().getByText(MSG.variationStockRequired, { exact: true })).toHaveCount(1);
    await row()
      .getByLabel(/^Price of/)
      .fill("50");
    await row()
      .getByLabel(/^Stock of/)
      .fill("2");
    await page.getByRole("button", { name: "Save variations" }).click();
    await expect(toast(page)).toContainText(MSG.variationsSaved);
    await expect(row().getByLabel(/^Price of/)).toHaveValue("50.00");
    await expect(page.getByText(MSG.variationPriceRequired, { exact: true })).toHaveCount(0);
  });
});

// the variation table's own messages, a non-image on the Edit page, the return to the list the user came from,
// uploads named as spec 2 §8 says, and a video tile that plays

const TEXT_FILE = { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image at all") };
/** Text named as a picture: the browser takes it for a PNG, the store's sniffing of its bytes does not. */
const FAKE_PNG = { name: "photo.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") };
/** An ISO media head (ftyp isom): the server sniffs it as video/mp4 (the browser cannot decode it, which a tile must survive). */
const MP4 = Buffer.from([
  0,
  0,
  0,
  0x20,
  ...Buffer.from("ftypisom"),
  0,
  0,
  2,
  0,
  ...Array.from({ length: 200 }, (_, i) => i % 13),
]);

for (const js of [true, false]) {
  test.describe(`Edit Product, ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });

    test("a stock or price the browser cannot read gets our 'Please Enter Quantity' and 'Please Enter Price', never the browser's bubble", async ({
      page,
    }) => {
      await signInByCookie(page, OWNER2);
      const product = await createVariationProduct(page, "Bubble Foundation");
      await page.goto(editUrl(product));
      if (js) await hydrated(page);
      const row = () => variationRow(page, "Fair_50 ml");
      // "e" alone is not a number: the browser's own check would stop the form here
      for (const field of [/^Stock of/, /^Price of/]) {
        await row().getByLabel(field).fill("");
        await row().getByLabel(field).pressSequentially("e");
      }
      await page.getByRole("button", { name: "Save variations" }).click();
      await expect(row().getByText(MSG.variationStockRequired, { exact: true })).toHaveCount(1);
      await expect(row().getByText(MSG.variationPriceRequired, { exact: true })).toHaveCount(1);
      // below the minimum: the action's words too
      await row()
        .getByLabel(/^Stock of/)
        .fill("-1");
      await row()
        .getByLabel(/^Price of/)
        .fill("0.5");
      await page.getByRole("button", { name: "Save variations" }).click();
      await expect(row().getByText(MSG.productStockMin, { exact: true })).toHaveCount(1);
      await expect(row().getByText(MSG.productPriceMin, { exact: true })).toHaveCount(1);
      const saved = await api<ProductEntity>(page.request, "get", `product/${product._id}`);
      expect(saved.variations.find((v) => v.variant === "Fair_50 ml")).toMatchObject({ price: 54, stock: 11 });
    });

    // a text file named .png passes the browser's type check: the store's sniffing of its bytes refuses it
    for (const file of [TEXT_FILE, FAKE_PNG]) {
      test(`a file that is not an image (${file.name}, ${file.mimeType}) says 'Uploaded File Is Not A Valid Image File' (variation image and media)`, async ({
        page,
      }) => {
        await signInByCookie(page, OWNER2);
        const product = await createVariationProduct(page, "Not Image Foundation");
        await page.goto(editUrl(product));
        if (js) await hydrated(page);
        await variationRow(page, "Fair_30 ml").locator('input[type="file"]').setInputFiles(file);
        if (!js) await page.getByRole("button", { name: "Save variations" }).click();
        await expect(variationRow(page, "Fair_30 ml").getByText(MSG.editImageInvalid)).toBeVisible();
        await expect(page.getByText(MSG.mediaType)).toHaveCount(0);

        await page.goto(editUrl(product));
        if (js) await hydrated(page);
        await page.locator("#product-media").setInputFiles(file);
        if (!js) await page.getByRole("button", { name: "Save", exact: true }).first().click();
        await expect(page.locator(".media-panel").getByText(MSG.editImageInvalid)).toBeVisible();
        await expect(page.getByText(MSG.mediaType)).toHaveCount(0);
        expect((await api<ProductEntity>(page.request, "get", `product/${product._id}`)).images).toEqual(
          product.images,
        );
      });
    }

    test("Discard and Save return to the list the user came from, with its page, size, sort and search; another place is never a return", async ({
      page,
    }) => {
      await signInByCookie(page, OWNER);
      if (!js) await holdRefresh(page);
      const stem = uniqueName("Return Shirt");
      const made: ProductEntity[] = [];
      for (let i = 0; i < 3; i++) {
        const p = await createSingle(page, `${stem} ${i}`);
        made.push(p);
      }
      const list = `/app/products?search=${encodeURIComponent(stem)}&sort=name&sortType=asc&limit=2&page=2`;
      await page.goto(list);
      if (js) await hydrated(page);
      await expect(page.locator("tbody tr")).toHaveCount(1);
      await page.getByRole("link", { name: /^View / }).click();
      await expect(page.getByRole("heading", { name: "Edit Product", level: 1 })).toBeVisible();
      const expected = new URL(list, page.url());
      const sameList = (href: string | null) => {
        const url = new URL(href ?? "", page.url());
        expect(url.pathname).toBe("/app/products");
        expect(Object.fromEntries(url.searchParams)).toEqual(Object.fromEntries(expected.searchParams));
      };
      sameList(await page.getByRole("link", { name: "Discard" }).first().getAttribute("href"));
      await page.getByRole("link", { name: "Discard" }).first().click();
      await expect(page).toHaveURL(/\/app\/products\?/);
      sameList(page.url());
      await expect(page.locator("tbody tr")).toHaveCount(1);

      await page.getByRole("link", { name: /^View / }).click();
      if (js) await hydrated(page);
      await page.getByLabel("Description", { exact: false }).first().fill("Saved from page 2 of a searched list.");
      await page.getByRole("button", { name: "Save", exact: true }).first().click();
      await expect(page.getByText(MSG.productUpdated)).toBeVisible();
      if (!js) await returnToList(page, /^\/app\/products\?/);
      await expect(page).toHaveURL(/\/app\/products\?/);
      sameList(page.url());
      await expect(page.getByTestId("list-range")).toHaveText("Showing 3–3 of 3 products");

      // a back that is not the user's product list gives the bare list
      for (const back of [
        "https://evil.example/app/products",
        "//evil.example/app/products",
        "/app/user-list?search=x",
        "/app/products/../user-list",
      ]) {
        await page.goto(`${editUrl(made[0])}&back=${encodeURIComponent(back)}`);
        await expect(page.getByRole("link", { name: "Discard" }).first()).toHaveAttribute("href", "/app/products");
      }
    });
  });
}

test.describe("Edit Product uploads with JavaScript", () => {
  test("media and variation images say '{file} file uploaded successfully'; an uploaded video plays in a labelled tile", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER2);
    const product = await createVariationProduct(page, "Named Upload Foundation");
    await page.goto(editUrl(product));
    await hydrated(page);
    await variationRow(page, "Fair_30 ml")
      .locator('input[type="file"]')
      .setInputFiles({ name: "fair row.png", mimeType: "image/png", buffer: PNG });
    await expect(variationRow(page, "Fair_30 ml").getByText(UI_MSG.fileUploaded("fair row.png"))).toBeVisible();
    await expect(page.getByText(UI_MSG.uploaded)).toHaveCount(0);

    await page.locator("#product-media").setInputFiles([
      { name: "side.png", mimeType: "image/png", buffer: PNG },
      { name: "clip.mp4", mimeType: "video/mp4", buffer: MP4 },
    ]);
    const media = page.locator(".media-panel");
    await expect(media.getByText(UI_MSG.fileUploaded("side.png"))).toBeVisible();
    await expect(media.getByText(UI_MSG.fileUploaded("clip.mp4"))).toBeVisible();
    const video = media.getByLabel(/^Product video/);
    await expect(video).toHaveAttribute("controls", "");
    await expect(video.locator("xpath=..").getByText("Video", { exact: true })).toBeVisible();
    await shot(page, "edit-video-tile");
  });
});
