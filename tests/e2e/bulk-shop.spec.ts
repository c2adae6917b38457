import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  ADMIN,
  OWNER,
  TEST_PNG,
  apiAs,
  customerToken,
  data,
  hydrated,
  sellable,
  signInByCookie,
  uploadTestFile,
} from "./support";

// ADR 0074, the shop lists: products delete, coupons publish, orders' status, with and without JavaScript: choose two
// rows, one confirmation naming the count, then the summary, and the rows changed.

let made = 0;
/** A tag no other run's records share (letters first: a product's SKU prefix comes from its name). */
const newTag = () => `Bulk${Date.now().toString(36).slice(-5)}${++made}`;

type Ref = { _id: string; name: string };
interface ProductRow extends Ref {
  isVariationAvailable: boolean;
  department: Ref;
  categories: Ref;
  subcategory: Ref;
}

/** A single product of the signed-in owner's shop to copy the taxonomy, brand and attributes of. */
async function modelProduct(request: APIRequestContext) {
  const rows = await data<ProductRow[]>(await request.get("/api/product", { params: { limit: 100 } }));
  const single = rows.find((p) => !p.isVariationAvailable);
  expect(single, "a single product in the owner's shop").toBeTruthy();
  return data<ProductRow & { brand: Ref; attr: unknown }>(await request.get(`/api/product/${single!._id}`));
}

/** Products named `<tag> <n>` in the owner's shop, added through POST product/. */
async function products(request: APIRequestContext, tag: string, count: number) {
  const model = await modelProduct(request);
  for (let i = 1; i <= count; i++)
    await data(
      await request.post("/api/product", {
        data: {
          name: `${tag} ${i}`,
          description: "A product made by the bulk actions tests.",
          tags: [],
          brand: model.brand._id,
          department: model.department._id,
          categories: model.categories._id,
          subcategory: model.subcategory._id,
          attr: model.attr,
          isVariationAvailable: false,
          images: [await uploadTestFile(request, "productMedia", "image/png", "bulk.png", TEST_PNG)],
          videos: [],
          price: 12.5,
          stock: 7,
        },
      }),
    );
}

/** Unpublished coupons coded `<TAG>N` in the owner's shop: added through POST coupon, then unpublished. */
async function unpublishedCoupons(request: APIRequestContext, tag: string, count: number) {
  const model = await modelProduct(request);
  for (let i = 1; i <= count; i++) {
    const coupon = await data<{ _id: string }>(
      await request.post("/api/coupon", {
        data: {
          name: `${tag} ${i}`,
          code: `${tag}C${i}`,
          image: await uploadTestFile(request, "catalogueImage", "image/png", "coupon.png", TEST_PNG),
          description: "Made by the bulk actions tests",
          department: model.department._id,
          category: model.categories._id,
          subcategory: model.subcategory._id,
          minOrderPrice: 10,
          quantity: 5,
          start: "2026-01-01",
          end: "2099-12-31",
          discountType: "flat",
          discount: 1,
          type: "one",
        },
      }),
    );
    await data(await request.put(`/api/coupon/status/${coupon._id}`, { data: { status: "inactive" } }));
  }
}

/** Orders of the owner's shop, three for each run of the orders tests, placed as the mobile app places them. */
const orders: Record<"js" | "plain", { id: string; number: number }[]> = { js: [], plain: [] };

test.beforeAll(async ({ browser }) => {
  const adminContext = await apiAs(browser, ADMIN);
  const ownerContext = await apiAs(browser, OWNER);
  const product = await sellable(ownerContext.request);
  // a customer no other file signs in, so the files' code requests do not share one phone's allowance
  const { app, api, token } = await customerToken(browser, adminContext.request, 2);
  for (const run of ["js", "plain"] as const)
    for (let i = 0; i < 3; i++) {
      const order = await data<{ _id: string; orderId: number }>(
        await api.post("/api/order", {
          headers: { authorization: `Bearer ${token}` },
          data: {
            lines: [{ productId: product._id, quantity: 1 }],
            address: { address: "1 Bulk Lane", city: "Sydney" },
            orderType: "online",
          },
        }),
      );
      orders[run].push({ id: order._id, number: order.orderId });
    }
  await Promise.all([adminContext.close(), ownerContext.close(), app.close()]);
});

const table = (page: Page, name: string) => page.getByRole("table", { name });
const rows = (page: Page, name: string) => table(page, name).locator("tbody tr");
const toast = (page: Page) => page.getByTestId("toast");
/** A full-page picture of the state reached, when SHOTS_DIR names where to keep it (to look at, not compared). */
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
};

async function open(page: Page, path: string, js: boolean) {
  await page.goto(path);
  if (js) await hydrated(page);
}

for (const js of [true, false]) {
  test.describe(`bulk actions on the shop lists ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });
    test.beforeEach(async ({ page }) => {
      await signInByCookie(page, OWNER);
    });

    test("two products chosen → Delete → the confirmation names 2 → confirmed → the summary → they are gone", async ({
      page,
    }) => {
      const tag = newTag();
      await products(page.request, tag, 3);
      await open(page, `/app/products?search=${tag}`, js);
      await expect(rows(page, "Products")).toHaveCount(3);
      await page.getByRole("checkbox", { name: `Select ${tag} 1` }).check();
      await page.getByRole("checkbox", { name: `Select ${tag} 3` }).check();
      if (js) await expect(page.getByTestId("bulk-selected")).toHaveText("2 selected");
      await page.getByRole("button", { name: "Delete selected" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Delete 2 products?" });
      await expect(dialog).toBeVisible();
      // nothing has changed yet
      await expect(rows(page, "Products")).toHaveCount(3);
      await shot(page, `products-confirm-${js ? "js" : "plain"}`);
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page)).toContainText("Deleted 2 products.");
      await expect(rows(page, "Products")).toHaveCount(1);
      await expect(rows(page, "Products").first()).toContainText(`${tag} 2`);
    });

    test("two unpublished coupons chosen → Publish → the confirmation names 2 → confirmed → both Published", async ({
      page,
    }) => {
      const tag = newTag().toUpperCase();
      await unpublishedCoupons(page.request, tag, 3);
      await open(page, `/app/coupons?search=${tag}`, js);
      await expect(rows(page, "Coupons")).toHaveCount(3);
      await expect(rows(page, "Coupons").getByTestId("coupon-status")).toHaveText([
        "Unpublished",
        "Unpublished",
        "Unpublished",
      ]);
      await page.getByRole("checkbox", { name: `Select ${tag} 1 (${tag}C1)` }).check();
      await page.getByRole("checkbox", { name: `Select ${tag} 2 (${tag}C2)` }).check();
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Publish 2 coupons?" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(toast(page)).toContainText("Published 2 coupons.");
      await shot(page, `coupons-done-${js ? "js" : "plain"}`);
      const status = (n: number) =>
        rows(page, "Coupons")
          .filter({ hasText: `${tag}C${n}` })
          .getByTestId("coupon-status");
      await expect(status(1)).toHaveText("Published");
      await expect(status(2)).toHaveText("Published");
      await expect(status(3)).toHaveText("Unpublished");
    });

    test("two orders chosen → Change status → Awaiting Pickup → confirmed → both tagged", async ({ page }) => {
      const [first, second] = orders[js ? "js" : "plain"];
      await open(page, "/app/orders?limit=50", js);
      const row = (n: number) => rows(page, "Orders").filter({ hasText: `#${n}` });
      await expect(row(first.number).getByText("Pending")).toBeVisible();
      await page.getByRole("checkbox", { name: `Select order #${first.number}` }).check();
      await page.getByRole("checkbox", { name: `Select order #${second.number}` }).check();
      await page.getByRole("button", { name: "Change status" }).click();
      const dialog = page.getByRole("dialog", { name: "Change the status of 2 orders?" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("radio", { name: "Awaiting Pickup" }).check();
      await shot(page, `orders-confirm-${js ? "js" : "plain"}`);
      await dialog.getByRole("button", { name: "Change status" }).click();
      await expect(toast(page)).toContainText("Changed the status of 2 orders.");
      await expect(row(first.number).getByText("Awaiting Pickup")).toBeVisible();
      await expect(row(second.number).getByText("Awaiting Pickup")).toBeVisible();
    });

    test("an order the quick tag refuses is named in the summary with the order page's reason; it keeps its status", async ({
      page,
    }) => {
      const pending = orders[js ? "js" : "plain"][2];
      // the confirmation's URL state, as the list's form answers it
      await open(page, `/app/orders?limit=50&bulk=status&ids=${pending.id}`, js);
      const dialog = page.getByRole("dialog", { name: "Change the status of 1 order?" });
      await dialog.getByRole("radio", { name: "On The Way" }).check();
      await dialog.getByRole("button", { name: "Change status" }).click();
      await expect(toast(page)).toContainText("Changed the status of 0 of 1 order. Not done:");
      await expect(toast(page).getByRole("listitem")).toHaveText([
        `#${pending.number}: On The Way is not possible while any line of this shop is Pending or Found`,
      ]);
      await shot(page, `orders-summary-${js ? "js" : "plain"}`);
      await expect(
        rows(page, "Orders")
          .filter({ hasText: `#${pending.number}` })
          .getByText("Pending"),
      ).toBeVisible();
    });
  });
}
