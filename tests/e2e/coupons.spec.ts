import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, OWNER, STAFF, holdRefresh, hydrated, returnToList, signInByCookie } from "./support";

// spec 2 §2 Coupons list, §4 Coupon display status, §5 Coupon (browser tests)

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const uniqueCode = (stem: string) =>
  `${stem}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
const table = (page: Page) => page.getByRole("table", { name: "Coupons" });
const rowOf = (page: Page, code: string) => table(page).locator("tbody tr").filter({ hasText: code });
const toast = (page: Page) => page.getByTestId("toast");

interface Product {
  _id: string;
  name: string;
  price: number;
  stock: number;
  isVariationAvailable: boolean;
  isDiscount: boolean;
  department: { _id: string; name: string };
  categories: { _id: string; name: string };
  subcategory: { _id: string; name: string };
}

/** A single product of the signed-in owner's shop with stock: the coupon is made for its sub-category. */
async function ownProduct(request: APIRequestContext): Promise<Product> {
  const res = await request.get("/api/product", { params: { limit: 100, sort: "stock", sortType: "desc" } });
  expect(res.status()).toBe(200);
  const found = ((await res.json()).data as Product[]).find(
    (p) => !p.isVariationAvailable && !p.isDiscount && p.stock > 2 && p.price >= 2,
  );
  expect(found, "a single product with stock in the owner's shop").toBeTruthy();
  return found!;
}

/** Places an order with `code` through the customer API (the mobile app's door): phone sign-in, then POST order. */
async function placeOrderWith(request: APIRequestContext, admin: APIRequestContext, product: Product, code: string) {
  const customers = await admin.get("/api/user/list", {
    params: { role: "endUser", limit: 1, sort: "createdAt", sortType: "asc" },
  });
  const customer = (await customers.json()).data[0] as { mobile: string; countryCode: string; fName: string };
  const phone = { countryFlag: "AU", mobile: customer.mobile };
  expect((await request.post("/api/auth/send-otp/customer", { data: phone })).status()).toBe(200);
  const outbox = await admin.get("/api/sms/outbox", { params: { search: customer.mobile, limit: 1 } });
  const otp = String((await outbox.json()).data[0].body).match(/\b(\d{6})\b/)![1];
  const verified = await request.post("/api/auth/verify-otp/customer", { data: { ...phone, otp } });
  expect(verified.status()).toBe(200);
  const token = (await verified.json()).data.token as string;
  const placed = await request.post("/api/order", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      orderType: "online",
      address: { address: "1 George St", city: "Sydney" },
      couponCode: code,
      lines: [{ productId: product._id, quantity: 1 }],
    },
  });
  expect(placed.status(), await placed.text()).toBeLessThan(300);
  return { order: (await placed.json()).data as { _id: string; orderId: number; couponDiscount: number }, customer };
}

/** Fills the Add/Edit Coupon form's own fields (not the category chain). */
async function fillCoupon(
  page: Page,
  v: { name: string; code: string; min: string; quantity: string; start: string; end: string; discount: string },
) {
  await page.getByLabel("Coupon Name").fill(v.name);
  await page.getByLabel("Coupon Code").fill(v.code);
  await page.getByLabel("Minimum Order Price ($)").fill(v.min);
  await page.getByLabel("Quantity").fill(v.quantity);
  await page.getByLabel("Start Date").fill(v.start);
  await page.getByLabel("End Date").fill(v.end);
  await page.getByLabel("Discount Type").selectOption("flat");
  await page.getByLabel("Discount", { exact: true }).fill(v.discount);
  await page.getByLabel("Coupon Type").selectOption("multi");
}

test.describe("coupons with JavaScript", () => {
  test.use({ locale: "en-US" });

  test("an owner creates a coupon, sees it Published, unpublishes it, and sees the order that used it in the panel", async ({
    page,
    playwright,
    baseURL,
  }) => {
    await signInByCookie(page, OWNER);
    const product = await ownProduct(page.request);
    await page.goto("/app/coupons");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Coupons", level: 1 })).toBeVisible();
    await expect(page.getByRole("group", { name: "Coupon statistics" })).toContainText("Active Coupons");
    await page.getByRole("link", { name: "Add Coupon" }).click();
    await expect(page).toHaveURL(/\/app\/add-coupon$/);
    await hydrated(page);

    // every rule on the first submit
    await page.getByRole("button", { name: "Add Coupon" }).click();
    await expect(page.getByText("Please Enter Coupon Name")).toBeVisible();
    await expect(page.getByText("Please Upload Coupon Image")).toBeVisible();
    await expect(page.getByText("Please Select Department")).toBeVisible();

    const code = uniqueCode("e2e_");
    // spec 2 §1: dates are typed DD/MM/YYYY, even in an en-US browser (this describe's locale)
    await expect(page.getByLabel("Start Date")).toHaveAttribute("placeholder", "DD/MM/YYYY");
    await fillCoupon(page, {
      name: "Spring Sale",
      code: code.toLowerCase(),
      min: "1",
      quantity: "5",
      start: "01/01/2026",
      end: "31/12/2099",
      discount: "1",
    });
    // the cascade: each choice loads the next level
    await page.getByLabel("Department").selectOption(product.department._id);
    await expect(page.getByLabel("Category", { exact: true })).toBeEnabled();
    await page.getByLabel("Category", { exact: true }).selectOption(product.categories._id);
    await expect(page.getByLabel("Sub Category")).toBeEnabled();
    await page.getByLabel("Sub Category").selectOption(product.subcategory._id);
    // what was typed survived the steps
    await expect(page.getByLabel("Coupon Name")).toHaveValue("Spring Sale");
    await page
      .locator('input[type="file"][name="imageFile"]')
      .setInputFiles({ name: "coupon.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByTestId("coupon-image-preview")).toBeVisible();
    await page.getByRole("button", { name: "Add Coupon" }).click();
    await expect(toast(page)).toContainText("Coupon added successfully");
    await expect(page).toHaveURL(/\/app\/coupons$/);
    // stored in upper case, Published while active and not past its end
    await expect(rowOf(page, code).getByTestId("coupon-status")).toHaveText("Published");

    // Edit → Unpublish
    await rowOf(page, code).getByRole("link", { name: "Edit Spring Sale" }).click();
    await expect(page).toHaveURL(/\/app\/edit-coupon\/[0-9a-f]{24}$/);
    await hydrated(page);
    await expect(page.getByTestId("coupon-taxonomy")).toContainText(product.subcategory.name);
    await expect(page.getByLabel("Start Date")).toHaveValue("01/01/2026");
    await expect(page.getByLabel("End Date")).toHaveValue("31/12/2099");
    await page.getByLabel("Status").selectOption("inactive");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Coupon updated successfully");
    await expect(page).toHaveURL(/\/app\/coupons$/);
    await expect(rowOf(page, code).getByTestId("coupon-status")).toHaveText("Unpublished");

    // publish again, so an order can use it; then the panel shows the order
    await rowOf(page, code).getByRole("link", { name: "Edit Spring Sale" }).click();
    await hydrated(page);
    await page.getByLabel("Status").selectOption("active");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/app\/coupons$/);
    const admin = await playwright.request.newContext({ baseURL });
    expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    const customerApi = await playwright.request.newContext({ baseURL });
    const { order, customer } = await placeOrderWith(customerApi, admin, product, code);
    expect(order.couponDiscount).toBe(1);
    await page.reload();
    await rowOf(page, code).getByRole("link", { name: "Orders of Spring Sale" }).click();
    await expect(page).toHaveURL(new RegExp(`drawer=orders&id=[0-9a-f]{24}`));
    const panel = page.getByRole("dialog");
    await expect(panel.getByTestId("coupon-order-stats")).toContainText("Orders: 1");
    // the order's Back returns to this panel (its address travels with the link)
    await expect(panel.getByRole("link", { name: `#${order.orderId}` })).toHaveAttribute(
      "href",
      new RegExp(`^/app/order/${order._id}\\?back=%2Fapp%2Fcoupons%3F`),
    );
    await expect(panel).toContainText(customer.fName);
    await admin.dispose();
    await customerApi.dispose();
  });
});

test.describe("coupons without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an order opened from the coupon-orders panel goes Back to the panel", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    const coupons = (await (await page.request.get("/api/coupon", { params: { limit: 100 } })).json()).data as {
      _id: string;
      code: string;
    }[];
    let used: { _id: string; code: string } | undefined;
    for (const coupon of coupons) {
      const orders = await page.request.get(`/api/coupon/orders/${coupon._id}`, { params: { limit: 1 } });
      if (((await orders.json()).data as unknown[]).length) {
        used = coupon;
        break;
      }
    }
    expect(used, "a demo coupon some order used").toBeTruthy();
    await page.goto(`/app/coupons?drawer=orders&id=${used!._id}`);
    const panel = page.getByRole("dialog");
    await expect(panel.getByRole("heading", { name: `Orders with ${used!.code}` })).toBeVisible();
    const order = panel.getByRole("table", { name: "Orders that used this coupon" }).getByRole("link").first();
    const number = await order.innerText();
    await order.click();
    await expect(page.getByRole("heading", { name: `Order ${number}`, level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "← Back" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/coupons\\?drawer=orders&id=${used!._id}$`));
    await expect(page.getByRole("dialog").getByRole("heading", { name: `Orders with ${used!.code}` })).toBeVisible();
  });

  test("the coupon form: rules on the first submit, the cascade by round trips keeping what was typed, the image with the form", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await holdRefresh(page);
    const product = await ownProduct(page.request);
    await page.goto("/app/add-coupon");
    await page.getByRole("button", { name: "Add Coupon" }).click();
    await expect(page.getByText("Please Enter Coupon Name")).toBeVisible();
    await expect(page.getByText("Please Enter Coupon Code")).toBeVisible();
    await expect(page.getByText("Please Select Sub Category")).toBeVisible();

    const code = uniqueCode("NOJS_");
    await fillCoupon(page, {
      name: "No Script Deal",
      code: "bad code!",
      min: "10",
      quantity: "3",
      start: "01/02/2026",
      end: "31/01/2099",
      discount: "12",
    });
    await page.getByLabel("Department").selectOption(product.department._id);
    await page.getByRole("button", { name: "Show categories" }).click();
    await expect(page.getByLabel("Coupon Name")).toHaveValue("No Script Deal");
    await page.getByLabel("Category", { exact: true }).selectOption(product.categories._id);
    await page.getByRole("button", { name: "Show sub-categories" }).click();
    await page.getByLabel("Sub Category").selectOption(product.subcategory._id);
    await page
      .locator('input[type="file"][name="imageFile"]')
      .setInputFiles({ name: "coupon.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Add Coupon" }).click();
    await expect(page.getByText("Please Enter Valid Coupon Code")).toBeVisible();
    await expect(page.getByText("Flat discount cannot exceed the minimum order price of 10.00")).toBeVisible();
    // the image uploaded with the refused post is kept
    await expect(page.getByTestId("coupon-image-preview")).toBeVisible();
    await page.getByLabel("Coupon Code").fill(code);
    await page.getByLabel("Discount", { exact: true }).fill("5");
    await page.getByRole("button", { name: "Add Coupon" }).click();
    await expect(page.getByText("Coupon added successfully")).toBeVisible();
    await returnToList(page, /^\/app\/coupons$/);
    await page.goto(`/app/coupons?search=${code}`);
    await expect(rowOf(page, code).getByTestId("coupon-status")).toHaveText("Published");
    await expect(rowOf(page, code)).toContainText("$5.00");
  });

  test("an admin pages departments 10 at a time and searches them", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await page.goto("/app/add-coupon");
    const options = page.getByLabel("Department").locator("option");
    const first = await options.count();
    expect(first).toBeLessThanOrEqual(11);
    await page.getByLabel("Coupon Name").fill("Admin Deal");
    if (await page.getByRole("button", { name: "More departments" }).count()) {
      await page.getByRole("button", { name: "More departments" }).click();
      await expect(page.getByLabel("Coupon Name")).toHaveValue("Admin Deal");
      expect(await options.count()).toBeGreaterThan(first);
    }
    await page.getByLabel("Search departments").fill("fashion");
    await page.locator("#add-coupon").getByRole("button", { name: "Search", exact: true }).click();
    await expect(options.filter({ hasText: /^Men's Fashion$/ })).toHaveCount(1);
    await expect(options.filter({ hasText: /^Women's Fashion$/ })).toHaveCount(1);
    await expect(options.filter({ hasText: "Beauty" })).toHaveCount(0);
  });
});

test.describe("coupon rights", () => {
  test("staff without a coupon right see no Coupons page and are refused Add Coupon", async ({ page }) => {
    await signInByCookie(page, STAFF);
    await page.goto("/app/coupons");
    await expect(page.getByText("Page not found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Add Coupon" })).toHaveCount(0);
    await page.goto("/app/add-coupon");
    await expect(page.getByText("Page not found")).toBeVisible();
    await expect(page.getByLabel("Coupon Name")).toHaveCount(0);
  });
});
