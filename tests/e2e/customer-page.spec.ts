import { expect, test, type Page } from "@playwright/test";
import { ADMIN, OWNER, STAFF, apiAs, customerToken, data, hydrated, sellable, signInByCookie } from "./support";

// spec 2 §2 Customer detail (Back, header, tabs Purchases, Wishlist, Notes; 'Select Products' bottom drawer), §3
// Customer, §4 Lists (wishlist add or remove refreshes the products and the wishlist), §5 'Please Enter Note!';
// ADR 0035. The customer is made by placing an order through the API as a customer, like the mobile app.

const stamp = Date.now().toString(36);
const placed = { customerId: "", customerName: "", orderId: "", orderNumber: 0, bought: "", wished: "", ownerName: "" };

test.beforeAll(async ({ browser }) => {
  const adminContext = await apiAs(browser, ADMIN);
  const ownerContext = await apiAs(browser, OWNER);
  const owner = ownerContext.request;
  const product = await sellable(owner);
  const others = await data<{ _id: string; name: string }[]>(
    await owner.get("/api/product", { params: { limit: 100 } }),
  );
  const wished = others.find((p) => p._id !== product._id && p.name !== product.name);
  expect(wished, "a second product of the owner's shop").toBeTruthy();
  const me = await data<{ fName: string; lName: string }>(await owner.get("/api/auth/isLoggedIn"));
  const { app, api, token, id, name } = await customerToken(browser, adminContext.request);
  const order = await data<{ _id: string; orderId: number }>(
    await api.post("/api/order", {
      headers: { authorization: `Bearer ${token}` },
      data: {
        lines: [{ productId: product._id, quantity: 1 }],
        address: { address: `3 Customer Lane ${stamp}`, city: "Sydney" },
        orderType: "online",
      },
    }),
  );
  Object.assign(placed, {
    customerId: id,
    customerName: name,
    orderId: order._id,
    orderNumber: order.orderId,
    bought: product.name,
    wished: wished!.name,
    ownerName: me.fName,
  });
  await Promise.all([adminContext.close(), ownerContext.close(), app.close()]);
});

const customerUrl = (query = "") => `/app/customer/${placed.customerId}${query}`;
const wishlistTable = (page: Page) => page.getByRole("table", { name: "Wishlist" });
const tabs = (page: Page) => page.getByRole("navigation", { name: "Customer tabs" });
const picker = (page: Page) => page.getByRole("dialog", { name: "Select Products" });

test.describe("with JavaScript", () => {
  test("the header, Purchases by default with the order's product linking to the order, and the tabs in the URL", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await page.goto(customerUrl());
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: placed.customerName })).toBeVisible();
    // the window's title names the customer in full, as the heading does
    await expect(page).toHaveTitle(`Customer ${placed.customerName}`);
    await expect(page.getByRole("link", { name: "← Back" })).toHaveAttribute("href", "/app/customers");
    await expect(tabs(page).getByRole("link", { name: "Purchases" })).toHaveAttribute("aria-current", "page");
    await expect(tabs(page).getByRole("link")).toHaveText(["Purchases", "Wishlist", "Chat", "Notes"]);
    const purchases = page.getByRole("table", { name: "Purchases" });
    const row = purchases.locator("tbody tr").filter({ hasText: `#${placed.orderNumber}` });
    await expect(row).toContainText(placed.bought);
    await row.getByRole("link", { name: `${placed.bought} in order #${placed.orderNumber}` }).click();
    await expect(page).toHaveURL(new RegExp(`/app/order/${placed.orderId}`));
    await expect(page.getByRole("heading", { level: 1, name: `Order #${placed.orderNumber}` })).toBeVisible();
    await page.goBack();
    await tabs(page).getByRole("link", { name: "Wishlist" }).click();
    await expect(page).toHaveURL(/tab=wishlist/);
    await expect(page.getByRole("link", { name: "Add To Wishlist" })).toBeVisible();
    await tabs(page).getByRole("link", { name: "Notes" }).click();
    await expect(page).toHaveURL(/tab=notes/);
    await expect(page.getByRole("button", { name: "Add Note" })).toBeVisible();
  });

  test("'Add To Wishlist' opens 'Select Products'; adding and removing there refreshes the drawer and the wishlist", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await page.goto(customerUrl("?tab=wishlist"));
    await hydrated(page);
    await expect(wishlistTable(page).getByText(placed.wished, { exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: "Add To Wishlist" }).click();
    await expect(page).toHaveURL(/drawer=products/);
    await expect(picker(page)).toBeVisible();
    await picker(page).getByRole("searchbox", { name: "Search products" }).fill(placed.wished);
    await expect(page).toHaveURL(/q=/);
    await picker(page)
      .getByRole("button", { name: `Add ${placed.wished} to the wishlist` })
      .click();
    await expect(picker(page).getByRole("button", { name: `Remove ${placed.wished} from the wishlist` })).toBeVisible();
    await expect(wishlistTable(page).getByText(placed.wished, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/drawer=products/);
    await picker(page)
      .getByRole("button", { name: `Remove ${placed.wished} from the wishlist` })
      .click();
    await expect(picker(page).getByRole("button", { name: `Add ${placed.wished} to the wishlist` })).toBeVisible();
    await expect(wishlistTable(page).getByText(placed.wished, { exact: true })).toHaveCount(0);
    await picker(page).getByRole("link", { name: "Close" }).click();
    await expect(picker(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/drawer=/);
  });

  test("an empty wishlist says so once", async ({ page, browser }) => {
    const ownerContext = await apiAs(browser, OWNER);
    const owner = ownerContext.request;
    // customers the shop registered have not ordered, and so have nothing of the shop in their wishlist
    const fewest = await data<{ _id: string }[]>(
      await owner.get("/api/user/list", { params: { buyerId: "all", sort: "orderCount", sortType: "asc", limit: 25 } }),
    );
    let empty = "";
    for (const customer of fewest) {
      const wishlist = await owner.get(`/api/user/wishlist/${customer._id}`);
      if ((await wishlist.json()).count === 0) {
        empty = customer._id;
        break;
      }
    }
    await ownerContext.close();
    expect(empty, "a customer of the shop with an empty wishlist").not.toBe("");
    await signInByCookie(page, OWNER);
    await page.goto(`/app/customer/${empty}?tab=wishlist`);
    await expect(wishlistTable(page)).toContainText("No wishlist products yet");
    await expect(page.getByText(/No wishlist products/)).toHaveCount(1);
  });

  test("notes: 'Please Enter Note!' when empty, a note added with its author and removed", async ({ page }) => {
    const text = `Likes blue scarves ${stamp}`;
    await signInByCookie(page, OWNER);
    await page.goto(customerUrl("?tab=notes"));
    await hydrated(page);
    await page.getByRole("button", { name: "Add Note" }).click();
    await expect(page.getByText("Please Enter Note!")).toBeVisible();
    await page.getByLabel("Note", { exact: true }).fill(text);
    await expect(page.getByText("Please Enter Note!")).toHaveCount(0);
    await page.getByRole("button", { name: "Add Note" }).click();
    const note = page.getByTestId("customer-note").filter({ hasText: text });
    await expect(note).toContainText(placed.ownerName);
    await expect(page.getByLabel("Note", { exact: true })).toHaveValue("");
    await note.getByRole("button", { name: /Remove the note/ }).click();
    await expect(page.getByTestId("customer-note").filter({ hasText: text })).toHaveCount(0);
  });
});

test("staff without the customer module's 'view' get 'Page not found'", async ({ page }) => {
  // the demo staff member holds product add and edit and order status edit only
  await signInByCookie(page, STAFF);
  await page.goto(customerUrl());
  await expect(page.getByText("Page not found")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: placed.customerName })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page and its tabs render; the drawer is its own address; the wishlist and notes change through plain forms", async ({
    page,
  }) => {
    const text = `Calls after five ${stamp}`;
    await signInByCookie(page, OWNER);
    await page.goto(customerUrl());
    await expect(page.getByRole("heading", { level: 1, name: placed.customerName })).toBeVisible();
    await expect(page.getByRole("table", { name: "Purchases" })).toContainText(placed.bought);

    await tabs(page).getByRole("link", { name: "Wishlist" }).click();
    await page.getByRole("link", { name: "Add To Wishlist" }).click();
    await expect(page).toHaveURL(/tab=wishlist.*drawer=products|drawer=products.*tab=wishlist/);
    await picker(page).getByRole("searchbox", { name: "Search products" }).fill(placed.wished);
    await picker(page).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=/);
    await picker(page)
      .getByRole("button", { name: `Add ${placed.wished} to the wishlist` })
      .click();
    await expect(picker(page).getByRole("button", { name: `Remove ${placed.wished} from the wishlist` })).toBeVisible();
    await picker(page).getByRole("link", { name: "Close" }).click();
    await expect(picker(page)).toHaveCount(0);
    await wishlistTable(page)
      .getByRole("button", { name: `Remove ${placed.wished} from the wishlist` })
      .click();
    await expect(wishlistTable(page).getByText(placed.wished, { exact: true })).toHaveCount(0);

    await tabs(page).getByRole("link", { name: "Notes" }).click();
    await page.getByRole("button", { name: "Add Note" }).click();
    await expect(page.getByText("Please Enter Note!")).toBeVisible();
    await page.getByLabel("Note", { exact: true }).fill(text);
    await page.getByRole("button", { name: "Add Note" }).click();
    const note = page.getByTestId("customer-note").filter({ hasText: text });
    await expect(note).toContainText(placed.ownerName);
    await note.getByRole("button", { name: /Remove the note/ }).click();
    await expect(page.getByTestId("customer-note").filter({ hasText: text })).toHaveCount(0);
  });
});
