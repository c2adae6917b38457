import { expect, test, type Page, type Request } from "@playwright/test";
import { PRODUCT_SAVE_DELAY_MS } from "../../contract/products/products";
import { ADMIN, OWNER, OWNER2, STAFF, holdRefresh, hydrated, returnToList, signInByCookie } from "./support";

// spec 2 §2 Add New Product, §4 Product form, §5 Product (add), §8 'Created {name} to product list'

// these flows upload several files and post the long form a few times: give them room on a busy machine
test.describe.configure({ timeout: 90_000 });

// a real 1×1 PNG, so the browser can draw it
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const png = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });
/** A product name no other run or test uses (letters first: the SKU prefix comes from them). */
const uniqueName = (stem: string) => `${stem} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const toast = (page: Page) => page.getByTestId("toast");
const mediaInput = (page: Page) => page.locator('input[type="file"][name="mediaFile"]');

/** The signed-in owner's or staff member's shop id (they land on their shop, ADR 0003). */
async function ownShopId(page: Page) {
  await page.goto("/");
  await expect(page).toHaveURL(/\/app\/shop\/[^/]+/);
  return new URL(page.url()).pathname.split("/")[3];
}

/** Chooses department → category → sub-category; with JavaScript the lists load, without it "Show …" posts the form. */
async function chooseLeaf(page: Page, path: [string, string, string], js: boolean) {
  await page.getByLabel("Department").selectOption({ label: path[0] });
  if (!js) await page.getByRole("button", { name: "Show categories" }).click();
  await expect(page.getByLabel("Categories").locator("option", { hasText: path[1] })).toHaveCount(1);
  await page.getByLabel("Categories").selectOption({ label: path[1] });
  if (!js) await page.getByRole("button", { name: "Show sub-categories" }).click();
  await expect(page.getByLabel("Sub Category").locator("option", { hasText: path[2] })).toHaveCount(1);
  await page.getByLabel("Sub Category").selectOption({ label: path[2] });
  if (!js) await page.getByRole("button", { name: "Show attributes" }).click();
  await expect(page.getByTestId("attribute-fields")).toBeVisible();
}

/** Fills every attribute the leaf supplies with its first option (or a text), once the page shows all of them. */
async function fillAttributes(page: Page) {
  const box = page.getByTestId("attribute-fields");
  const count = Number(await box.getAttribute("data-count"));
  expect(count).toBeGreaterThan(0);
  const fields = box.locator("[data-attribute]");
  // without JavaScript the page streams in: wait until every attribute the leaf has is on it
  await expect(fields).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    const field = fields.nth(i);
    const select = field.locator("select");
    if (await select.count()) {
      const value = await select.locator("option").nth(1).getAttribute("value");
      await select.selectOption(value!);
      continue;
    }
    const choice = field.locator("input[type=radio], input[type=checkbox]");
    if (await choice.count()) {
      await choice.first().check();
      continue;
    }
    await field.locator("input[type=text], textarea").fill("12");
  }
}

/** One submit of a form with a short name, a chosen leaf and nothing else: every rule's message, each once. */
async function expectEveryRule(page: Page) {
  await expect(page.getByText("Please enter all required field")).toHaveCount(1);
  for (const message of [
    "Product Name Is Too Short",
    "Please Enter Description",
    "Please Select Brand",
    "Please Enter Price",
    "Please Enter Quantity",
    "Image is Required! Please upload atleast one image",
    "Please Select Material",
    "Please Select Fit",
    "Please Enter Care Instructions",
  ]) {
    await expect(page.getByText(message, { exact: true })).toHaveCount(1);
  }
}

test.describe("Add New Product with JavaScript", () => {
  test("a single product end to end: uploads, SKU from the name, toast, back to the products list", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const shopId = await ownShopId(page);
    await page.goto(`/app/product/add/${shopId}`);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Add New Product", level: 1 })).toBeVisible();
    await shot(page, "product-add-empty-js");

    const name = uniqueName("Tasman Wool Beanie");
    await page.getByLabel("Product Name").fill(name);
    await expect(page.getByLabel("SKU")).toHaveValue(/^TAS-\d{3}$/);
    const sku = await page.getByLabel("SKU").inputValue();
    await page.getByLabel("Description").fill("A warm merino beanie for cold mornings.");
    await page.getByLabel("Tags").fill("winter, merino");
    await chooseLeaf(page, ["Men's Fashion", "Clothing", "T-Shirts"], true);
    await fillAttributes(page);
    await page.getByLabel("Brand", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Price ($)").fill("24.95");
    await page.getByLabel("Stock").fill("12");
    await mediaInput(page).setInputFiles([png("beanie front.png"), png("beanie back.png")]);
    await expect(page.getByTestId("media-tiles").locator("img")).toHaveCount(2);
    await shot(page, "product-add-filled-js");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page)).toContainText(`Created ${name} to product list`);
    await expect(page).toHaveURL(/\/app\/products$/);
    await page.goto(`/app/products?search=${encodeURIComponent(name)}`);
    await expect(page.getByText(name)).toBeVisible();
    expect(sku).toMatch(/^TAS-/);
  });

  test("every required field's message, and 'Please enter all required field '", async ({ page }) => {
    await signInByCookie(page, OWNER);
    const shopId = await ownShopId(page);
    await page.goto(`/app/product/add/${shopId}`);
    await hydrated(page);
    await page.getByLabel("Product Name").fill("Abc");
    await page.getByLabel("Description").fill("short");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Please enter all required field")).toBeVisible();
    for (const message of [
      "Product Name Is Too Short",
      "Description Is Too Short",
      "Please Select Department",
      "Please Select Category",
      "Please Select Sub Category",
      "Please Select Brand",
      "Please Enter Price",
      "Please Enter Quantity",
      "Image is Required! Please upload atleast one image",
    ]) {
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    }
    // what was typed is kept
    await expect(page.getByLabel("Product Name")).toHaveValue("Abc");
    await expect(page.getByLabel("Description")).toHaveValue("short");
    await shot(page, "product-add-required-js");
  });

  test("the leaf's attributes are required: the API's messages show on each attribute, nothing typed is lost", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const shopId = await ownShopId(page);
    await page.goto(`/app/product/add/${shopId}`);
    await hydrated(page);
    const name = uniqueName("Lorne Surf Tee");
    await page.getByLabel("Product Name").fill(name);
    await page.getByLabel("Description").fill("A quick-dry tee for the beach.");
    await chooseLeaf(page, ["Men's Fashion", "Clothing", "T-Shirts"], true);
    await page.getByLabel("Brand", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Price ($)").fill("19");
    await page.getByLabel("Stock").fill("3");
    await mediaInput(page).setInputFiles(png("tee.png"));
    await expect(page.getByTestId("media-tiles").locator("img")).toHaveCount(1);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const attrs = page.getByTestId("attribute-fields");
    await expect(attrs.locator('[data-attribute="Material"]')).toContainText("Please Select Material");
    await expect(attrs.locator('[data-attribute="Fit"]')).toContainText("Please Select Fit");
    await expect(attrs.locator('[data-attribute="Care Instructions"]')).toContainText("Please Enter Care Instructions");
    await expect(page.getByLabel("Product Name")).toHaveValue(name);
    await expect(page.getByLabel("Price ($)")).toHaveValue("19");
    await expect(page.getByTestId("media-tiles").locator("img")).toHaveCount(1);
    await expect(page.getByLabel("Sub Category").locator("option:checked")).toHaveText("T-Shirts");
    // filled in, the same form saves
    await fillAttributes(page);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page)).toContainText(`Created ${name} to product list`);
  });

  test("every rule on the first submit: the leaf's attributes with the other fields, 'Please enter all required field ' once", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const shopId = await ownShopId(page);
    await page.goto(`/app/product/add/${shopId}`);
    await hydrated(page);
    await page.getByLabel("Product Name").fill("Abc");
    await chooseLeaf(page, ["Men's Fashion", "Clothing", "T-Shirts"], true);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectEveryRule(page);
    // a corrected field's message goes before the next submit
    await page.getByLabel("Product Name").fill("Abcdef");
    await expect(page.getByText("Product Name Is Too Short", { exact: true })).toHaveCount(0);
    await page
      .getByTestId("attribute-fields")
      .locator('[data-attribute="Care Instructions"]')
      .locator("input[type=text], textarea")
      .fill("Hand wash");
    await expect(page.getByText("Please Enter Care Instructions", { exact: true })).toHaveCount(0);
    await expect(page.getByText("Please Select Material", { exact: true })).toHaveCount(1);
  });

  test("a client-side move to another shop's Add page starts with an empty form and no message", async ({ page }) => {
    await signInByCookie(page, OWNER);
    const first = await ownShopId(page);
    await page.context().clearCookies();
    await signInByCookie(page, OWNER2);
    const second = await ownShopId(page);
    await page.context().clearCookies();
    await signInByCookie(page, ADMIN);
    await page.goto(`/app/product/add/${first}`);
    await hydrated(page);
    await page.getByLabel("Product Name").fill("Abc");
    await page.getByLabel("Description").fill("Typed for the first shop.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Product Name Is Too Short", { exact: true })).toHaveCount(1);
    await page.evaluate(
      (url) =>
        (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate(
          url,
        ),
      `/app/product/add/${second}`,
    );
    await expect(page).toHaveURL(new RegExp(`/app/product/add/${second}$`));
    await expect(page.getByLabel("Product Name")).toHaveValue("");
    await expect(page.getByLabel("Description")).toHaveValue("");
    await expect(page.getByText("Product Name Is Too Short", { exact: true })).toHaveCount(0);
    await expect(page.getByText("Please enter all required field")).toHaveCount(0);
  });

  test("choosing more than 11 files: 'Maximum Upload 10 Image and 1 Video' and the list is cleared; a wrong type refused", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const shopId = await ownShopId(page);
    await page.goto(`/app/product/add/${shopId}`);
    await hydrated(page);
    await mediaInput(page).setInputFiles(Array.from({ length: 12 }, (_, i) => png(`photo ${i}.png`)));
    await expect(page.getByText("Maximum Upload 10 Image and 1 Video")).toBeVisible();
    await expect(page.getByTestId("media-tiles")).toHaveCount(0);
    expect(await mediaInput(page).evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
    await mediaInput(page).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByText("Please upload Image or Video file only")).toBeVisible();
  });

  test("has-variations needs a name first; a Color × Size product with row images and a size chart, end to end (admin)", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const shopId = await ownShopId(page);
    await page.context().clearCookies();
    await signInByCookie(page, ADMIN);
    await page.goto(`/app/product/add/${shopId}`);
    await hydrated(page);
    // the click is refused: the box stays clear
    await page.getByLabel("Has variations").click();
    await expect(page.getByText("Please Enter Product Name before adding variations")).toBeVisible();
    await expect(page.getByLabel("Has variations")).not.toBeChecked();

    const name = uniqueName("Kiama Linen Tee");
    await page.getByLabel("Product Name").fill(name);
    await page.getByLabel("Description").fill("A breathable linen tee in two colours.");
    await page.getByLabel("Has variations").check();
    await chooseLeaf(page, ["Men's Fashion", "Clothing", "T-Shirts"], true);
    await fillAttributes(page);
    await page.getByLabel("Brand", { exact: true }).selectOption({ index: 1 });
    const builder = page.getByTestId("variation-builder");
    await builder.getByLabel("Color", { exact: true }).check();
    await builder.getByLabel("Size", { exact: true }).check();
    await builder.locator('input[name="dimensionValues.Color"][value="Black"]').check();
    await builder.locator('input[name="dimensionValues.Color"][value="White"]').check();
    await builder.locator('input[name="dimensionValues.Size"][value="S"]').check();
    await builder.locator('input[name="dimensionValues.Size"][value="M"]').check();
    await builder.getByRole("button", { name: "Make rows" }).click();
    const rows = builder.locator("tbody tr");
    await expect(rows).toHaveCount(4);
    await expect(rows.first()).toHaveAttribute("data-variant", "Black_S");
    // a row removed, and the checks of "Save variations"
    await rows.last().getByRole("button", { name: "Remove" }).click();
    await expect(rows).toHaveCount(3);
    await builder.getByRole("button", { name: "Save variations" }).click();
    await expect(builder.getByText("Please Enter Price").first()).toBeVisible();
    await expect(builder.getByText("Please Add Image").first()).toBeVisible();
    // a row's message goes once its value is corrected: 'Please Enter Price' under a valid 50, 'Please Add Image' under an uploaded image
    await builder
      .getByLabel(/^Price of/)
      .first()
      .fill("50");
    await expect(rows.first().getByText("Please Enter Price", { exact: true })).toHaveCount(0);
    await expect(rows.nth(1).getByText("Please Enter Price", { exact: true })).toHaveCount(1);
    await rows.first().locator('input[type="file"]').setInputFiles(png("row first.png"));
    await expect(rows.first().locator("img")).toHaveCount(1);
    await expect(rows.first().getByText("Please Add Image", { exact: true })).toHaveCount(0);
    await expect(rows.nth(1).getByText("Please Add Image", { exact: true })).toHaveCount(1);
    for (let i = 0; i < 3; i++) {
      await builder
        .getByLabel(/^Stock of/)
        .nth(i)
        .fill(String(5 + i));
      await builder
        .getByLabel(/^Price of/)
        .nth(i)
        .fill(String(30 + i));
      // the first row has its image already
      if (i === 0) continue;
      await rows
        .nth(i)
        .locator('input[type="file"]')
        .setInputFiles(png(`row ${i}.png`));
      await expect(rows.nth(i).locator("img")).toHaveCount(1);
    }
    await builder.getByRole("button", { name: "Save variations" }).click();
    await expect(builder.getByText("Variations saved")).toBeVisible();
    // a change after saving: Save refuses until the table is saved again
    await builder
      .getByLabel(/^Stock of/)
      .first()
      .fill("9");
    await mediaInput(page).setInputFiles(png("tee.png"));
    await expect(page.getByTestId("media-tiles").locator("img")).toHaveCount(1);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Please Click to Save Changes on Variations")).toBeVisible();
    await builder.getByRole("button", { name: "Save variations" }).click();
    // the size chart is required
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Please Upload Size Chart")).toBeVisible();
    await page.locator('input[type="file"][name="sizeChartImageFile"]').setInputFiles(png("size chart.png"));
    await expect(page.getByRole("img", { name: "Size chart" })).toBeVisible();
    await shot(page, "product-add-variations-js");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page)).toContainText(`Created ${name} to product list`);
    await expect(page).toHaveURL(new RegExp(`/app/shop/${shopId}/products$`));
  });

  test("the brand select filters as you type; a missing brand is added inline and chosen", async ({ page }) => {
    await signInByCookie(page, OWNER);
    const shopId = await ownShopId(page);
    await page.goto(`/app/product/add/${shopId}`);
    await hydrated(page);
    const brand = page.getByLabel("Brand", { exact: true });
    const total = await brand.locator("option").count();
    expect(total).toBeGreaterThan(5);
    await page.getByLabel("Search brand").fill("arlo");
    await expect.poll(() => brand.locator("option").count()).toBeLessThan(total);
    await expect(brand.locator("option", { hasText: "Arlo & Mae" })).toHaveCount(1);
    await page.getByLabel("Search brand").fill("");
    const name = uniqueName("Wattle Co");
    await page.getByText("Add brand", { exact: true }).first().click();
    await page.getByLabel("Brand name").fill(name);
    await page.locator('input[type="file"][name="newBrandImageFile"]').setInputFiles(png("wattle.png"));
    await expect(page.getByText("wattle.png file uploaded successfully")).toBeVisible();
    await page.getByRole("button", { name: "Add brand" }).click();
    await expect(brand.locator("option:checked")).toHaveText(name);
  });

  test("the save is posted 1.5 s after the check passes, 'Saving…' meanwhile; staff then return to the shop's Products tab", async ({
    page,
  }) => {
    // the page's clock is held once the form is filled: the delay is the page's own timer, whatever the machine's speed
    await page.clock.install();
    await signInByCookie(page, STAFF);
    const shopId = await ownShopId(page);
    await page.goto(`/app/product/add/${shopId}`);
    await hydrated(page);
    const name = uniqueName("Coogee Linen Shirt");
    await page.getByLabel("Product Name").fill(name);
    await page.getByLabel("Description").fill("A light linen shirt for warm evenings.");
    await chooseLeaf(page, ["Men's Fashion", "Clothing", "T-Shirts"], true);
    await fillAttributes(page);
    await page.getByLabel("Brand", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Price ($)").fill("39");
    await page.getByLabel("Stock").fill("5");
    await mediaInput(page).setInputFiles([png("linen.png")]);
    await expect(page.getByTestId("media-tiles").locator("img")).toHaveCount(1);
    await page.clock.pauseAt(Date.now() + 60_000);

    // the form's posts (Remix's single fetch: to {page}.data): the check first, the save second (a multipart body with
    // files does not show its parts here)
    const posts: Request[] = [];
    const isPost = (request: Request) =>
      request.method() === "POST" && new URL(request.url()).pathname === `/app/product/add/${shopId}.data`;
    page.on("request", (request) => {
      if (isPost(request)) posts.push(request);
    });
    const checked = page.waitForResponse((response) => isPost(response.request()));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    // spec 2 §4: validation passes first, and the save waits for the page's clock
    expect((await checked).status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "Saving…" })).toBeVisible();
    await expect(toast(page)).toHaveCount(0);
    expect(posts).toHaveLength(1);
    const saved = page.waitForRequest(isPost);
    await page.clock.runFor(PRODUCT_SAVE_DELAY_MS);
    await saved;
    await expect(toast(page)).toContainText(`Created ${name} to product list`);
    expect(posts).toHaveLength(2);
    // spec 2 §2: users other than the shopkeeper return to {app}/shop/{id}/products
    await page.clock.runFor(1000);
    await expect(page).toHaveURL(new RegExp(`/app/shop/${shopId}/products$`));
  });

  test("Discard goes back to the list as it was left: its page, size, sort and search", async ({ page }) => {
    await signInByCookie(page, OWNER);
    const list = "/app/products?search=e&sort=name&sortType=asc&limit=5&page=2";
    await page.goto(list);
    await hydrated(page);
    await page.getByRole("link", { name: "Add product" }).click();
    await expect(page.getByRole("heading", { name: "Add New Product", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Discard" }).click();
    await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
    const back = new URL(page.url());
    expect(back.pathname).toBe("/app/products");
    expect(Object.fromEntries(back.searchParams)).toEqual(Object.fromEntries(new URL(list, page.url()).searchParams));
  });

  test("staff with product:add open their own shop's page; another shop's id is 'Page not found'", async ({ page }) => {
    await signInByCookie(page, STAFF);
    const shopId = await ownShopId(page);
    await page.goto(`/app/product/add/${shopId}`);
    await expect(page.getByRole("heading", { name: "Add New Product", level: 1 })).toBeVisible();
    const response = await page.goto(`/app/product/add/not-a-shop-${shopId}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Page not found")).toBeVisible();
  });
});

test.describe("Add New Product without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a single product end to end with an image posted with the form", async ({ page }) => {
    await signInByCookie(page, OWNER);
    await holdRefresh(page);
    const shopId = await ownShopId(page);
    await page.goto(`/app/product/add/${shopId}`);
    const name = uniqueName("Byron Hemp Tote");
    await page.getByLabel("Product Name").fill(name);
    await page.getByLabel("Description").fill("A sturdy hemp tote for market days.");
    await chooseLeaf(page, ["Men's Fashion", "Clothing", "T-Shirts"], false);
    // typed values survive the no-JS steps
    await expect(page.getByLabel("Product Name")).toHaveValue(name);
    await fillAttributes(page);
    // the inline brand, posted with the form: it comes back chosen, everything typed kept
    const brandName = uniqueName("Saltwater Goods");
    await page.getByText("Add brand", { exact: true }).first().click();
    await page.getByLabel("Brand name").fill(brandName);
    await page.locator('input[type="file"][name="newBrandImageFile"]').setInputFiles(png("saltwater.png"));
    await page.getByRole("button", { name: "Add brand" }).click();
    await expect(page.getByLabel("Brand", { exact: true }).locator("option:checked")).toHaveText(brandName);
    await expect(page.getByLabel("Description")).toHaveValue("A sturdy hemp tote for market days.");
    await page.getByLabel("Price ($)").fill("35");
    await page.getByLabel("Stock").fill("7");
    await mediaInput(page).setInputFiles([png("tote.png")]);
    await shot(page, "product-add-filled-nojs");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page)).toContainText(`Created ${name} to product list`);
    await returnToList(page, /^\/app\/products$/);
    await page.goto(`/app/products?search=${encodeURIComponent(name)}`);
    await expect(page.getByText(name)).toBeVisible();
  });

  test("every rule on the first submit: the leaf's attributes with the other fields, each message once", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const shopId = await ownShopId(page);
    await page.goto(`/app/product/add/${shopId}`);
    await page.getByLabel("Product Name").fill("Abc");
    await chooseLeaf(page, ["Men's Fashion", "Clothing", "T-Shirts"], false);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectEveryRule(page);
    await expect(page.getByLabel("Product Name")).toHaveValue("Abc");
  });

  test("a refused save keeps the uploaded image; the variation table as a multi-row form", async ({ page }) => {
    await signInByCookie(page, OWNER);
    await holdRefresh(page);
    const shopId = await ownShopId(page);
    await page.goto(`/app/product/add/${shopId}`);
    const name = uniqueName("Noosa Cotton Tee");
    await page.getByLabel("Product Name").fill(name);
    await page.getByLabel("Description").fill("Soft cotton tee for warm days.");
    await mediaInput(page).setInputFiles([png("tee.png")]);
    await page.getByLabel("Has variations").check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("media-tiles").locator("img")).toHaveCount(1);
    await chooseLeaf(page, ["Men's Fashion", "Clothing", "T-Shirts"], false);
    await fillAttributes(page);
    await page.getByLabel("Brand", { exact: true }).selectOption({ index: 1 });
    const builder = page.getByTestId("variation-builder");
    await builder.getByLabel("Color", { exact: true }).check();
    await builder.getByLabel("Size", { exact: true }).check();
    await builder.locator('input[name="dimensionValues.Color"][value="Black"]').check();
    await builder.locator('input[name="dimensionValues.Size"][value="S"]').check();
    await builder.locator('input[name="dimensionValues.Size"][value="M"]').check();
    await builder.getByRole("button", { name: "Make rows" }).click();
    const rows = builder.locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(page.getByLabel("Product Name")).toHaveValue(name);
    for (let i = 0; i < 2; i++) {
      await builder
        .getByLabel(/^Stock of/)
        .nth(i)
        .fill("4");
      await builder
        .getByLabel(/^Price of/)
        .nth(i)
        .fill("28.5");
      await rows
        .nth(i)
        .locator('input[type="file"]')
        .setInputFiles(png(`row ${i}.png`));
    }
    // no size chart yet: refused, everything kept (the row images uploaded and kept as locations)
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Please Upload Size Chart")).toBeVisible();
    await expect(page.getByText("Please enter all required field")).toBeVisible();
    await expect(rows.nth(0).locator("img")).toHaveCount(1);
    await expect(rows.nth(1).locator("img")).toHaveCount(1);
    await page.locator('input[type="file"][name="sizeChartImageFile"]').setInputFiles(png("chart.png"));
    await shot(page, "product-add-variations-nojs");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page)).toContainText(`Created ${name} to product list`);
  });
});
