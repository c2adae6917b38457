import { expect, test, type Page } from "@playwright/test";
import { ADMIN, hydrated, signIn } from "./support";

// ARCHITECTURE §7, the form idiom: every rule on the first submit; a field's error clears once its value changes;
// nothing stale after a successful save; a form bound to a record is keyed by it; each message shown once.

const unique = () => Math.random().toString(36).slice(2, 7);
const toast = (page: Page) => page.getByTestId("toast");
const formWith = (page: Page, button: string) => page.locator("form").filter({ has: page.getByRole("button", { name: button, exact: true }) });
const section = (page: Page, title: string) => page.locator("form").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

async function addCategory(page: Page, name: string, parent?: string) {
  const res = await page.request.post("/api/category", { data: parent ? { name, parent } : { name } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data._id as string;
}

for (const js of [true, false]) {
  test.describe(`the sub-category screen ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });
    test.beforeEach(async ({ page }) => {
      await signIn(page, ADMIN, { js });
    });

    test("a move to a child and a successful add leave no name and no error behind", async ({ page }) => {
      const tag = unique();
      const department = await addCategory(page, `Camping ${tag}`);
      await addCategory(page, `Tents ${tag}`, department);
      await page.goto(`/app/${department}/sub-category`);
      if (js) await hydrated(page);

      const add = formWith(page, "Add Category");
      await add.getByRole("button", { name: "Add Category" }).click();
      await expect(add.getByText("Please Enter Sub Category Name")).toBeVisible();
      await add.getByLabel("Category Name").fill(`Stoves ${tag}`);
      if (js) await expect(add.getByText("Please Enter Sub Category Name")).toHaveCount(0);
      await add.getByRole("button", { name: "Add Category" }).click();
      await expect(toast(page)).toContainText(`Stoves ${tag} added successfully`);
      await expect(add.getByLabel("Category Name")).toHaveValue("");
      await expect(page.getByText("Please Enter Sub Category Name")).toHaveCount(0);

      // the category's own Name field holds its own name, and its add form starts empty
      await page.getByRole("link", { name: `Stoves ${tag}`, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Stoves ${tag}` })).toBeVisible();
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`Stoves ${tag}`);
      await expect(formWith(page, "Add Sub Category").getByLabel("Sub Category Name")).toHaveValue("");
      await page.getByRole("link", { name: `Camping ${tag}`, exact: true }).click();
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`Camping ${tag}`);
      await page.getByRole("link", { name: `Tents ${tag}`, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Tents ${tag}` })).toBeVisible();
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`Tents ${tag}`);
      await page.getByRole("button", { name: "Save name" }).click();
      await expect(toast(page)).toContainText("Category updated successfully");
      await expect(page.getByRole("heading", { level: 1, name: `Tents ${tag}` })).toBeVisible();
    });

    test("a leaf's tax error clears on change and is gone beside the saved toast", async ({ page }) => {
      const tag = unique();
      const department = await addCategory(page, `Garden ${tag}`);
      const category = await addCategory(page, `Tools ${tag}`, department);
      const leaf = await addCategory(page, `Rakes ${tag}`, category);
      await page.goto(`/app/${leaf}/sub-category`);
      if (js) await hydrated(page);
      const tax = section(page, "Tax");
      await tax.getByLabel("Tax (%)").fill("");
      await tax.getByRole("button", { name: "Save Tax" }).click();
      await expect(tax.getByText("Please Enter Tax")).toBeVisible();
      await tax.getByLabel("Tax (%)").fill("12");
      if (js) await expect(tax.getByText("Please Enter Tax")).toHaveCount(0);
      await tax.getByRole("button", { name: "Save Tax" }).click();
      await expect(toast(page)).toContainText("Category updated successfully");
      await expect(page.getByText("Please Enter Tax")).toHaveCount(0);
      await expect(tax.getByLabel("Tax (%)")).toHaveValue("12");
    });
  });
}
