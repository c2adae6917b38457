import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, OWNER, hydrated, signInByCookie } from "./support";
import { parseCsv } from "../csv";

// ADR 0068: every list's 'Export CSV' downloads the rows the list shows (with its filter, search and sort), with and
// without JavaScript.

/** The texts of one column of the list's table, top to bottom (every row on the page). */
async function shownColumn(page: Page, table: string, header: string) {
  const grid = page.getByRole("table", { name: table });
  await expect(grid.locator("tbody tr").first()).toBeVisible();
  const headers = (await grid.locator("thead th").allTextContents()).map((text) => text.trim());
  const at = headers.findIndex((text) => text.startsWith(header));
  expect(at, `column ${header} in ${headers.join(" | ")}`).toBeGreaterThanOrEqual(0);
  return (await grid.locator(`tbody tr td:nth-child(${at + 1})`).allTextContents()).map((text) => text.trim());
}

/** Clicks 'Export CSV' and reads the downloaded file: its name and records (header first). */
async function exportCsv(page: Page) {
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  const text = readFileSync((await file.path())!, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  return { name: file.suggestedFilename(), records: parseCsv(text) };
}

/** The list's rows on one page (no next page: the file must hold exactly these) and the file's, compared by a column. */
async function expectSameRows(page: Page, opts: { table: string; header: string; csvHeader?: string }) {
  await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);
  const shown = await shownColumn(page, opts.table, opts.header);
  expect(shown.length).toBeGreaterThan(0);
  const { name, records } = await exportCsv(page);
  const at = records[0].indexOf(opts.csvHeader ?? opts.header);
  expect(at, records[0].join(" | ")).toBeGreaterThanOrEqual(0);
  expect(records.slice(1).map((r) => r[at])).toEqual(shown);
  return { name, records };
}

test.describe("Export CSV with JavaScript", () => {
  test("an admin's brands, searched and sorted by name, download as the list shows them", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await page.goto("/app/brands?search=a&sort=name&sortType=desc&limit=100");
    await hydrated(page);
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/app/brands/export?search=a&sort=name&sortType=desc",
    );
    const { name, records } = await expectSameRows(page, { table: "Brands", header: "Name" });
    expect(name).toMatch(/^brands-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(records[0][0]).toBe("Brand ID");
  });

  test("an owner's products, searched, download with the owner's shop's rows only", async ({ page }) => {
    await signInByCookie(page, OWNER);
    await page.goto("/app/products?search=e&sort=name&sortType=asc&limit=100");
    await hydrated(page);
    const { records } = await expectSameRows(page, { table: "Products", header: "Name" });
    const shops = new Set(records.slice(1).map((r) => r[records[0].indexOf("Shop ID")]));
    expect(shops.size).toBe(1);
  });
});

test.describe("Export CSV without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin's users, filtered by role with Apply, download with the filter", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await page.goto("/app/user-list?sort=email&sortType=asc&limit=100");
    await page.getByRole("checkbox", { name: "Shop owner" }).check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/role=shopOwner/);
    const { records } = await expectSameRows(page, { table: "Users", header: "E-mail" });
    const role = records[0].indexOf("Role");
    expect(records.slice(1).every((r) => r[role] === "Shop owner")).toBe(true);
  });

  test("an admin's attributes, filtered to variation ones, download with the filter", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await page.goto("/app/attributes?sort=name&sortType=asc&limit=100");
    await page.getByLabel("For variation").selectOption("true");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/isForVariation=true/);
    const { records } = await expectSameRows(page, { table: "Attributes", header: "Name" });
    const variation = records[0].indexOf("Variation");
    expect(records.slice(1).every((r) => r[variation] === "Yes")).toBe(true);
  });

  test("a shop page's Products and Campaigns tabs download that shop's rows", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    const [shop] = (await (await page.request.get("/api/shop/list", { params: { search: "Harbour Threads" } })).json())
      .data as { _id: string }[];
    await page.goto(`/app/shop/${shop._id}/products?search=e&sort=name&sortType=asc&limit=100`);
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      `/app/shop/${shop._id}/products/export?search=e&sort=name&sortType=asc`,
    );
    const products = await expectSameRows(page, { table: "Products", header: "Name" });
    expect(new Set(products.records.slice(1).map((r) => r[products.records[0].indexOf("Shop ID")]))).toEqual(
      new Set([shop._id]),
    );
    await page.goto(`/app/shop/${shop._id}/campaigns?sort=title&sortType=asc&limit=100`);
    await expectSameRows(page, { table: "Campaigns", header: "Title" });
  });
});
