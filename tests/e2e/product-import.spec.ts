import { expect, test, type Page } from "@playwright/test";
import { OWNER, TEST_PNG, data, hydrated, signInByCookie } from "./support";

// ADR 0073: the product import, with and without JavaScript: a file with a problem shows it by row and column and
// saves nothing; the fixed file shows a preview, and Confirm creates the products, which the list then shows.

type Product = {
  _id: string;
  name: string;
  isVariationAvailable: boolean;
  brand: { name: string };
  department: { name: string };
  categories: { name: string };
  subcategory: { name: string };
  attr: Record<string, { value: string | string[] }>;
};

const cell = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);

/** A CSV of two single products in the taxonomy, brand and attributes of one of the owner's products. */
async function importFile(page: Page, names: [string, string], secondPrice: string) {
  const rows = await data<Product[]>(await page.request.get("/api/product", { params: { limit: 50 } }));
  const single = rows.find((p) => !p.isVariationAvailable)!;
  const model = await data<Product>(await page.request.get(`/api/product/${single._id}`));
  const attributes = Object.entries(model.attr);
  const header = [
    "Handle",
    "Name",
    "Description",
    "Department",
    "Category",
    "Sub-category",
    "Brand",
    "Price",
    "Stock",
    "Image URLs",
    ...attributes.map(([name]) => `Attribute: ${name}`),
  ];
  const row = (name: string, price: string) => [
    name.toLowerCase().replace(/\W+/g, "-"),
    name,
    "Imported from a spreadsheet.",
    model.department.name,
    model.categories.name,
    model.subcategory.name,
    model.brand.name,
    price,
    "7",
    "import shirt.png",
    ...attributes.map(([, a]) => (Array.isArray(a.value) ? a.value.join("|") : a.value)),
  ];
  const lines = [header, row(names[0], "15.00"), row(names[1], secondPrice)];
  return {
    name: "products.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(lines.map((l) => l.map(cell).join(",")).join("\r\n")),
  };
}

async function uploadAndCheck(page: Page, file: Awaited<ReturnType<typeof importFile>>) {
  await page.getByLabel("CSV file").setInputFiles(file);
  await page.getByLabel("Product images (optional)").setInputFiles({
    name: "import shirt.png",
    mimeType: "image/png",
    buffer: TEST_PNG,
  });
  await page.getByRole("button", { name: "Check file" }).click();
}

async function importJourney(page: Page, js: boolean) {
  const stamp = `${js ? "JS" : "Plain"} ${Date.now() % 1_000_000}`;
  const names: [string, string] = [`Imported Linen ${stamp}`, `Imported Denim ${stamp}`];
  await signInByCookie(page, OWNER);
  await page.goto("/app/products");
  if (js) await hydrated(page);
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page.getByRole("heading", { name: "Import products" })).toBeVisible();
  if (js) await hydrated(page);
  await expect(page.getByRole("link", { name: "Download template" })).toHaveAttribute(
    "href",
    "/app/products/import/template",
  );

  // a price under $1 on the file's third row: listed by row and column, nothing saved
  await uploadAndCheck(page, await importFile(page, names, "0.50"));
  const problems = page.getByRole("table", { name: "Problems" });
  await expect(problems.getByRole("row", { name: "3 Price Price must be at least $1" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The file has 1 problem; nothing was imported" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm import" })).toHaveCount(0);

  // fixed: a preview, then Confirm
  await uploadAndCheck(page, await importFile(page, names, "22.00"));
  await expect(page.getByRole("heading", { name: "2 products are ready to import" })).toBeVisible();
  const preview = page.getByRole("table", { name: "Rows to import" });
  await expect(preview.getByRole("row", { name: new RegExp(names[1]) })).toContainText("$22.00");
  await page.getByRole("button", { name: "Confirm import" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Imported 2 products with 0 variations" })).toBeVisible();

  await page.getByRole("link", { name: "Go to the products" }).click();
  await expect(page).toHaveURL(/\/app\/products$/);
  await page.goto(`/app/products?search=${encodeURIComponent(stamp)}`);
  const list = page.getByRole("table", { name: "Products" });
  for (const name of names) await expect(list.getByText(name)).toBeVisible();
}

test.describe("Product import without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an owner uploads a file with a problem, fixes it, confirms, and finds the products listed", async ({
    page,
  }) => {
    await importJourney(page, false);
  });
});

test.describe("Product import with JavaScript", () => {
  test("an owner uploads a file with a problem, fixes it, confirms, and finds the products listed", async ({
    page,
  }) => {
    await importJourney(page, true);
  });
});
