import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, OWNER, OWNER2, STAFF, apiAs, customerToken, data, hydrated, sellable, signInByCookie } from "./support";

// spec 2 §2 Order list, Order detail; §4 Lists; §6 (Shop(s) for admins, Order Status for others); §9 PDF columns;
// (ADR 0031). Orders are placed through the API as a customer, like the mobile app.

/** Today's date in the console's zone (Australia/Sydney), YYYY-MM-DD, as the date filter takes it. */
const sydneyToday = () =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Australia/Sydney",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
const stamp = `${Date.now().toString(36)}`;
const ADDRESS = `12 Ordertest Lane ${stamp}`;

const placed = {
  both: { id: "", number: 0 },
  onlyA: { id: "", number: 0 },
  raced: { id: "", number: 0 },
  offline: { id: "", number: 0, pickupCode: "" },
  customer: "",
  productA: "",
  productB: "",
  shopA: "",
  shopB: "",
};

test.beforeAll(async ({ browser }) => {
  const adminContext = await apiAs(browser, ADMIN);
  const ownerAContext = await apiAs(browser, OWNER);
  const ownerBContext = await apiAs(browser, OWNER2);
  const admin = adminContext.request;
  const [a, b] = [await sellable(ownerAContext.request), await sellable(ownerBContext.request)];
  Object.assign(placed, { productA: a.name, productB: b.name, shopA: a.shopId, shopB: b.shopId });
  const { app, api, token, name } = await customerToken(browser, admin);
  placed.customer = name;
  const bearer = { authorization: `Bearer ${token}` };
  const place = async (lines: { productId: string; quantity: number }[], orderType = "online") => {
    const order = await data<{ _id: string; orderId: number }>(
      await api.post("/api/order", {
        headers: bearer,
        data: { lines, address: { address: ADDRESS, city: "Sydney" }, orderType },
      }),
    );
    return { id: order._id, number: order.orderId };
  };
  placed.both = await place([
    { productId: a._id, quantity: 1 },
    { productId: b._id, quantity: 1 },
  ]);
  placed.onlyA = await place([{ productId: a._id, quantity: 2 }]);
  placed.raced = await place([{ productId: a._id, quantity: 1 }]);
  // collected in person: the customer's app reads the pickup code its QR shows (ADR 0029)
  const offline = await place([{ productId: a._id, quantity: 1 }], "offline");
  const mine = await data<{ pickupCode: string }>(
    await api.get(`/api/order/my-orders/${offline.id}`, { headers: bearer }),
  );
  placed.offline = { ...offline, pickupCode: mine.pickupCode };
  await Promise.all([adminContext.close(), ownerAContext.close(), ownerBContext.close(), app.close()]);
});

/** Today in the console's zone as spec 2 §1 writes dates: DD/MM/YYYY. */
const sydneyTodayDmy = () => sydneyToday().split("-").reverse().join("/");
/** "Showing 101–200 of more than 200 orders" → its parts. */
async function rangeOf(page: Page) {
  const text = await page.getByTestId("list-range").innerText();
  const m = /^Showing ([\d,]+)–([\d,]+) of (about |more than )?([\d,]+) orders$/.exec(text);
  expect(m, text).toBeTruthy();
  const n = (v: string) => Number(v.replace(/,/g, ""));
  return { from: n(m![1]), to: n(m![2]), kind: (m![3] ?? "").trim(), total: n(m![4]) };
}

const table = (page: Page) => page.getByRole("table", { name: "Orders" });
const rowOf = (page: Page, orderNumber: number) =>
  table(page)
    .locator("tbody tr")
    .filter({ hasText: `#${orderNumber}` });

test.describe("with JavaScript", () => {
  test("an owner finds the order by search and date, sees their part with its status, and opens it; Back returns to the list", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await page.goto("/app/orders");
    await hydrated(page);
    await expect(table(page).getByRole("columnheader", { name: "Order Status" })).toBeVisible();
    await expect(table(page).getByRole("columnheader", { name: "Shop(s)" })).toHaveCount(0);
    await page.getByLabel("From", { exact: true }).fill(sydneyToday());
    await expect(page).toHaveURL(/startDate=/);
    await page.getByLabel("To", { exact: true }).fill(sydneyToday());
    await expect(page).toHaveURL(/endDate=/);
    await page.getByRole("searchbox", { name: "Search orders", exact: true }).fill(`#${placed.both.number}`);
    await expect(page).toHaveURL(new RegExp(`search=%23${placed.both.number}`));
    await expect(table(page).locator("tbody tr")).toHaveCount(1);
    await expect(rowOf(page, placed.both.number)).toContainText("Pending");
    await rowOf(page, placed.both.number)
      .getByRole("link", { name: /View order/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/app/order/${placed.both.id}`));
    await expect(page.getByRole("heading", { name: `Order #${placed.both.number}`, level: 1 })).toBeVisible();
    // only shop A's line: shop B's product is not shown to A's owner
    await expect(page.getByText(placed.productA, { exact: true })).toBeVisible();
    await expect(page.getByText(placed.productB, { exact: true })).toHaveCount(0);
    await expect(page.getByText(ADDRESS)).toBeVisible();
    await expect(page.getByText("No notes are available.")).toBeVisible();
    await page.getByRole("link", { name: "← Back" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/orders\\?.*search=%23${placed.both.number}`));
    await expect(rowOf(page, placed.both.number)).toBeVisible();
  });

  test("in an en-US browser the date filters are typed and shown DD/MM/YYYY, and the URL carries no empty filter", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await signInByCookie(page, OWNER);
    await page.goto(`/app/orders?search=${encodeURIComponent(`#${placed.both.number}`)}`);
    await hydrated(page);
    const from = page.getByLabel("From", { exact: true });
    await expect(from).toHaveAttribute("placeholder", "DD/MM/YYYY");
    // typed key by key: the list moves once the day is whole, not at each key
    await from.pressSequentially(sydneyTodayDmy());
    await expect(page).toHaveURL(new RegExp(`startDate=${encodeURIComponent(sydneyTodayDmy())}`));
    // spec 2 §4 Lists: the unset To and Status leave nothing in the URL
    expect(page.url()).not.toMatch(/endDate=|status=/);
    await expect(rowOf(page, placed.both.number)).toContainText(sydneyTodayDmy());
    // a link with a YYYY-MM-DD day shows it DD/MM/YYYY too
    await page.goto(`/app/orders?startDate=${sydneyToday()}`);
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(sydneyTodayDmy());
    await context.close();
  });

  test("the search box's placeholder fits in it", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await page.goto("/app/orders");
    const search = page.getByRole("searchbox", { name: "Search orders", exact: true });
    await expect(search).toHaveAttribute("placeholder", /phone/);
    const fits = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width <= room;
    });
    expect(fits).toBe(true);
  });

  test("the owner of shop B sees the shared order with B's line only, and not shop A's own order", async ({ page }) => {
    await signInByCookie(page, OWNER2);
    await page.goto(`/app/orders?search=${encodeURIComponent(placed.customer)}`);
    await expect(rowOf(page, placed.both.number)).toBeVisible();
    await expect(rowOf(page, placed.onlyA.number)).toHaveCount(0);
    await page.goto(`/app/order/${placed.both.id}`);
    await expect(page.getByText(placed.productB, { exact: true })).toBeVisible();
    await expect(page.getByText(placed.productA, { exact: true })).toHaveCount(0);
    await page.goto(`/app/order/${placed.onlyA.id}`);
    await expect(page.getByText("Page not found")).toBeVisible();
  });

  test("an admin exports the filtered list as a PDF with spec 2 §9's columns", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await page.goto(`/app/orders?search=${encodeURIComponent(`#${placed.both.number}`)}`);
    await hydrated(page);
    await expect(table(page).getByRole("columnheader", { name: "Shop(s)" })).toBeVisible();
    await expect(table(page).getByRole("columnheader", { name: "Order Status" })).toHaveCount(0);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export PDF" }).click();
    const file = path.join(mkdtempSync(path.join(tmpdir(), "orders-e2e-")), "orders.pdf");
    await (await download).saveAs(file);
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString();
    expect(text).toMatch(/Order ID\s+Customer Name\s+Date of Order\s+Shop\(s\)\s+Order Type\s+Delivery Address/);
    expect(text).toContain(`#${placed.both.number}`);
    expect(text).toContain(placed.customer);
    expect(text).toContain(ADDRESS);
    // the filter travelled with the link: the other order is not in it
    expect(text).not.toContain(`#${placed.onlyA.number} `);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin filters the order list by date and status with Apply, and the CSV link carries the filters", async ({
    page,
  }) => {
    await signInByCookie(page, ADMIN);
    await page.goto(`/app/orders?search=${encodeURIComponent(placed.customer)}`);
    await expect(rowOf(page, placed.both.number)).toContainText(/Sydney|Online/);
    await page.getByLabel("From", { exact: true }).fill(sydneyToday());
    await page.getByLabel("To", { exact: true }).fill(sydneyToday());
    await page.getByLabel("Status").selectOption("Pending");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=Pending/);
    await expect(page).toHaveURL(new RegExp(`startDate=${sydneyToday()}`));
    await expect(rowOf(page, placed.both.number)).toBeVisible();
    await expect(rowOf(page, placed.onlyA.number)).toBeVisible();
    const csv = page.getByRole("link", { name: "Export CSV" });
    await expect(csv).toHaveAttribute("href", new RegExp(`format=csv.*status=Pending`));
    // a status no line has yet: nothing is listed
    await page.getByLabel("Status").selectOption("Delivered");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(rowOf(page, placed.both.number)).toHaveCount(0);
    await page.getByLabel("Status").selectOption("");
    await page.getByRole("button", { name: "Apply" }).click();
    // All: an empty status, which the list takes as no filter
    await expect(page).toHaveURL(/status=(&|$)/);
    await expect(rowOf(page, placed.both.number)).toBeVisible();
  });

  test("an admin's deep pages never tell fewer orders than they show: 'more than' with a next page, the exact count on the last", async ({
    page,
  }) => {
    // the e2e servers count exactly up to LIST_EXACT_COUNT (280) orders only, and the demo has more
    await signInByCookie(page, ADMIN);
    await page.goto("/app/orders?limit=100&page=2");
    const second = await rangeOf(page);
    expect(second).toMatchObject({ from: 101, to: 200 });
    expect(["about", "more than"]).toContain(second.kind);
    expect(second.total).toBeGreaterThanOrEqual(second.kind === "more than" ? 200 : 201);
    for (let pageNumber = 3; (await page.getByRole("link", { name: "Next" }).count()) > 0; pageNumber++) {
      await page.getByRole("link", { name: "Next" }).click();
      await expect(page.getByTestId("list-range")).toHaveText(new RegExp(`^Showing ${(pageNumber - 1) * 100 + 1}–`));
      const shown = await rangeOf(page);
      if (await page.getByRole("link", { name: "Next" }).count())
        expect(shown.total).toBeGreaterThanOrEqual(shown.kind === "more than" ? shown.to : shown.to + 1);
    }
    // the last page proves the count: told exactly
    const last = await rangeOf(page);
    expect(last).toMatchObject({ kind: "", total: last.to });
  });

  test("in an en-US browser a date typed DD/MM/YYYY filters the list with Apply", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US", javaScriptEnabled: false });
    const page = await context.newPage();
    await signInByCookie(page, ADMIN);
    await page.goto(`/app/orders?search=${encodeURIComponent(placed.customer)}`);
    await page.getByLabel("From", { exact: true }).fill(sydneyTodayDmy());
    await page.getByLabel("To", { exact: true }).fill(sydneyTodayDmy());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`endDate=${encodeURIComponent(sydneyTodayDmy())}`));
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(sydneyTodayDmy());
    await expect(rowOf(page, placed.both.number)).toContainText(sydneyTodayDmy());
    // a day long before every order: none listed
    await page.getByLabel("From", { exact: true }).fill("01/01/2020");
    await page.getByLabel("To", { exact: true }).fill("02/01/2020");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(rowOf(page, placed.both.number)).toHaveCount(0);
    await context.close();
  });

  test("the detail's Back link leads to the list the user came from, or to a campaign's dashboard", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await page.goto(`/app/orders?search=${encodeURIComponent(`#${placed.onlyA.number}`)}`);
    await rowOf(page, placed.onlyA.number)
      .getByRole("link", { name: /View order/ })
      .click();
    await expect(page.getByRole("heading", { name: `Order #${placed.onlyA.number}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "← Back" })).toHaveAttribute(
      "href",
      `/app/orders?search=%23${placed.onlyA.number}`,
    );
    await page.goto(`/app/order/${placed.onlyA.id}?campaign=abc123`);
    await expect(page.getByRole("link", { name: "← Back" })).toHaveAttribute("href", "/app/campaigns/abc123/dashboard");
  });
});

const lineRow = (page: Page, product: string) =>
  page.getByRole("row").filter({ has: page.getByText(product, { exact: true }) });
const quickTag = (page: Page, tag: string) =>
  page.getByRole("group", { name: /Quick tags for/ }).getByRole("button", { name: tag, exact: true });

test.describe("line statuses, with JavaScript", () => {
  test("an owner moves their line through Found and the quick tags; blocked tags are disabled with the reason shown", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await page.goto(`/app/order/${placed.both.id}`);
    await hydrated(page);
    // Pending: On The Way and Delivered are blocked, with the reason beside them
    await expect(quickTag(page, "On The Way")).toBeDisabled();
    await expect(page.getByText("On The Way is blocked while any line of this shop is Pending")).toBeVisible();
    await expect(quickTag(page, "Delivered")).toBeDisabled();
    await lineRow(page, placed.productA)
      .getByRole("link", { name: /Change status of/ })
      .click();
    const dialog = page.getByTestId("line-status-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("radio", { name: "Found" }).check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("toast")).toBeVisible();
    await expect(lineRow(page, placed.productA)).toContainText("Found");
    await expect(page.getByText("On The Way is blocked while any line of this shop is Found")).toBeVisible();
    await quickTag(page, "Awaiting Pickup").click();
    await expect(lineRow(page, placed.productA)).toContainText("Awaiting Pickup");
    await expect(page.getByText("Delivered is blocked while any line of this shop is Awaiting Pickup")).toBeVisible();
    await expect(quickTag(page, "On The Way")).toBeEnabled();
    await quickTag(page, "On The Way").click();
    await expect(lineRow(page, placed.productA)).toContainText("On The Way");
    await quickTag(page, "Delivered").click();
    await expect(lineRow(page, placed.productA)).toContainText("Delivered");
  });
});

test.describe("a variation's line", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the variation's values as 'Brown / M', not its key 'Brown_M'", async ({ page, browser }) => {
    const admin = await apiAs(browser, ADMIN);
    type Detail = { data: { products: { variantName: string | null; id: { name: string } }[] } };
    const list = await data<{ _id: string }[]>(await admin.request.get("/api/order/list", { params: { limit: 100 } }));
    let found: { id: string; product: string; key: string } | null = null;
    for (const { _id } of list) {
      const detail = await data<Detail>(await admin.request.get(`/api/order/${_id}`));
      const line = detail.data.products.find((l) => l.variantName?.includes("_"));
      if (line) {
        found = { id: _id, product: line.id.name, key: line.variantName! };
        break;
      }
    }
    await admin.close();
    expect(found, "a demo order with a variation's line").toBeTruthy();
    await signInByCookie(page, ADMIN);
    await page.goto(`/app/order/${found!.id}`);
    const row = lineRow(page, found!.product).first();
    await expect(row).toContainText(found!.key.split("_").join(" / "));
    await expect(row).not.toContainText(found!.key);
  });
});

test.describe("refunds, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Refunded needs a reason; a refunded line's change button is disabled, and the shop's quick tags once all its lines are", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await page.goto(`/app/order/${placed.onlyA.id}`);
    await lineRow(page, placed.productA)
      .getByRole("link", { name: /Change status of/ })
      .click();
    const dialog = page.getByTestId("line-status-dialog");
    await dialog.getByRole("radio", { name: "Refunded" }).check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("line-status-dialog").getByText("Please Enter Reason For Refund")).toHaveCount(1);
    // the refused choice stays chosen
    await expect(page.getByTestId("line-status-dialog").getByRole("radio", { name: "Refunded" })).toBeChecked();
    await page
      .getByTestId("line-status-dialog")
      .getByLabel(/Reason For Refund/)
      .fill("Damaged in transit");
    await page.getByTestId("line-status-dialog").getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("line-status-dialog")).toHaveCount(0);
    await expect(lineRow(page, placed.productA)).toContainText("Refunded");
    await expect(lineRow(page, placed.productA)).toContainText("Damaged in transit");
    await expect(lineRow(page, placed.productA).getByRole("button", { name: /Change status of/ })).toBeDisabled();
    // every line of the shop refunded: no quick tag can move one, so all three are disabled with the reason shown once
    for (const tag of ["Awaiting Pickup", "On The Way", "Delivered"]) {
      await expect(quickTag(page, tag)).toBeDisabled();
      await expect(quickTag(page, tag)).toHaveAccessibleDescription(
        "This shop has no lines left to update in this order",
      );
    }
    await expect(page.getByText("This shop has no lines left to update in this order")).toHaveCount(1);
  });
});

test.describe("the line status dialog shows the API's refusal", () => {
  test("a line refunded by someone else while the dialog was open cannot be set to Found: the API's reason is shown and nothing changes", async ({
    page,
    browser,
  }) => {
    await signInByCookie(page, OWNER);
    await page.goto(`/app/order/${placed.raced.id}`);
    await hydrated(page);
    await lineRow(page, placed.productA)
      .getByRole("link", { name: /Change status of/ })
      .click();
    const dialog = page.getByTestId("line-status-dialog");
    await dialog.getByRole("radio", { name: "Found" }).check();
    // meanwhile a colleague refunds the line
    const colleague = await apiAs(browser, OWNER);
    const order = await data<{ data: { products: { _id: string }[] } }>(
      await colleague.request.get(`/api/order/${placed.raced.id}`),
    );
    await data(
      await colleague.request.put("/api/payment/refund", {
        data: { orderId: placed.raced.id, productsEntryId: [order.data.products[0]._id], reason: "Customer cancelled" },
      }),
    );
    await colleague.close();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(
      page.getByTestId("line-status-dialog").getByText("A line that is Refunded cannot be set to Found"),
    ).toBeVisible();
    await page.goto(`/app/order/${placed.raced.id}`);
    await expect(lineRow(page, placed.productA)).toContainText("Refunded");
    await expect(lineRow(page, placed.productA)).toContainText("Customer cancelled");
  });
});

test.describe("the counter for orders collected in person, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an owner scans the pickup code: refused until the items are Awaiting Pickup, then handed over as Delivered", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await page.goto("/app/orders");
    await page.getByRole("link", { name: "Scan QR" }).click();
    await expect(page.getByRole("heading", { name: "Scan QR", level: 1 })).toBeVisible();
    const code = page.getByLabel("Pickup code");
    await code.fill(`${placed.offline.id}.not-the-signature`);
    await page.getByRole("button", { name: "Hand over" }).click();
    await expect(page.getByText("This pickup code is not valid")).toBeVisible();
    await page.getByLabel("Pickup code").fill(placed.offline.pickupCode);
    await page.getByRole("button", { name: "Hand over" }).click();
    await expect(
      page.getByText("This order is not ready for pickup: every item of this shop must be Awaiting Pickup"),
    ).toBeVisible();
    // the shop gets the order ready
    await page.goto(`/app/order/${placed.offline.id}`);
    await quickTag(page, "Awaiting Pickup").click();
    await expect(lineRow(page, placed.productA)).toContainText("Awaiting Pickup");
    await page.goto("/app/orders/scan");
    await page.getByLabel("Pickup code").fill(placed.offline.pickupCode);
    await page.getByRole("button", { name: "Hand over" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/order/${placed.offline.id}`));
    await expect(page.getByTestId("toast")).toContainText("Order handed over: its items are Delivered");
    await expect(lineRow(page, placed.productA)).toContainText("Delivered");
  });

  test("staff holding 'order status edit' but not 'scan qr' see the orders without the counter", async ({ page }) => {
    // the demo staff member holds product add/edit and order status edit (the demo seed)
    await signInByCookie(page, STAFF);
    await page.goto("/app/orders");
    await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Scan QR" })).toHaveCount(0);
    await page.goto("/app/orders/scan");
    await expect(page.getByText("Page not found")).toBeVisible();
  });
});
