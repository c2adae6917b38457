import { expect, test, type Page } from "@playwright/test";
import { ADMIN, holdRefresh, hydrated, returnToList, signInByCookie } from "./support";

// spec 1 §2 Shops list and Add shop page, §4 verification, §5 Add shop: add shop end to end, with and without JavaScript

// a real 1×1 PNG, so the browser can draw it
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const table = (page: Page) => page.getByRole("table", { name: "Shops" });
const rows = (page: Page) => table(page).locator("tbody tr");
const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.getByText(name, { exact: true }) });
const toast = (page: Page) => page.getByTestId("toast");
const statusDialog = (page: Page) => page.getByTestId("verification-dialog");
let seq = 0;
/** A shop name (letters, digits, spaces; at most 25) and a mobile number no other run uses. */
const unique = () => {
  const n = `${Date.now().toString(36).slice(-5)}${seq++}`;
  return { name: `Shop ${n}`.slice(0, 25), mobile: `41${String(Date.now() % 1e7).padStart(7, "0")}`.slice(0, 9) };
};

test.describe("shop list", () => {
  test("lists the demo shops with status tags and department chips; View is hidden for a Rejected shop", async ({
    page,
  }) => {
    await signInByCookie(page, ADMIN);
    await page.goto("/app/shop-list");
    await expect(page.getByRole("heading", { name: "Shops", level: 1 })).toBeVisible();
    const harbour = rowOf(page, "Harbour Threads");
    await expect(harbour.locator("[data-status]")).toHaveText("Approved");
    await expect(harbour.getByTestId("category-chips")).toContainText("Men's Fashion");
    await expect(harbour.getByRole("link", { name: "View Harbour Threads" })).toHaveAttribute(
      "href",
      /\/app\/shop\/[^/]+\/shopInfo$/,
    );
    // every state is in the demo data; a Rejected shop has no View
    for (const status of ["Pending", "Approved", "Rejected"])
      await expect(table(page).locator(`[data-status="${status}"]`).first()).toBeVisible();
    const rejected = rows(page)
      .filter({ has: page.locator('[data-status="Rejected"]') })
      .first();
    await expect(rejected.getByRole("link", { name: /^View / })).toHaveCount(0);
    await expect(rejected.getByRole("link", { name: /^Delete / })).toBeVisible();
    await shot(page, "shop-list");
  });

  test("filters by departments (in the URL) and searches", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await page.goto("/app/shop-list");
    await hydrated(page);
    await page.getByRole("checkbox", { name: "Beauty & Personal Care" }).check();
    await expect(page).toHaveURL(/category=/);
    await expect(rowOf(page, "Glow Botanics")).toBeVisible();
    await expect(rowOf(page, "Harbour Threads")).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Women's Fashion" }).check();
    await expect(rowOf(page, "Harbour Threads")).toBeVisible();
    await expect(rowOf(page, "Glow Botanics")).toBeVisible();
    await page.goto("/app/shop-list");
    await page.getByRole("searchbox", { name: "Search shops" }).fill("Chloe");
    await expect(page).toHaveURL(/search=Chloe/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rowOf(page, "Glow Botanics")).toBeVisible();
  });
});

/** Fills the Add shop form as a person would; `js` chooses the address and the pictures the scripted way or the plain way. */
async function fillShop(page: Page, shop: { name: string; mobile: string }, js: boolean) {
  await page.getByLabel("Full Name").fill("Ruby Lawson");
  await page.getByRole("radio", { name: "Female" }).check();
  await page.getByLabel("Phone Number", { exact: true }).fill(shop.mobile);
  await page.getByLabel("Shop Name").fill(shop.name);
  await page.getByLabel("Shop E-mail").fill(`${shop.name.replace(/\s+/g, ".").toLowerCase()}@example.test`);
  await page.getByLabel("Website (optional)").fill("rubylawson.example.test");
  for (const d of ["Home & Living", "Beauty & Personal Care", "Kids & Baby", "Sports & Outdoors"])
    await page.getByRole("checkbox", { name: d }).check();
  await page.getByLabel("Story").fill("Candles poured by hand.\n\nShipped Australia-wide.");
  await page.locator("#shop-image").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await page.locator("#shop-coverImage").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
  if (js) {
    await expect(page.getByTestId("image-preview")).toBeVisible();
    await expect(page.getByTestId("coverImage-preview")).toBeVisible();
    await page.getByRole("combobox", { name: "Address" }).fill("12 George St, Sydney");
    await expect(page.getByRole("option", { name: "12 George St, Sydney, New South Wales, Australia" })).toBeVisible();
    await shot(page, "address-predictions-js");
    await page.getByRole("option", { name: "12 George St, Sydney, New South Wales, Australia" }).click();
    await expect(page.getByTestId("address-chosen")).toHaveText("12 George St, Sydney, New South Wales, Australia");
  } else {
    await page.getByRole("combobox", { name: "Address" }).fill("12 George St, Sydney");
    await page.getByRole("button", { name: "Search address" }).click();
    await page.getByRole("radio", { name: "12 George St, Sydney, New South Wales, Australia" }).check();
  }
}

/** Two opening slots on Monday and one on Saturday, then the timings' own Submit. */
async function fillTimings(page: Page, js: boolean) {
  const editor = page.getByTestId("timings-editor");
  const row = (i: number) => editor.getByTestId("timing-row").nth(i);
  const setRow = async (i: number, day: string, start: string, end: string) => {
    await row(i)
      .getByLabel(`Day of row ${i + 1}`)
      .selectOption(day);
    await row(i)
      .getByLabel(`Start of row ${i + 1}`)
      .selectOption(start);
    await row(i)
      .getByLabel(`End of row ${i + 1}`)
      .selectOption(end);
  };
  await setRow(0, "monday", "9:00 AM", "12:00 PM");
  await editor.getByRole("button", { name: "+ Add row" }).click();
  await expect(editor.getByTestId("timing-row")).toHaveCount(2);
  await setRow(1, "monday", "1:00 PM", "5:00 PM");
  await editor.getByRole("button", { name: "+ Add row" }).click();
  await expect(editor.getByTestId("timing-row")).toHaveCount(3);
  await setRow(2, "saturday", "10:00 AM", "2:00 PM");
  await editor.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("timings-saved")).toBeVisible();
  void js;
}

// The first submit reports an invalid phone together with every other field's message, not after they pass
for (const js of [true, false]) {
  test.describe(`add shop, first submit, ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });

    test("an invalid owner phone and an empty Shop Name are both reported on the first submit", async ({ page }) => {
      await signInByCookie(page, ADMIN);
      await page.goto("/app/add-shop");
      if (js) await hydrated(page);
      await page.getByLabel("Full Name").fill("Ruby Lawson");
      await page.getByRole("radio", { name: "Female" }).check();
      await page.getByLabel("Phone Number", { exact: true }).fill("12345");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await expect(page.getByText("Please enter a valid mobile number")).toBeVisible();
      await expect(page.getByText("Please Enter Shop Name", { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/app\/add-shop$/);
    });
  });
}

test.describe("add shop with JavaScript", () => {
  test("every required field's message and 'Please Enter All Required Fields', then a shop added end to end", async ({
    page,
  }) => {
    test.slow();
    await signInByCookie(page, ADMIN);
    await page.goto("/app/shop-list");
    await page.getByRole("link", { name: "Add Shop" }).click();
    await expect(page).toHaveURL(/\/app\/add-shop$/);
    await hydrated(page);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText("Please Enter All Required Fields").first()).toBeVisible();
    for (const message of [
      "Please enter your name",
      "Please select gender",
      "Please enter your phone number",
      "Please Enter Shop Name",
      "Please enter shop story",
      "Please enter valid shop's email",
      "Please Select Shop's Address",
      "Please Select Shop Category",
      "Please Add Shop Image",
      "Please Add Shop Cover Image",
      "Please Add Shop Timing",
    ]) {
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    }
    await shot(page, "add-shop-errors-js");

    const shop = unique();
    await page.getByLabel("Shop Name").fill("X".repeat(26));
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText("Maximum 25 Character Of The Shop Name")).toBeVisible();
    await fillShop(page, shop, true);
    await fillTimings(page, true);
    await shot(page, "add-shop-filled-js");
    // the API's verdict on the phone comes back beside the field, and everything else stays as it was
    await page.getByLabel("Phone Number", { exact: true }).fill("12345");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText("Please enter a valid mobile number")).toBeVisible();
    await expect(page.getByText("Please Enter All Required Fields").first()).toBeVisible();
    await expect(page.getByTestId("address-chosen")).toHaveText("12 George St, Sydney, New South Wales, Australia");
    await expect(page.getByTestId("timings-saved")).toBeVisible();
    await page.getByLabel("Phone Number", { exact: true }).fill(shop.mobile);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(toast(page)).toContainText(`Shop - ${shop.name} created successfully`);
    await expect(page).toHaveURL(/\/app\/shop-list$/);
    // Pending, with 3 chips then '+1'
    const row = rowOf(page, shop.name);
    await expect(row.locator("[data-status]")).toHaveText("Pending");
    await expect(row.getByTestId("category-chips").locator("span")).toHaveCount(4);
    await expect(row.getByTestId("category-chips")).toContainText("+1");
    await shot(page, "shop-list-after-add");
  });

  test("verification: Pending → Approved; Approved cannot go back to Pending; no change is 'Please Change the Status'; then delete", async ({
    page,
  }) => {
    test.slow();
    await signInByCookie(page, ADMIN);
    await holdRefresh(page);
    await page.goto("/app/add-shop");
    await hydrated(page);
    const shop = unique();
    await fillShop(page, shop, true);
    await fillTimings(page, true);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page).toHaveURL(/\/app\/shop-list$/);
    await hydrated(page);

    await rowOf(page, shop.name)
      .getByRole("link", { name: `Change the status of ${shop.name}` })
      .click();
    await expect(statusDialog(page)).toBeVisible();
    await statusDialog(page).getByRole("button", { name: "Confirm" }).click();
    await expect(statusDialog(page)).toContainText("Please Change the Status");
    await statusDialog(page)
      .getByRole("radio", { name: /Approved/ })
      .check();
    await shot(page, "shop-verification-dialog");
    await statusDialog(page).getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page)).toContainText(`Shop - ${shop.name} is now Approved`);
    await expect(rowOf(page, shop.name).locator("[data-status]")).toHaveText("Approved");
    // spec 1 §4: the list refreshes after about 1 s (the notice goes with it)
    await expect(page.getByText(`Shop - ${shop.name} is now Approved`)).toHaveCount(0);
    await rowOf(page, shop.name)
      .getByRole("link", { name: `Change the status of ${shop.name}` })
      .click();
    await expect(statusDialog(page).getByRole("radio", { name: /Pending/ })).toBeDisabled();
    await statusDialog(page).getByRole("link", { name: "Cancel" }).click();

    await rowOf(page, shop.name)
      .getByRole("link", { name: `Delete ${shop.name}` })
      .click();
    await expect(page.getByRole("alertdialog", { name: "Delete shop" })).toContainText(
      `Are you sure you want to delete the shop ${shop.name}?`,
    );
    await shot(page, "shop-delete-confirm");
    await page.getByRole("alertdialog", { name: "Delete shop" }).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText(`Shop - ${shop.name} deleted successfully`);
    await expect(rowOf(page, shop.name)).toHaveCount(0);
  });

  test("Discard goes back to the list", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await page.goto("/app/add-shop");
    await page.getByRole("link", { name: "Discard" }).click();
    await expect(page).toHaveURL(/\/app\/shop-list$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add shop: search and choose the address, rows added by posting, timings Submit, then Add returns to the list", async ({
    page,
  }) => {
    test.slow();
    await signInByCookie(page, ADMIN);
    await holdRefresh(page);
    await page.goto("/app/add-shop");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText("Please Enter All Required Fields").first()).toBeVisible();
    await expect(page.getByText("Please Add Shop Timing").first()).toBeVisible();
    const shop = unique();
    await fillShop(page, shop, false);
    await shot(page, "add-shop-address-nojs");
    await fillTimings(page, false);
    // what was typed and chosen survived every round trip
    await expect(page.getByLabel("Shop Name")).toHaveValue(shop.name);
    await expect(page.getByTestId("address-chosen")).toHaveText("12 George St, Sydney, New South Wales, Australia");
    await expect(page.getByTestId("image-preview")).toBeVisible();
    await shot(page, "add-shop-filled-nojs");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText(`Shop - ${shop.name} created successfully`)).toBeVisible();
    // the Refresh header returns to the list
    await returnToList(page, /^\/app\/shop-list$/, 2);
    await expect(rowOf(page, shop.name).locator("[data-status]")).toHaveText("Pending");
    // and delete it through the URL-driven confirmation
    await rowOf(page, shop.name)
      .getByRole("link", { name: `Delete ${shop.name}` })
      .click();
    await page.getByRole("alertdialog", { name: "Delete shop" }).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText(`Shop - ${shop.name} deleted successfully`);
    await expect(rowOf(page, shop.name)).toHaveCount(0);
  });

  test("shop list: filter with Apply and the verification dialog through the URL", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await page.goto("/app/shop-list");
    await page.getByRole("checkbox", { name: "Beauty & Personal Care" }).check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/category=/);
    await expect(rowOf(page, "Glow Botanics")).toBeVisible();
    await expect(rowOf(page, "Harbour Threads")).toHaveCount(0);
    await rowOf(page, "Glow Botanics").getByRole("link", { name: "Change the status of Glow Botanics" }).click();
    await expect(statusDialog(page).getByRole("radio", { name: /Pending/ })).toBeDisabled();
    await statusDialog(page).getByRole("button", { name: "Confirm" }).click();
    await expect(statusDialog(page)).toContainText("Please Change the Status");
    await shot(page, "shop-list-nojs-dialog");
  });
});
