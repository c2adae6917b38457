import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { MSG } from "#contract/core/messages";
import { UI_MSG } from "#contract/core/messages-ui";
import type { ProductEntity, ProductListRow } from "#contract/products/products-api";
import { ADMIN, OWNER, OWNER2, STAFF, hydrated, signInByCookie, signInByPhoneCode } from "./support";

// spec 2 §2 Product list, §4 Lists, §9 (page sizes, debounce); ARCHITECTURE §5 (who sees products)

// a real 1×1 PNG, so the browser can draw it
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const SHOTS = process.env.SHOTS_DIR;

/** A product name no other run or test uses (letters first: the SKU prefix comes from them). */
const uniqueName = (stem: string) => `${stem} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const table = (page: Page) => page.getByRole("table", { name: "Products" });
const rows = (page: Page) => table(page).locator("tbody tr");
const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.getByText(name, { exact: true }) });
const toast = (page: Page) => page.getByTestId("toast");
const range = (page: Page) => page.getByTestId("list-range");
const nav = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
/** The names in the table, top to bottom (the first column is the row's bulk checkbox, the second its image). */
const shownNames = (page: Page) => rows(page).locator("td:nth-child(3)").allInnerTexts();

async function api<T>(
  request: APIRequestContext,
  method: "get" | "post" | "delete",
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request[method](`/api/${path}`, data === undefined ? {} : { data });
  const body = await res.json();
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${body.message}`).toBe(true);
  return body.data as T;
}

/** The signed-in owner's or staff member's shop id. */
async function ownShopId(page: Page) {
  const me = await api<{ shop: { _id: string } | null }>(page.request, "get", "auth/isLoggedIn");
  expect(me.shop).not.toBeNull();
  return me.shop!._id;
}

async function uploadImage(request: APIRequestContext, purpose: string, fileName = "product.png") {
  const res = await request.post("/api/upload/file", {
    headers: { "content-type": "image/png", "x-file-name": fileName, "x-purpose": purpose },
    data: PNG,
  });
  const body = await res.json();
  expect(res.ok(), body.message).toBe(true);
  return body.data.location as string;
}

/**
 * Creates a single product in the signed-in owner's shop through POST product/, with the taxonomy, brand and attributes
 * of the shop's seeded single product (Bondi Linen Shirt, or Kakadu Plum Serum in Glow Botanics; see the seed's
 * FIXED_PRODUCTS) and a freshly uploaded image of the owner's own.
 */
async function createProduct(page: Page, name: string, opts: { price?: number; stock?: number } = {}) {
  const [bondi] = await api<ProductListRow[]>(page.request, "get", "product?search=Bondi");
  const [kakadu] = bondi ? [bondi] : await api<ProductListRow[]>(page.request, "get", "product?search=Kakadu");
  const seeded = bondi ?? kakadu;
  expect(seeded, "a seeded single product in this shop").toBeTruthy();
  const model = await api<ProductEntity>(page.request, "get", `product/${seeded._id}`);
  const image = await uploadImage(page.request, "productMedia");
  return api<ProductEntity>(page.request, "post", "product", {
    name,
    description: "A product made by the product list tests.",
    tags: [],
    brand: model.brand._id,
    department: model.department._id,
    categories: model.categories._id,
    subcategory: model.subcategory._id,
    attr: model.attr,
    isVariationAvailable: false,
    images: [image],
    videos: [],
    price: opts.price ?? 12.5,
    stock: opts.stock ?? 7,
  });
}

/** Signs a person in within a browser context of their own (scripts on), for setting up data as them. */
async function asSomeoneElse(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await signInByCookie(page, account);
  return { page, close: () => context.close() };
}

/**
 * The owner adds a staff member of Harbour Threads with these access types (POST user/add-shopstaff), who then signs
 * in with a phone code from the demo outbox, in a browser context of their own.
 */
async function newStaffMember(
  browser: Browser,
  fName: string,
  access_module: { module: { name: string; access_types: string[] } }[],
) {
  const owner = await asSomeoneElse(browser, OWNER);
  // 41x is always a valid Australian mobile range (4 followed by any 8 digits is not)
  const mobile = `41${String(Date.now() % 10_000_000).padStart(7, "0")}`;
  const image = await uploadImage(owner.page.request, "staffImage", "face.png");
  const added = await api<{ _id: string }>(owner.page.request, "post", "user/add-shopstaff", {
    fName,
    email: `staff-${Date.now()}@example.test`,
    countryFlag: "au",
    countryCode: "+61",
    mobile,
    designation: "Helper",
    image,
    access_module,
  });
  await owner.close();

  const { context, page } = await signInByPhoneCode(browser, mobile);
  // the member leaves the shop when done, so later tests see the seeded team unchanged
  const close = async () => {
    await context.close();
    const owner = await asSomeoneElse(browser, OWNER);
    await api(owner.page.request, "post", "user/remove-shopstaff", { userId: added._id });
    await owner.close();
  };
  return { page, close };
}

test.describe("product list with JavaScript", () => {
  test("the owner sees their shop's products, not another shop's; the columns follow the spec", async ({
    page,
    browser,
  }) => {
    const other = await asSomeoneElse(browser, OWNER2);
    const theirs = await createProduct(other.page, uniqueName("Glowing Serum"));
    await other.close();

    await signInByCookie(page, OWNER);
    const shopId = await ownShopId(page);
    const mine = await createProduct(page, uniqueName("Harbour Jacket"), { price: 1234.5, stock: 3 });
    await nav(page).getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/app\/products$/);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
    // newest first (spec 2 §9): the product just made leads the list
    await expect(rows(page).first()).toContainText(mine.name);
    await shot(page, "products-list-js");

    const row = rowOf(page, mine.name);
    await expect(row).toContainText("$1,234.50");
    await expect(row.locator("td").nth(5)).toHaveText("3");
    // the department column: department, category and sub-category as tags
    const tags = row.getByRole("list", { name: `Departments of ${mine.name}` }).getByRole("listitem");
    await expect(tags).toHaveText([mine.department.name, mine.categories.name, mine.subcategory.name]);
    await expect(row.getByRole("img", { name: mine.name })).toHaveAttribute("src", /productMedia\/.*product\.png$/);
    await expect(row.getByRole("link", { name: `View ${mine.name}` })).toHaveAttribute(
      "href",
      `/app/product/edit/${shopId}?product=${mine._id}`,
    );
    await expect(page.getByRole("link", { name: "Add product" })).toHaveAttribute("href", `/app/product/add/${shopId}`);

    // another shop's product is neither listed nor found by a search
    await page.getByLabel("Search products").fill(theirs.name);
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByText("No products match your search")).toBeVisible();
    // and another shop's Products tab is 'Page not found'
    await page.goto(`/app/shop/${theirs.shopId}/products`);
    await expect(page.getByText(UI_MSG.pageNotFound)).toBeVisible();
  });

  test("search narrows the list and lives in the URL, by name and by SKU; a variation product shows its price range", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const stem = uniqueName("Search Tee");
    const a = await createProduct(page, `${stem} Alpha`);
    await createProduct(page, `${stem} Beta`);
    await page.goto("/app/products");
    await hydrated(page);
    await page.getByLabel("Search products").fill(stem.toUpperCase());
    await expect(page).toHaveURL(
      new RegExp(`search=${encodeURIComponent(stem.toUpperCase()).replace(/%20/g, "(\\+|%20)")}`),
    );
    await expect(rows(page)).toHaveCount(2);
    await expect(range(page)).toHaveText("Showing 1–2 of 2 products");
    await page.getByLabel("Search products").fill(`${stem} Alpha`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(a.name);
    // a reload keeps the search
    await page.reload();
    await expect(page.getByLabel("Search products")).toHaveValue(`${stem} Alpha`);
    await expect(rows(page)).toHaveCount(1);
    // the SKU finds it too, whatever its case
    await page.getByLabel("Search products").fill(a.sku!.toLowerCase());
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(a.name);
    await shot(page, "products-search-js");

    // seeded (FIXED_PRODUCTS): a SKU finds its product; a variation product's price is its min–max range (spec 2 §2)
    await page.getByLabel("Search products").fill("bon-101");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Bondi Linen Shirt");
    await expect(rows(page).first()).toContainText("$59.95");
    await page.getByLabel("Search products").fill("Manly");
    await expect(rows(page)).toHaveCount(1);
    await expect(rowOf(page, "Manly Cotton Tee")).toContainText("$29.95 - $32.95");
    await expect(rowOf(page, "Manly Cotton Tee").getByRole("listitem")).toHaveText([
      "Men's Fashion",
      "Clothing",
      "T-Shirts",
    ]);
    await page.getByLabel("Search products").fill("");
    await expect(page).not.toHaveURL(/search=/);
    await expect(range(page)).toHaveText(/^Showing 1–10 of \d+ products$/);
  });

  test("sorting toggles ascending and descending; page size and Previous/Next page through the list", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const stem = uniqueName("Sorting Cap");
    // six products of this test, so that a page of 5 has a second page
    for (const [i, price] of [30, 10, 50, 20, 60, 40].entries())
      await createProduct(page, `${stem} ${String.fromCharCode(70 - i)}`, { price, stock: i });
    await page.goto(`/app/products?search=${encodeURIComponent(stem)}`);
    await hydrated(page);
    await expect(rows(page)).toHaveCount(6);

    await table(page).getByRole("link", { name: /^Name/ }).click();
    await expect(page).toHaveURL(/sort=name&sortType=asc/);
    await expect.poll(() => shownNames(page)).toEqual(["A", "B", "C", "D", "E", "F"].map((l) => `${stem} ${l}`));
    await table(page).getByRole("link", { name: /^Name/ }).click();
    await expect(page).toHaveURL(/sort=name&sortType=desc/);
    await expect.poll(() => shownNames(page)).toEqual(["F", "E", "D", "C", "B", "A"].map((l) => `${stem} ${l}`));
    await table(page)
      .getByRole("link", { name: /^Price/ })
      .click();
    await expect(page).toHaveURL(/sort=price&sortType=asc/);
    await expect
      .poll(() => rows(page).locator("td:nth-child(5)").allInnerTexts())
      .toEqual(["$10.00", "$20.00", "$30.00", "$40.00", "$50.00", "$60.00"]);
    await table(page)
      .getByRole("link", { name: /^Stock/ })
      .click();
    await expect(page).toHaveURL(/sort=stock&sortType=asc/);
    await expect
      .poll(() => rows(page).locator("td:nth-child(6)").allInnerTexts())
      .toEqual(["0", "1", "2", "3", "4", "5"]);
    await table(page)
      .getByRole("columnheader", { name: /^Stock/ })
      .getByRole("link")
      .click();
    await expect(page).toHaveURL(/sort=stock&sortType=desc/);
    await expect(table(page).getByRole("columnheader", { name: /^Stock/ })).toHaveAttribute("aria-sort", "descending");

    // spec 2 §9: 5, 10, 25, 50, 100; changing the size goes back to page 1
    await expect(page.getByLabel("Rows per page").locator("option")).toHaveText(["5", "10", "25", "50", "100"]);
    await page.getByLabel("Rows per page").selectOption("5");
    await expect(page).toHaveURL(/limit=5/);
    await expect(rows(page)).toHaveCount(5);
    await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
    await expect(range(page)).toHaveText("Showing 1–5 of 6 products");
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`${stem} F`); // stock 0, last in descending stock order
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
    await expect(range(page)).toHaveText("Showing 6–6 of 6 products");
    await shot(page, "products-page-2-js");
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(rows(page)).toHaveCount(5);
    await expect(page).toHaveURL(/limit=5/);
  });

  test("delete asks first: Cancel keeps the product, Delete removes it with the API's message", async ({ page }) => {
    await signInByCookie(page, OWNER);
    const product = await createProduct(page, uniqueName("Doomed Scarf"));
    await page.goto(`/app/products?search=${encodeURIComponent(product.name)}`);
    await hydrated(page);
    await rowOf(page, product.name)
      .getByRole("link", { name: `Delete ${product.name}` })
      .click();
    await expect(page).toHaveURL(/confirm=delete&id=/);
    const dialog = page.getByRole("alertdialog", { name: "Delete product" });
    await expect(dialog).toContainText(MSG.deleteProductConfirm(product.name));
    await shot(page, "products-delete-confirm-js");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/confirm=/);
    await expect(rowOf(page, product.name)).toHaveCount(1);

    await rowOf(page, product.name)
      .getByRole("link", { name: `Delete ${product.name}` })
      .click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Product deleted successfully");
    await expect(page).not.toHaveURL(/confirm=/);
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByText("No products match your search")).toBeVisible();
    // soft delete: the product is gone from the API's list and detail too
    const res = await page.request.get(`/api/product/${product._id}`);
    expect(res.status()).toBe(404);
  });

  test("an admin opens a shop's Products tab; /app/products is 'Page not found' for an admin", async ({
    page,
    browser,
  }) => {
    const owner = await asSomeoneElse(browser, OWNER);
    const shopId = await ownShopId(owner.page);
    const product = await createProduct(owner.page, uniqueName("Admin Seen Boots"));
    await owner.close();

    await signInByCookie(page, ADMIN);
    await page.goto(`/app/shop/${shopId}`);
    await hydrated(page);
    await page.getByRole("navigation", { name: "Shop sections" }).getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/shop/${shopId}/products$`));
    await expect(
      page.getByRole("navigation", { name: "Shop sections" }).getByRole("link", { name: "Products" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Products", level: 2 })).toBeVisible();
    await expect(rowOf(page, product.name)).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Add product" })).toHaveAttribute("href", `/app/product/add/${shopId}`);
    await expect(rowOf(page, product.name).getByRole("link", { name: `View ${product.name}` })).toHaveAttribute(
      "href",
      `/app/product/edit/${shopId}?product=${product._id}`,
    );
    await shot(page, "shop-products-tab-admin-js");

    // the admin deletes from the tab and stays on it
    await rowOf(page, product.name)
      .getByRole("link", { name: `Delete ${product.name}` })
      .click();
    await page.getByRole("alertdialog", { name: "Delete product" }).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Product deleted successfully");
    await expect(page).toHaveURL(new RegExp(`/app/shop/${shopId}/products$`));
    await expect(rowOf(page, product.name)).toHaveCount(0);

    // spec 1 §2: products is a shop owner's route
    expect((await page.goto("/app/products"))?.status()).toBe(404);
    await expect(page.getByText("Page not found")).toBeVisible();
  });

  test("staff see Add product and Delete only with product add and edit; staff without product rights get no entry and no page", async ({
    page,
    browser,
  }) => {
    // three staff members, two of them added for the test: a long walk on a busy machine
    test.slow();
    await signInByCookie(page, STAFF);
    const shopId = await ownShopId(page);
    await expect(nav(page).getByRole("link", { name: "Products" })).toBeVisible();
    await page.goto("/app/products");
    await expect(page.getByRole("link", { name: "Add product" })).toBeVisible();
    await expect(
      rows(page)
        .first()
        .getByRole("link", { name: /^Delete / }),
    ).toBeVisible();
    await page.goto(`/app/shop/${shopId}/products`);
    await expect(page.getByRole("heading", { name: "Products", level: 2 })).toBeVisible();

    // a member with only the discount right reads the list and opens products, but neither adds nor deletes
    const discounter = await newStaffMember(browser, "Discounts Only", [
      { module: { name: "product", access_types: ["discount"] } },
    ]);
    await expect(nav(discounter.page).getByRole("link", { name: "Products" })).toBeVisible();
    await discounter.page.goto("/app/products");
    await expect(
      rows(discounter.page)
        .first()
        .getByRole("link", { name: /^View / }),
    ).toBeVisible();
    await expect(discounter.page.getByRole("link", { name: "Add product" })).toHaveCount(0);
    await expect(discounter.page.getByRole("link", { name: /^Delete / })).toHaveCount(0);
    // a hand-made confirmation URL opens no dialog for them
    const someone = await rows(discounter.page)
      .first()
      .getByRole("link", { name: /^View / })
      .getAttribute("href");
    await discounter.page.goto(
      `/app/products?confirm=delete&id=${new URL(someone!, "http://x").searchParams.get("product")}`,
    );
    await expect(discounter.page.getByRole("alertdialog")).toHaveCount(0);
    // without product:add the add page is refused; the edit page is read-only but offers the discount
    await discounter.page.goto(`/app/product/add/${shopId}`);
    await expect(discounter.page.getByText(UI_MSG.pageNotFound)).toBeVisible();
    await discounter.page.goto("/app/products?search=Bondi");
    await rows(discounter.page)
      .first()
      .getByRole("link", { name: /^View / })
      .click();
    await expect(
      discounter.page.getByText(
        "You can view this product and change its discounts; editing it needs the product edit access.",
      ),
    ).toBeVisible();
    await expect(discounter.page.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
    await expect(discounter.page.getByRole("button", { name: "Add discount" })).toBeEnabled();
    await shot(discounter.page, "products-staff-discount-only");
    await discounter.close();

    // a member with only order rights has no Products entry, and both product pages are 'Page not found'
    const packer = await newStaffMember(browser, "Orders Only", [
      { module: { name: "order", access_types: ["status-edit"] } },
    ]);
    const member = packer.page;
    await expect(nav(member).getByRole("link", { name: "Orders" })).toBeVisible();
    await expect(nav(member).getByRole("link", { name: "Products" })).toHaveCount(0);
    await member.goto("/app/products");
    await expect(member.getByText(UI_MSG.pageNotFound)).toBeVisible();
    await member.goto(`/app/shop/${shopId}/products`);
    await expect(member.getByText(UI_MSG.pageNotFound)).toBeVisible();
    await member.goto(`/app/product/add/${shopId}`);
    await expect(member.getByText(UI_MSG.pageNotFound)).toBeVisible();
    // their shop page offers no Products tab either
    await member.goto(`/app/shop/${shopId}`);
    const tabs = member.getByRole("navigation", { name: "Shop sections" });
    await expect(tabs.getByRole("link", { name: "Shop Info" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Products" })).toHaveCount(0);
    await shot(member, "products-staff-refused");
    await packer.close();
  });
});

test.describe("product list without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search, sort, page size, paging and a confirmed delete, all by links and forms", async ({ page, browser }) => {
    const owner = await asSomeoneElse(browser, OWNER);
    const stem = uniqueName("Plain Html Sock");
    const made: ProductEntity[] = [];
    for (const [i, price] of [15, 5, 25, 35, 45, 55].entries())
      made.push(await createProduct(owner.page, `${stem} ${String.fromCharCode(65 + i)}`, { price }));
    await owner.close();

    await signInByCookie(page, OWNER);
    await page.goto("/app/products");
    await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
    await page.getByLabel("Search products").fill(stem);
    await page
      .getByRole("search")
      .filter({ has: page.getByLabel("Search products") })
      .getByRole("button", { name: "Search" })
      .click();
    await expect(page).toHaveURL(/search=/);
    await expect(rows(page)).toHaveCount(6);
    await shot(page, "products-search-nojs");

    await table(page)
      .getByRole("link", { name: /^Price/ })
      .click();
    await expect(page).toHaveURL(/sort=price&sortType=asc/);
    await expect(rows(page).first()).toContainText(`${stem} B`);
    await table(page)
      .getByRole("link", { name: /^Price/ })
      .click();
    await expect(page).toHaveURL(/sort=price&sortType=desc/);
    await expect(rows(page).first()).toContainText(`${stem} F`);

    await page.getByLabel("Rows per page").selectOption("5");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/limit=5/);
    await expect(rows(page)).toHaveCount(5);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`${stem} B`);

    // delete on page 2: the dialog is the URL's; Cancel keeps it, Delete removes it and comes back to the same list
    const doomed = made[1];
    await rowOf(page, doomed.name)
      .getByRole("link", { name: `Delete ${doomed.name}` })
      .click();
    const dialog = page.getByRole("alertdialog", { name: "Delete product" });
    await expect(dialog).toContainText(MSG.deleteProductConfirm(doomed.name));
    await shot(page, "products-delete-confirm-nojs");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rowOf(page, doomed.name)).toHaveCount(1);
    await rowOf(page, doomed.name)
      .getByRole("link", { name: `Delete ${doomed.name}` })
      .click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Product deleted successfully");
    // it was page 2's only product: back on page 1, with the search, sort and page size kept
    await expect(page).not.toHaveURL(/page=|confirm=|id=/);
    const kept = new URL(page.url()).searchParams;
    expect([kept.get("search"), kept.get("sort"), kept.get("sortType"), kept.get("limit")]).toEqual([
      stem,
      "price",
      "desc",
      "5",
    ]);
    await expect(rows(page)).toHaveCount(5);
    await expect(rowOf(page, doomed.name)).toHaveCount(0);
    await expect(range(page)).toHaveText("Showing 1–5 of 5 products");
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  });

  test("an admin opens a shop's Products tab without JavaScript", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await page.goto("/app/shop-list");
    await page.getByRole("link", { name: "View Harbour Threads" }).click();
    await page.getByRole("navigation", { name: "Shop sections" }).getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/app\/shop\/[0-9a-f]{24}\/products$/);
    await expect(page.getByRole("heading", { name: "Products", level: 2 })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    await shot(page, "shop-products-tab-admin-nojs");
  });
});

// the range under the list is written for its count, in every list (the shared Pagination)
for (const js of [true, false]) {
  test.describe(`the product list's range wording ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });

    test("no match says so once, in the table; one match is singular, a page past the end says how many there are", async ({
      page,
    }) => {
      await signInByCookie(page, OWNER);
      const stem = uniqueName("Wording Tee");
      await page.goto(`/app/products?search=${encodeURIComponent(stem)}`);
      await expect(range(page)).toHaveText("");
      await expect(table(page)).toContainText("No products match your search");
      await createProduct(page, `${stem} Solo`);
      await page.goto(`/app/products?search=${encodeURIComponent(stem)}`);
      await expect(rows(page)).toHaveCount(1);
      await expect(range(page)).toHaveText("Showing 1 of 1 product");
      await page.goto(`/app/products?search=${encodeURIComponent(stem)}&page=3`);
      await expect(range(page)).toHaveText("No products on this page, 1 in all");
      await expect(table(page).getByRole("link", { name: "Go to the first page" })).toBeVisible();
    });
  });
}
