import { expect, test, type Page } from "@playwright/test";
import { ADMIN, holdRefresh, hydrated, returnToList, signInByCookie } from "./support";

// spec 2 §2 Brands list and Add Brand, §5 Brand and Image upload, §9 (return to the list after about 1 s)

// a real 1×1 PNG, so the browser can draw it
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const HTML = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");
const SHOTS = process.env.SHOTS_DIR;

/** A brand name no other run or test uses. */
const uniqueName = (stem: string) => `${stem} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const table = (page: Page) => page.getByRole("table", { name: "Brands" });
const rows = (page: Page) => table(page).locator("tbody tr");
const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.getByText(name, { exact: true }) });
const fileInput = (page: Page) => page.locator('input[type="file"][name="imageFile"]');
const toast = (page: Page) => page.getByTestId("toast");
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** Adds a brand through Add Brand (with or without JavaScript) and waits for the return to the list. */
async function addBrand(page: Page, name: string, js: boolean) {
  await page.goto("/app/add-brand");
  if (js) await hydrated(page);
  await page.getByLabel("Name").fill(name);
  await fileInput(page).setInputFiles({ name: "brand logo.png", mimeType: "image/png", buffer: PNG });
  if (js) await expect(page.getByText("brand logo.png file uploaded successfully")).toBeVisible();
  await page.getByRole("button", { name: "Add Brand" }).click();
  await expect(toast(page)).toContainText("Brand added successfully");
  if (!js) await returnToList(page, /^\/app\/brands$/);
  await expect(page).toHaveURL(/\/app\/brands$/);
}

/** The thumbnail of a brand's row has loaded a real picture from our storage. */
async function expectThumbnail(page: Page, name: string) {
  const thumb = rowOf(page, name).getByRole("img", { name: `${name} logo` });
  await expect(thumb).toHaveAttribute(
    "src",
    /^\/api\/files\/localhost-\d+\/catalogueImage\/\d{13}-[0-9a-f]{8}-brand-logo\.png$/,
  );
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
}

test.describe("brands with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await signInByCookie(page, ADMIN);
  });

  test("Add Brand from the list: upload a PNG, toast, back to the list after about 1 s, shown with its image", async ({
    page,
  }) => {
    await page.goto("/app/brands");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Brands", level: 1 })).toBeVisible();
    await shot(page, "brands-list-js");
    await page.getByRole("link", { name: "Add Brand" }).click();
    await expect(page).toHaveURL(/\/app\/add-brand$/);
    await expect(page.getByRole("heading", { name: "Add Brand", level: 1 })).toBeVisible();
    await hydrated(page);

    const name = uniqueName("Aurora Outdoor");
    await page.getByLabel("Name").fill(name);
    await fileInput(page).setInputFiles({ name: "brand logo.png", mimeType: "image/png", buffer: PNG });
    // spec 2 §8: the upload names the file
    await expect(page.getByText("brand logo.png file uploaded successfully")).toBeVisible();
    await expect(page.getByText("Uploaded!")).toHaveCount(0);
    await expect(page.getByTestId("brand-image-preview")).toHaveAttribute("src", /catalogueImage\/.*brand-logo\.png$/);
    await shot(page, "add-brand-js");
    await page.getByRole("button", { name: "Add Brand" }).click();
    await expect(toast(page)).toContainText("Brand added successfully");
    await expect(page).toHaveURL(/\/app\/add-brand$/);
    // the add page is not the list: its toast links back to it
    await expect(toast(page).getByRole("link", { name: "Back to the list" })).toHaveAttribute("href", "/app/brands");
    const savedAt = Date.now();
    await expect(page).toHaveURL(/\/app\/brands$/);
    // spec 2 §9: about a second, not at once
    expect(Date.now() - savedAt).toBeGreaterThan(500);
    // newest first: the new brand leads the list
    await expect(rows(page).first()).toContainText(name);
    await expectThumbnail(page, name);
  });

  test("an empty submit shows both messages; a leading space shows 'Spaces are not allowed'; a non-image is refused", async ({
    page,
  }) => {
    await page.goto("/app/add-brand");
    await hydrated(page);
    await page.getByRole("button", { name: "Add Brand" }).click();
    await expect(page.getByText("Please Add Brand Name")).toBeVisible();
    await expect(page.getByText("Please Upload Brand Image")).toBeVisible();
    await shot(page, "add-brand-errors-js");
    await page.getByLabel("Name").fill(" Leading Space");
    await page.getByRole("button", { name: "Add Brand" }).click();
    await expect(page.getByText("Spaces are not allowed")).toBeVisible();
    await expect(page.getByText("Please Add Brand Name")).toBeHidden();
    await page.getByLabel("Name").fill("B".repeat(51));
    await page.getByRole("button", { name: "Add Brand" }).click();
    await expect(page.getByText("Maximum 50 Characters Allowed")).toBeVisible();
    // a GIF is refused before sending; HTML renamed .png is refused by the server's content check
    await fileInput(page).setInputFiles({ name: "logo.gif", mimeType: "image/gif", buffer: PNG });
    await expect(page.getByText("You can only upload JPG/PNG file!")).toBeVisible();
    await fileInput(page).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: HTML });
    await expect(page.getByText("You can only upload JPG/PNG file!")).toBeVisible();
    await expect(page).toHaveURL(/\/app\/add-brand$/);
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/app\/brands$/);
  });

  test("search is in the URL; Edit opens the side panel, which renames the brand and closes", async ({ page }) => {
    const name = uniqueName("Cobalt Gear");
    await addBrand(page, name, true);
    await hydrated(page);
    await page.getByLabel("Search brands").fill(name);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(name).replace(/%20/g, "(\\+|%20)")}`));
    await expect(rows(page)).toHaveCount(1);
    // one brand: the singular
    await expect(page.getByTestId("list-range")).toHaveText("Showing 1 of 1 brand");

    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(/drawer=edit&id=[0-9a-f]{24}/);
    const panel = page.getByRole("dialog", { name: "Edit Brand" });
    await expect(panel).toBeVisible();
    await expect(panel.getByLabel("Name")).toHaveValue(name);
    await shot(page, "brands-edit-drawer-js");

    await panel.getByLabel("Name").fill(` ${name}`);
    await panel.getByRole("button", { name: "Save" }).click();
    await expect(panel.getByText("Spaces are not allowed")).toBeVisible();
    await panel.getByLabel("Name").fill("");
    await panel.getByRole("button", { name: "Save" }).click();
    await expect(panel.getByText("Please Add Brand Name")).toBeVisible();

    const renamed = `${name} Renamed`;
    await panel.getByLabel("Name").fill(renamed);
    await panel.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Brand updated successfully");
    await expect(page).not.toHaveURL(/drawer=/);
    await expect(page).toHaveURL(/search=/);
    await expect(panel).toBeHidden();
    await expect(rowOf(page, renamed)).toHaveCount(1);
    await expectThumbnail(page, renamed);
  });

  test("a name already taken is refused on the field", async ({ page }) => {
    const name = uniqueName("Twin Peaks");
    await addBrand(page, name, true);
    await page.goto("/app/add-brand");
    await hydrated(page);
    await page.getByLabel("Name").fill(name.toUpperCase());
    await fileInput(page).setInputFiles({ name: "brand logo.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByText("brand logo.png file uploaded successfully")).toBeVisible();
    await page.getByRole("button", { name: "Add Brand" }).click();
    await expect(page.getByText("A brand with this name already exists")).toBeVisible();
    await expect(page).toHaveURL(/\/app\/add-brand$/);
  });
});

test.describe("brands without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.beforeEach(async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await holdRefresh(page);
  });

  test("empty submit shows both messages; the file is posted with the form; the page returns to the list", async ({
    page,
  }) => {
    await page.goto("/app/add-brand");
    await page.getByRole("button", { name: "Add Brand" }).click();
    await expect(page.getByText("Please Add Brand Name")).toBeVisible();
    await expect(page.getByText("Please Upload Brand Image")).toBeVisible();
    await shot(page, "add-brand-errors-nojs");

    // a leading space and a refused file are both reported; the name typed is kept
    await page.getByLabel("Name").fill(" Spaced");
    await fileInput(page).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: HTML });
    await page.getByRole("button", { name: "Add Brand" }).click();
    await expect(page.getByText("Spaces are not allowed")).toBeVisible();
    await expect(page.getByText("You can only upload JPG/PNG file!")).toBeVisible();
    await expect(page.getByText("Please Upload Brand Image")).toBeHidden();
    await expect(page.getByLabel("Name")).toHaveValue(" Spaced");

    const name = uniqueName("Nordic Knit");
    await page.getByLabel("Name").fill(name);
    await fileInput(page).setInputFiles({ name: "brand logo.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Add Brand" }).click();
    await expect(toast(page)).toContainText("Brand added successfully");
    await shot(page, "add-brand-saved-nojs");
    // the Refresh header goes back after about 1 s
    await returnToList(page, /^\/app\/brands$/);
    await expect(rows(page).first()).toContainText(name);
    await expectThumbnail(page, name);
    await shot(page, "brands-list-nojs");
  });

  test("an image uploaded with a refused name is kept for the next submit", async ({ page }) => {
    await page.goto("/app/add-brand");
    await page.getByLabel("Name").fill("N".repeat(51));
    await fileInput(page).setInputFiles({ name: "brand logo.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Add Brand" }).click();
    await expect(page.getByText("Maximum 50 Characters Allowed")).toBeVisible();
    await expect(page.getByTestId("brand-image-preview")).toHaveAttribute("src", /catalogueImage\/.*brand-logo\.png$/);
    const name = uniqueName("Kept Image");
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Add Brand" }).click();
    await expect(toast(page)).toContainText("Brand added successfully");
    await returnToList(page, /^\/app\/brands$/);
    await expectThumbnail(page, name);
  });

  test("search form, Edit side panel with a new image, back to the list without the panel", async ({ page }) => {
    const name = uniqueName("Harbour Goods");
    await addBrand(page, name, false);
    await page.getByLabel("Search brands").fill(name);
    await page
      .getByRole("search")
      .filter({ has: page.getByLabel("Search brands") })
      .getByRole("button", { name: "Search" })
      .click();
    await expect(page).toHaveURL(/\/app\/brands\?search=/);
    await expect(rows(page)).toHaveCount(1);

    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(/drawer=edit&id=/);
    const panel = page.getByRole("dialog", { name: "Edit Brand" });
    await expect(panel.getByLabel("Name")).toHaveValue(name);
    await shot(page, "brands-edit-drawer-nojs");
    await panel.getByLabel("Name").fill("");
    await panel.getByRole("button", { name: "Save" }).click();
    await expect(panel.getByText("Please Add Brand Name")).toBeVisible();
    await expect(page).toHaveURL(/drawer=edit/);

    const renamed = `${name} Two`;
    await panel.getByLabel("Name").fill(renamed);
    await panel
      .locator('input[type="file"][name="imageFile"]')
      .setInputFiles({ name: "brand logo.png", mimeType: "image/png", buffer: PNG });
    await panel.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Brand updated successfully");
    await expect(page).not.toHaveURL(/drawer=/);
    await expect(rowOf(page, renamed)).toHaveCount(1);
    await expectThumbnail(page, renamed);
  });
});
