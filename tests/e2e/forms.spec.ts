import { expect, test, type Page } from "@playwright/test";
import { ADMIN, hydrated, signInByCookie } from "./support";

// ARCHITECTURE §7, the form idiom: every rule on the first submit; a field's error clears once its value changes;
// nothing stale after a successful save; a form bound to a record is keyed by it; each message shown once.

const unique = () => Math.random().toString(36).slice(2, 7);
const toast = (page: Page) => page.getByTestId("toast");
const formWith = (page: Page, button: string) =>
  page.locator("form").filter({ has: page.getByRole("button", { name: button, exact: true }) });
const section = (page: Page, title: string) =>
  page.locator("form").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

async function addCategory(page: Page, name: string, parent?: string) {
  const res = await page.request.post("/api/category", { data: parent ? { name, parent } : { name } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data._id as string;
}

for (const js of [true, false]) {
  test.describe(`the sub-category screen ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });
    test.beforeEach(async ({ page }) => {
      await signInByCookie(page, ADMIN);
    });

    test("a move to a child and a successful add leave no name and no error behind", async ({ page }) => {
      const tag = unique();
      const department = await addCategory(page, `Camping ${tag}`);
      await addCategory(page, `Tents ${tag}`, department);
      await page.goto(`/app/${department}/sub-category`);
      if (js) await hydrated(page);

      const add = formWith(page, "Add Category");
      await add.getByRole("button", { name: "Add Category" }).click();
      await expect(add.getByText("Please Enter Category Name")).toBeVisible();
      await add.getByLabel("Category Name").fill(`Stoves ${tag}`);
      if (js) await expect(add.getByText("Please Enter Category Name")).toHaveCount(0);
      await add.getByRole("button", { name: "Add Category" }).click();
      await expect(toast(page)).toContainText(`Stoves ${tag} added successfully`);
      await expect(add.getByLabel("Category Name")).toHaveValue("");
      await expect(page.getByText("Please Enter Category Name")).toHaveCount(0);

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

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test.describe("errors clear on change and never sit beside the success toast (JavaScript)", () => {
  test.beforeEach(async ({ page }) => {
    await signInByCookie(page, ADMIN);
  });

  test("Edit Profile: the phone's error goes once the number changes, and after the save", async ({ page }) => {
    await page.goto("/app/setting/edit-profile");
    await hydrated(page);
    const phone = page.getByLabel("Phone Number", { exact: true });
    const mine = await phone.inputValue();
    await phone.fill("12");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Please enter a valid mobile number")).toBeVisible();
    await phone.fill(mine);
    await expect(page.getByText("Please enter a valid mobile number")).toHaveCount(0);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toContainText("Changes made successfully");
    await expect(page.getByText("Please enter a valid mobile number")).toHaveCount(0);
    await expect(phone).toHaveValue(mine);
  });

  test("Add Brand: 'Maximum 50 Characters Allowed' goes once the name is shortened", async ({ page }) => {
    await page.goto("/app/add-brand");
    await hydrated(page);
    await page.getByLabel("Name").fill("B".repeat(51));
    await page.locator('input[type="file"]').setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByText("logo.png file uploaded successfully")).toBeVisible();
    await page.getByRole("button", { name: "Add Brand" }).click();
    await expect(page.getByText("Maximum 50 Characters Allowed")).toBeVisible();
    await page.getByLabel("Name").fill(`Brand ${unique()}`);
    await expect(page.getByText("Maximum 50 Characters Allowed")).toHaveCount(0);
    await page.getByRole("button", { name: "Add Brand" }).click();
    await expect(toast(page)).toContainText("Brand added successfully");
    await expect(page.getByText("Maximum 50 Characters Allowed")).toHaveCount(0);
  });
});

for (const js of [true, false]) {
  test.describe(`public registration ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });

    test("an invalid number is reported with every other rule on the first submit, and revalidated on change", async ({
      page,
    }) => {
      await page.goto("/influencer/register");
      if (js) await hydrated(page);
      await page.getByLabel("Mobile Number", { exact: true }).fill("12");
      await page.getByRole("button", { name: "Register", exact: true }).click();
      // spec 1 §5: every rule at once, the phone's among them
      await expect(page.getByText("Please enter a valid mobile number", { exact: true })).toBeVisible();
      await expect(page.getByText("Please Enter Full Name", { exact: true })).toBeVisible();
      await expect(page.getByText("Please Enter Bio", { exact: true })).toBeVisible();
      if (!js) return;
      await page.getByLabel("Mobile Number", { exact: true }).fill("0400000123");
      await expect(page.getByText("Please enter a valid mobile number", { exact: true })).toHaveCount(0);
      await expect(page.getByText("Please Enter Full Name", { exact: true })).toBeVisible();
    });
  });
}
