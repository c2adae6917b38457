import { expect, test, type Page } from "@playwright/test";
import { ADMIN, OWNER, STAFF, hydrated, signInByCookie } from "./support";

// spec 2 §2 Category list and sub-category screen, §5 Category, §9 (sub-categories only below level 2)

// a real 1×1 PNG, so the browser can draw it
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const unique = () => Math.random().toString(36).slice(2, 7);
const toast = (page: Page) => page.getByTestId("toast");
const table = (page: Page, name: string) => page.getByRole("table", { name });
const section = (page: Page, title: string) =>
  page.locator("form").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** Managed attributes to choose from on a leaf, made through the API (the attributes pages have their own tests). */
async function makeAttributes(page: Page, tag: string) {
  const made: Record<string, string> = {};
  for (const [key, body] of Object.entries({
    fabric: {
      name: `Fabric ${tag}`,
      label: `Fabric ${tag}`,
      type: "dropdown",
      isForVariation: false,
      list: ["Canvas", "Nylon"],
    },
    length: { name: `Length ${tag}`, label: `Length ${tag}`, type: "number", isForVariation: false, list: [] },
    shade: {
      name: `Shade ${tag}`,
      label: `Shade ${tag}`,
      type: "dropdown",
      isForVariation: true,
      list: ["Olive", "Sand"],
    },
  })) {
    const res = await page.request.post("/api/attr", { data: body });
    expect(res.status(), await res.text()).toBe(200);
    made[key] = body.label;
  }
  return made;
}

test.describe("the category tree with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await signInByCookie(page, ADMIN);
  });

  test("an admin builds department → category → sub-category and sets the leaf's attributes, variations, tax and commission", async ({
    page,
  }) => {
    // one long journey through three pages
    test.slow();
    const tag = unique();
    const attrs = await makeAttributes(page, tag);
    await page.goto("/app/category");
    await hydrated(page);
    await page.getByRole("link", { name: "Add Department" }).click();
    await expect(page).toHaveURL(/drawer=add/);
    const drawer = page.getByRole("dialog", { name: "Add Department" });
    await drawer.getByRole("button", { name: "Add Department" }).click();
    await expect(drawer.getByText("Please Enter Category Name")).toBeVisible();

    await drawer.getByLabel("Department Name").fill(`Outdoor ${tag}`);
    // spec 2 §5: JPG or PNG only
    await drawer
      .locator('input[type="file"]')
      .setInputFiles({ name: "outdoor.gif", mimeType: "image/gif", buffer: PNG });
    await expect(drawer.getByText("You can only upload JPG/PNG file!")).toBeVisible();
    await drawer
      .locator('input[type="file"]')
      .setInputFiles({ name: "outdoor.png", mimeType: "image/png", buffer: PNG });
    // spec 2 §8: the upload names the file
    await expect(drawer.getByText("outdoor.png file uploaded successfully")).toBeVisible();
    await drawer.getByRole("button", { name: "Add Department" }).click();
    await expect(toast(page)).toContainText(`Outdoor ${tag} added successfully`);
    await expect(page).not.toHaveURL(/drawer=/);
    await page.getByLabel("Search departments").fill(`Outdoor ${tag}`);
    await expect(page).toHaveURL(/search=Outdoor/);
    const row = table(page, "Departments")
      .getByRole("row")
      .filter({ hasText: `Outdoor ${tag}` });
    await expect(row.locator("img")).toHaveAttribute("src", /\/api\/files\//);
    await row.getByRole("link", { name: `Outdoor ${tag}`, exact: true }).click();

    // the department's page: add a category below it
    await expect(page).toHaveURL(/\/app\/\w+\/sub-category$/);
    await expect(page.getByRole("heading", { level: 1, name: `Outdoor ${tag}` })).toBeVisible();
    await expect(page.getByText("Department", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Add Category" }).click();
    // a department's children are categories (spec 2 §5)
    await expect(page.getByText("Please Enter Category Name")).toBeVisible();
    await expect(page.getByText("Please Enter Sub Category Name")).toHaveCount(0);
    await page.getByLabel("Category Name", { exact: true }).fill("Camping");
    await page.getByRole("button", { name: "Add Category" }).click();
    await expect(toast(page)).toContainText("Camping added successfully");
    await table(page, `Children of Outdoor ${tag}`).getByRole("link", { name: "Camping" }).click();

    // the category's page: add a sub-category
    await expect(page.getByRole("heading", { level: 1, name: "Camping" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText([
      "Categories",
      `Outdoor ${tag}`,
      "Camping",
    ]);
    await page.getByLabel("Sub Category Name").fill("Tents");
    await page.getByRole("button", { name: "Add Sub Category" }).click();
    await expect(toast(page)).toContainText("Tents added successfully");
    await table(page, "Children of Camping").getByRole("link", { name: "Tents" }).click();

    // the leaf: no children (level 2), but attributes, variations, tax and commission
    await expect(page.getByRole("heading", { level: 1, name: "Tents" })).toBeVisible();
    await expect(page.getByText("Sub-category", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /Add Sub Category/ })).toHaveCount(0);

    const attributes = section(page, "Attributes");
    await attributes.getByRole("button", { name: "Save Attributes" }).click();
    await expect(attributes.getByText("Please Add Atleast one Attribute")).toBeVisible();
    await attributes.getByRole("checkbox", { name: new RegExp(attrs.fabric) }).check();
    await attributes.getByRole("checkbox", { name: new RegExp(attrs.length) }).check();
    await expect(attributes.getByLabel(`Unit of ${attrs.length}`)).toHaveValue("");
    await attributes.getByLabel(`Unit of ${attrs.length}`).fill("m");
    await attributes.getByRole("button", { name: "Save Attributes" }).click();
    await expect(toast(page)).toContainText("Category updated successfully");

    const variations = section(page, "Variations");
    await variations.getByRole("button", { name: "Save Variations" }).click();
    await expect(variations.getByText("Please Add Atleast one Variation")).toBeVisible();
    // only attributes marked for variation are offered
    await expect(variations.getByRole("checkbox", { name: new RegExp(attrs.fabric) })).toHaveCount(0);
    await variations.getByRole("checkbox", { name: new RegExp(attrs.shade) }).check();
    await variations.getByRole("button", { name: "Save Variations" }).click();
    await expect(toast(page)).toContainText("Category updated successfully");

    const tax = section(page, "Tax");
    await expect(tax.getByText("Tax range should be 1 to 100")).toBeVisible();
    await tax.getByRole("button", { name: "Save Tax" }).click();
    await expect(tax.getByText("Please Enter Tax")).toBeVisible();
    await tax.getByLabel("Tax (%)").fill("150");
    await tax.getByRole("button", { name: "Save Tax" }).click();
    // each message once: the hint gives way to the identical error
    await expect(tax.getByRole("alert").filter({ hasText: "Tax range should be 1 to 100" })).toBeVisible();
    await expect(tax.getByText("Tax range should be 1 to 100")).toHaveCount(1);
    await tax.getByLabel("Tax (%)").fill("10");
    await tax.getByRole("button", { name: "Save Tax" }).click();
    await expect(toast(page)).toContainText("Category updated successfully");

    const commission = section(page, "Commission");
    await commission.getByRole("button", { name: "Save Commission" }).click();
    await expect(commission.getByText("Please Enter Commission")).toBeVisible();
    await commission.getByLabel("Commission (%)").fill("12");
    await commission.getByRole("button", { name: "Save Commission" }).click();
    await expect(toast(page)).toContainText("Category updated successfully");

    // everything saved is there after a reload
    await page.reload();
    await hydrated(page);
    await expect(section(page, "Attributes").getByRole("checkbox", { name: new RegExp(attrs.fabric) })).toBeChecked();
    await expect(section(page, "Attributes").getByLabel(`Unit of ${attrs.length}`)).toHaveValue("m");
    await expect(section(page, "Variations").getByRole("checkbox", { name: new RegExp(attrs.shade) })).toBeChecked();
    await expect(section(page, "Variations").getByRole("radio").first()).toBeVisible();
    await expect(section(page, "Tax").getByLabel("Tax (%)")).toHaveValue("10");
    await expect(section(page, "Commission").getByLabel("Commission (%)")).toHaveValue("12");

    // a category with children is not deleted; an empty leaf is, back to its parent
    await page
      .getByRole("navigation", { name: "Breadcrumb" })
      .getByRole("link", { name: `Outdoor ${tag}` })
      .click();
    // in use: no active Delete, and the reason instead
    await expect(page.getByRole("button", { name: "Delete department" })).toBeDisabled();
    await expect(page.getByText("This department cannot be deleted: it has 1 category.")).toBeVisible();
    await page.getByRole("link", { name: "Camping" }).click();
    await page.getByRole("link", { name: "Tents" }).click();
    await page.getByRole("link", { name: "Delete sub-category" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Category deleted successfully");
    await expect(page.getByRole("heading", { level: 1, name: "Camping" })).toBeVisible();
    await expect(table(page, "Children of Camping").getByRole("link", { name: "Tents" })).toHaveCount(0);
  });

  test("the department list keeps search, sort and page size in the URL", async ({ page }) => {
    const tag = unique();
    for (let i = 1; i <= 6; i++) {
      const res = await page.request.post("/api/category", { data: { name: `Zone ${tag} ${i}` } });
      expect(res.status()).toBe(200);
    }
    await page.goto("/app/category");
    await hydrated(page);
    await page.getByLabel("Search departments").fill(`Zone ${tag}`);
    await expect(page).toHaveURL(new RegExp(`search=Zone\\+${tag}|search=Zone%20${tag}`));
    await expect(table(page, "Departments").locator("tbody tr")).toHaveCount(6);
    const nameHeader = page.getByRole("columnheader", { name: /Department/ });
    await nameHeader.getByRole("link").click();
    await expect(page).toHaveURL(/sort=name&sortType=asc/);
    // the page shows the new order before the next control is used (its form carries the list's state)
    await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
    await page.getByLabel("Rows per page").selectOption("5");
    await expect(page).toHaveURL(/limit=5/);
    const names = table(page, "Departments").locator("tbody tr td:first-child a");
    await expect(names).toHaveText([1, 2, 3, 4, 5].map((i) => `Zone ${tag} ${i}`));
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(names).toHaveText([`Zone ${tag} 6`]);
    // the URL alone brings the same view back (a bookmark)
    const bookmark = page.url();
    await page.goto("/app/category");
    await page.goto(bookmark);
    await expect(names).toHaveText([`Zone ${tag} 6`]);
  });
});

test.describe("a leaf's saved attributes are never lost", () => {
  test("an attribute past the first 100 (by name) still has its box, so saving another section of the form keeps it", async ({
    page,
  }) => {
    test.slow();
    await signInByCookie(page, ADMIN);
    const tag = unique();
    // enough attributes that sort before it to push it past the 100 the page loads
    const { count } = await (await page.request.get("/api/attr?limit=1")).json();
    for (let i = 0; i < Math.max(0, 101 - count); i++) {
      expect(
        (
          await page.request.post("/api/attr", {
            data: { name: `Aa ${tag} ${i}`, label: `Aa ${tag} ${i}`, type: "text", isForVariation: false, list: [] },
          })
        ).status(),
      ).toBe(200);
    }
    const last = await (
      await page.request.post("/api/attr", {
        data: { name: `Zz Keep ${tag}`, label: `Zz Keep ${tag}`, type: "text", isForVariation: false, list: [] },
      })
    ).json();
    const first = await (
      await page.request.post("/api/attr", {
        data: { name: `A0 First ${tag}`, label: `A0 First ${tag}`, type: "text", isForVariation: false, list: [] },
      })
    ).json();
    const dept = await (await page.request.post("/api/category", { data: { name: `Far ${tag}` } })).json();
    const cat = await (
      await page.request.post("/api/category", { data: { name: "Middle", parent: dept.data._id } })
    ).json();
    const leaf = await (
      await page.request.post("/api/category", { data: { name: "Leaf", parent: cat.data._id } })
    ).json();
    expect(
      (await page.request.put(`/api/category/${leaf.data._id}`, { data: { attr: [last.data._id] } })).status(),
    ).toBe(200);

    await page.goto(`/app/${leaf.data._id}/sub-category`);
    await hydrated(page);
    const attributes = section(page, "Attributes");
    await expect(attributes.getByRole("checkbox", { name: new RegExp(`Zz Keep ${tag}`) })).toBeChecked();
    await attributes.getByRole("checkbox", { name: new RegExp(`A0 First ${tag}`) }).check();
    await attributes.getByRole("button", { name: "Save Attributes" }).click();
    await expect(toast(page)).toContainText("Category updated successfully");
    const saved = await (await page.request.get(`/api/category/${leaf.data._id}`)).json();
    expect(saved.data.attr.map((a: { _id: string }) => a._id).sort()).toEqual([first.data._id, last.data._id].sort());
  });
});

test.describe("the category tree without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("plain forms add a department with its image, a category, a sub-category, and save the leaf's sections", async ({
    page,
  }) => {
    test.slow();
    await signInByCookie(page, ADMIN);
    const tag = unique();
    const attrs = await makeAttributes(page, tag);
    await page.goto("/app/category?drawer=add");
    const drawer = page.getByRole("dialog", { name: "Add Department" });
    await drawer.getByRole("button", { name: "Add Department" }).click();
    await expect(page.getByText("Please Enter Category Name")).toBeVisible();
    await page.getByLabel("Department Name").fill(`Garden ${tag}`);
    // the server reads the file's content: HTML named .png is refused and nothing is added
    await page.getByLabel("Choose image").setInputFiles({
      name: "garden.png",
      mimeType: "image/png",
      buffer: Buffer.from("<html><body>not an image</body></html>"),
    });
    await page.getByRole("dialog", { name: "Add Department" }).getByRole("button", { name: "Add Department" }).click();
    await expect(
      page.getByRole("dialog", { name: "Add Department" }).getByText("You can only upload JPG/PNG file!"),
    ).toBeVisible();
    expect(
      (await (await page.request.post(`/api/category/list?search=Garden+${tag}`, { data: { level: 0 } })).json()).count,
    ).toBe(0);
    await page.getByLabel("Department Name").fill(`Garden ${tag}`);
    await page.getByLabel("Choose image").setInputFiles({ name: "garden.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("dialog", { name: "Add Department" }).getByRole("button", { name: "Add Department" }).click();
    await expect(toast(page)).toContainText(`Garden ${tag} added successfully`);
    await page.goto(`/app/category?search=Garden+${tag}`);
    await expect(table(page, "Departments").locator("img")).toHaveAttribute("src", /\/api\/files\//);
    await table(page, "Departments")
      .getByRole("link", { name: `Garden ${tag}`, exact: true })
      .click();

    await page.getByLabel("Category Name", { exact: true }).fill("Tools");
    await page.getByRole("button", { name: "Add Category" }).click();
    await expect(toast(page)).toContainText("Tools added successfully");
    await page.getByRole("link", { name: "Tools" }).click();
    await page.getByLabel("Sub Category Name").fill("Shovels");
    await page.getByRole("button", { name: "Add Sub Category" }).click();
    await expect(toast(page)).toContainText("Shovels added successfully");
    await page.getByRole("link", { name: "Shovels" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Shovels" })).toBeVisible();

    await section(page, "Attributes").getByRole("button", { name: "Save Attributes" }).click();
    await expect(page.getByText("Please Add Atleast one Attribute")).toBeVisible();
    await section(page, "Attributes")
      .getByRole("checkbox", { name: new RegExp(attrs.fabric) })
      .check();
    await section(page, "Attributes").getByRole("button", { name: "Save Attributes" }).click();
    await expect(toast(page)).toContainText("Category updated successfully");
    await section(page, "Variations")
      .getByRole("checkbox", { name: new RegExp(attrs.shade) })
      .check();
    await section(page, "Variations").getByRole("button", { name: "Save Variations" }).click();
    await expect(toast(page)).toContainText("Category updated successfully");
    await section(page, "Tax").getByRole("button", { name: "Save Tax" }).click();
    await expect(page.getByText("Please Enter Tax")).toBeVisible();
    await section(page, "Tax").getByLabel("Tax (%)").fill("10");
    await section(page, "Tax").getByRole("button", { name: "Save Tax" }).click();
    await expect(toast(page)).toContainText("Category updated successfully");
    await section(page, "Commission").getByLabel("Commission (%)").fill("9");
    await section(page, "Commission").getByRole("button", { name: "Save Commission" }).click();
    await expect(toast(page)).toContainText("Category updated successfully");

    await expect(section(page, "Attributes").getByRole("checkbox", { name: new RegExp(attrs.fabric) })).toBeChecked();
    await expect(section(page, "Variations").getByRole("checkbox", { name: new RegExp(attrs.shade) })).toBeChecked();
    await expect(section(page, "Tax").getByLabel("Tax (%)")).toHaveValue("10");
    await expect(section(page, "Commission").getByLabel("Commission (%)")).toHaveValue("9");
  });
});

for (const js of [true, false]) {
  test.describe(`a department page and a department in use, ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });
    test.beforeEach(async ({ page }) => {
      await signInByCookie(page, ADMIN);
    });

    const addVia = async (page: Page, name: string, parent?: string) => {
      const res = await page.request.post("/api/category", { data: parent ? { name, parent } : { name } });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).data._id as string;
    };

    test("Add Category with an empty name says 'Please Enter Category Name' on a department, 'Please Enter Sub Category Name' on a category", async ({
      page,
    }) => {
      const tag = unique();
      const department = await addVia(page, `Lakes ${tag}`);
      const category = await addVia(page, `Boats ${tag}`, department);
      await page.goto(`/app/${department}/sub-category`);
      if (js) await hydrated(page);
      await page.getByRole("button", { name: "Add Category" }).click();
      await expect(page.getByText("Please Enter Category Name")).toBeVisible();
      await expect(page.getByText("Please Enter Sub Category Name")).toHaveCount(0);
      await page.goto(`/app/${category}/sub-category`);
      if (js) await hydrated(page);
      await page.getByRole("button", { name: "Add Sub Category" }).click();
      await expect(page.getByText("Please Enter Sub Category Name")).toBeVisible();
    });

    test("a department with a category offers no active Delete, on its page and in the list's confirmation, and says why", async ({
      page,
    }) => {
      const tag = unique();
      const department = await addVia(page, `Rivers ${tag}`);
      await addVia(page, `Kayaks ${tag}`, department);
      await addVia(page, `Canoes ${tag}`, department);
      await page.goto(`/app/${department}/sub-category`);
      await expect(page.getByText("0 shops sell in this department.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Delete department" })).toBeDisabled();
      await expect(page.getByRole("link", { name: "Delete department" })).toHaveCount(0);
      await expect(page.getByText("This department cannot be deleted: it has 2 categories.")).toBeVisible();

      await page.goto(`/app/category?search=${encodeURIComponent(`Rivers ${tag}`)}`);
      if (js) await hydrated(page);
      await page.getByRole("link", { name: `Delete Rivers ${tag}` }).click();
      const dialog = page.getByRole("alertdialog", { name: "Delete department" });
      await expect(dialog.getByText("This department cannot be deleted: it has 2 categories.")).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Delete" })).toBeDisabled();
      await expect(dialog.getByText("will not be deleted")).toHaveCount(0);
    });

    test("a department that gained a category after its page loaded is refused with a toast that counts categories", async ({
      page,
    }) => {
      const tag = unique();
      const department = await addVia(page, `Dunes ${tag}`);
      await page.goto(`/app/${department}/sub-category`);
      if (js) await hydrated(page);
      await page.getByRole("link", { name: "Delete department" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Delete department" });
      await expect(dialog.getByRole("button", { name: "Delete" })).toBeEnabled();
      // meanwhile someone adds a category below it
      await addVia(page, `Sandboards ${tag}`, department);
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page)).toHaveText("This department has 1 category. Delete it first.");
      await expect(page.getByRole("heading", { level: 1, name: `Dunes ${tag}` })).toBeVisible();
    });

    test("a department that one shop sells in says so in the singular", async ({ page }) => {
      const res = await page.request.post("/api/category/list?limit=100", { data: { level: 0 } });
      const departments = (await res.json()).data as { _id: string; shopCount: number }[];
      const one = departments.find((d) => d.shopCount === 1);
      expect(one, "a seeded department with exactly one shop").toBeTruthy();
      await page.goto(`/app/${one!._id}/sub-category`);
      await expect(page.getByText("1 shop sells in this department.")).toBeVisible();
      // and it cannot be deleted while that shop sells in it
      await expect(page.getByRole("button", { name: "Delete department" })).toBeDisabled();
      await expect(page.getByText(/1 shop sells in it\.$/)).toBeVisible();
    });
  });
}

test.describe("Add Department with JavaScript", () => {
  test("the error clears once a valid name is typed; after the add, the drawer opens empty with no error", async ({
    page,
  }) => {
    await signInByCookie(page, ADMIN);
    const tag = unique();
    await page.goto("/app/category");
    await hydrated(page);
    await page.getByRole("link", { name: "Add Department" }).click();
    const drawer = page.getByRole("dialog", { name: "Add Department" });
    await drawer.getByRole("button", { name: "Add Department" }).click();
    await expect(drawer.getByText("Please Enter Category Name")).toBeVisible();
    await drawer.getByLabel("Department Name").fill(`Peaks ${tag}`);
    // gone as soon as the name is there, before any submit
    await expect(drawer.getByText("Please Enter Category Name")).toHaveCount(0);
    await drawer.getByRole("button", { name: "Add Department" }).click();
    await expect(toast(page)).toContainText(`Peaks ${tag} added successfully`);
    await expect(page).not.toHaveURL(/drawer=/);
    await page.getByRole("link", { name: "Add Department" }).click();
    await expect(drawer.getByLabel("Department Name")).toHaveValue("");
    await expect(drawer.getByText("Please Enter Category Name")).toHaveCount(0);
    await expect(drawer.getByRole("alert")).toHaveCount(0);
  });
});

test.describe("who sees the taxonomy pages", () => {
  test("shop owners and staff get 'Page not found' on the admin's category, attribute and brand pages", async ({
    page,
  }) => {
    for (const account of [OWNER, STAFF]) {
      await signInByCookie(page, account);
      for (const path of ["/app/category", "/app/attributes", "/app/add-attribute", "/app/brands", "/app/add-brand"]) {
        await page.goto(path);
        await expect(page.getByText("Page not found")).toBeVisible();
      }
      await page.context().clearCookies();
    }
  });

  test("an unknown category is 'Page not found'", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    const res = await page.goto("/app/no-such-category/sub-category");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("Page not found")).toBeVisible();
  });
});
