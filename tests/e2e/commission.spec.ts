import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN, OWNER, OWNER2, STAFF, holdRefresh, hydrated, returnToList, signInByCookie } from "./support";

// spec 1 §2 Commission tab, §5 Commission, §6 (only admins change it), §8 (server message, list reloads after about 1 s)

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const table = (page: Page) => page.getByRole("table", { name: "Category commission" });
const rows = (page: Page) => table(page).locator("tbody tr");
const rowOf = (page: Page, subcategory: string) =>
  rows(page).filter({ has: page.getByRole("cell", { name: subcategory, exact: true }) });
const toast = (page: Page) => page.getByTestId("toast");
const percentField = (page: Page) => page.getByLabel("Commission (%)");
const options = (page: Page) => page.getByRole("listbox", { name: "Sub-category" }).getByRole("option");
const addDrawer = (page: Page) => page.getByRole("dialog", { name: "Add Commission" });
/** The list's primary action opens the add form in a drawer (`?drawer=add`). */
async function openAdd(page: Page) {
  await page.getByRole("link", { name: "Add Commission" }).click();
  await expect(page).toHaveURL(/drawer=add/);
  await expect(addDrawer(page)).toBeVisible();
}

/** The id of an owner's shop: their own shop page is where /app/shop sends them. */
async function shopIdOf(browser: Browser, owner: { email: string; password: string }) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await signInByCookie(page, owner);
  await page.goto("/app/shop");
  await expect(page).toHaveURL(/\/app\/shop\/[^/?]+/);
  const id = new URL(page.url()).pathname.split("/")[3];
  await context.close();
  return id;
}

let harbour = "";
let glow = "";
test.beforeAll(async ({ browser }) => {
  harbour = await shopIdOf(browser, OWNER);
  glow = await shopIdOf(browser, OWNER2);
});
const tab = (shopId: string) => `/app/shop/${shopId}/commission`;

test.describe("commission with JavaScript (admin)", () => {
  test.beforeEach(async ({ page }) => {
    await signInByCookie(page, ADMIN);
  });

  test("lists the shop's commissions; searches after a pause; page size in the URL", async ({ page }) => {
    await page.goto(tab(harbour));
    await hydrated(page);
    await expect(page.getByRole("link", { name: "Commission", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(rowOf(page, "Dresses")).toContainText("10%");
    await expect(rowOf(page, "T-Shirts")).toContainText("9%");
    await shot(page, "commission-admin-js");

    await page.getByLabel("Search commission").fill("dresses");
    await expect(page).toHaveURL(/search=dresses/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Dresses");
    await page.getByLabel("Search commission").fill("");
    await expect(page).not.toHaveURL(/search=/);
    await expect(rowOf(page, "T-Shirts")).toHaveCount(1);

    await page.getByLabel("Rows per page").selectOption("5");
    await expect(page).toHaveURL(/limit=5/);
    await expect(page.getByTestId("list-range")).toContainText(/Showing 1–\d of \d+ commissions/);
  });

  test("add: search and choose a sub-category, the server's message, the list reloads with the new row", async ({
    page,
  }) => {
    await page.goto(tab(harbour));
    await hydrated(page);
    // the list alone: the form opens on demand
    await expect(addDrawer(page)).toHaveCount(0);
    await openAdd(page);

    // spec 1 §5: both required
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText("Please Select Category")).toBeVisible();
    await expect(page.getByText("Please Enter Commission")).toBeVisible();

    const combobox = page.getByRole("combobox", { name: "Sub-category" });
    await combobox.click();
    // the first page of 10, more as the list scrolls (spec 1 §9)
    await expect(options(page)).toHaveCount(10);
    await page.getByRole("listbox", { name: "Sub-category" }).evaluate((list) => list.scrollTo(0, list.scrollHeight));
    await expect(options(page)).toHaveCount(20);
    await combobox.fill("candle");
    await expect(options(page).first()).toContainText("Candles");
    await shot(page, "commission-add-combobox");
    await options(page).filter({ hasText: "Candles" }).click();
    await expect(combobox).toHaveValue("Candles");
    await expect(page.getByTestId("chosen-subcategory")).toHaveText("Home Decor · Home & Living");

    // decimal points and non-digits cannot be typed
    await percentField(page).pressSequentially("1.5a");
    await expect(percentField(page)).toHaveValue("15");
    await percentField(page).fill("150");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Commission range should be 1 to 100" })).toBeVisible();
    // each message once: the hint gives way to the identical error
    await expect(page.getByText("Commission range should be 1 to 100")).toHaveCount(1);
    await percentField(page).fill("14");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(toast(page)).toContainText("Commission added successfully");
    // the drawer closes with the save; the list shows the new row, newest first
    await expect(addDrawer(page)).toHaveCount(0);
    await expect(rowOf(page, "Candles")).toContainText("14%");
    await expect(rowOf(page, "Candles")).toContainText("Home Decor");
    await expect(rows(page).first()).toContainText("Candles");
    await expect(page).not.toHaveURL(/drawer=/);

    // opened again, the form is empty; a sub-category at most once per shop (chosen with the keyboard this time)
    await openAdd(page);
    // the keyboard only from here: the pointer goes off the drawer, where the click on Add Commission left it over the
    // list of choices (an option that appears under a resting pointer takes the highlight, as it should)
    await page.mouse.move(1, 1);
    await expect(combobox).toHaveValue("");
    await expect(percentField(page)).toHaveValue("");
    // Escape closes the list of choices, not the drawer
    await combobox.fill("dress");
    await expect(options(page).first()).toBeVisible();
    await combobox.press("Escape");
    await expect(page.getByRole("listbox", { name: "Sub-category" })).toHaveCount(0);
    await expect(addDrawer(page)).toBeVisible();
    await combobox.fill("dresses");
    // the search matches the sub-category's or its category's name
    await expect
      .poll(async () => {
        const texts = await options(page).allInnerTexts();
        return texts.length > 0 && texts.every((text) => /dresses/i.test(text));
      })
      .toBe(true);
    await expect(options(page).first()).toHaveAttribute("aria-selected", "true");
    const dresses = options(page).filter({ hasText: "Dresses" }).filter({ hasText: "Women's Fashion" });
    await expect(dresses).toHaveCount(1);
    const index = Number(await dresses.getAttribute("data-index"));
    for (let k = 1; k <= index; k++) {
      await combobox.press("ArrowDown");
      await expect(options(page).nth(k)).toHaveAttribute("aria-selected", "true");
    }
    await expect(dresses).toHaveAttribute("aria-selected", "true");
    await combobox.press("Enter");
    await expect(combobox).toHaveValue("Dresses");
    await percentField(page).fill("20");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(
      page.getByText("This shop already has a commission for this sub-category.", { exact: false }),
    ).toBeVisible();
    // the refusal stays in the open drawer with what was typed
    await expect(addDrawer(page)).toBeVisible();
    await expect(percentField(page)).toHaveValue("20");
    await expect(rowOf(page, "Dresses")).toContainText("10%");
    // Escape closes the drawer
    await page.keyboard.press("Escape");
    await expect(addDrawer(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/drawer=/);
  });

  test("inline edit: above 100 gives 'Maximum commission value 100'; a good value saves and the row shows it", async ({
    page,
  }) => {
    await page.goto(tab(harbour));
    await hydrated(page);
    await rowOf(page, "T-Shirts").getByRole("link", { name: "Edit T-Shirts" }).click();
    await expect(page).toHaveURL(/edit=/);
    const input = page.getByLabel("Commission on T-Shirts (%)");
    await expect(input).toHaveValue("9");
    await input.fill("150");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Maximum commission value 100")).toBeVisible();
    await shot(page, "commission-inline-edit-error");
    await input.fill("0");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(rowOf(page, "T-Shirts").getByRole("alert")).toHaveText("Commission range should be 1 to 100");
    await input.fill("12");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Commission updated successfully");
    await expect(page).not.toHaveURL(/edit=/);
    await expect(rowOf(page, "T-Shirts").getByTestId("commission-percentage")).toHaveText("12%");

    // Cancel goes back to the view without saving
    await rowOf(page, "T-Shirts").getByRole("link", { name: "Edit T-Shirts" }).click();
    await page.getByLabel("Commission on T-Shirts (%)").fill("55");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).not.toHaveURL(/edit=/);
    await expect(rowOf(page, "T-Shirts").getByTestId("commission-percentage")).toHaveText("12%");
  });

  test("delete after confirmation; Cancel keeps the row", async ({ page }) => {
    await page.goto(tab(harbour));
    await hydrated(page);
    await rowOf(page, "Candles").getByRole("link", { name: "Delete Candles" }).click();
    await expect(page).toHaveURL(/confirm=delete/);
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Candles");
    await shot(page, "commission-delete-confirm");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rowOf(page, "Candles")).toHaveCount(1);

    await rowOf(page, "Candles").getByRole("link", { name: "Delete Candles" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Commission deleted successfully");
    await expect(rowOf(page, "Candles")).toHaveCount(0);
    await expect(page).not.toHaveURL(/confirm=/);
  });
});

test.describe("owners and staff see it read-only", () => {
  test("the owner reads their shop's commission without add, edit or delete, and never another shop's", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await page.goto(tab(harbour));
    await hydrated(page);
    await expect(rowOf(page, "Dresses")).toContainText("10%");
    await expect(page.getByRole("link", { name: "Add Commission" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^(Edit|Delete) / })).toHaveCount(0);
    await shot(page, "commission-owner");
    // the URL cannot open the add drawer, the edit or the dialog either
    const dresses = await rows(page).count();
    await page.goto(`${tab(harbour)}?confirm=delete&id=x&edit=y`);
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.goto(`${tab(harbour)}?drawer=add`);
    await expect(rowOf(page, "Dresses")).toContainText("10%");
    await expect(addDrawer(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
    await expect(rows(page)).toHaveCount(dresses);

    await page.goto(tab(glow));
    await expect(page.getByText("Page not found")).toBeVisible();
  });

  test("staff read their shop's commission only", async ({ page }) => {
    await signInByCookie(page, STAFF);
    await page.goto(tab(harbour));
    await expect(rowOf(page, "Dresses")).toContainText("10%");
    await expect(page.getByRole("link", { name: "Add Commission" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^(Edit|Delete) / })).toHaveCount(0);
    await page.goto(`${tab(harbour)}?drawer=add`);
    await expect(rowOf(page, "Dresses")).toContainText("10%");
    await expect(addDrawer(page)).toHaveCount(0);
    await page.goto(tab(glow));
    await expect(page.getByText("Page not found")).toBeVisible();
  });
});

test.describe("commission without JavaScript (admin)", () => {
  test.use({ javaScriptEnabled: false });

  test("add with the find-and-choose form, then edit inline; the server's messages show", async ({ page }) => {
    test.slow();
    await signInByCookie(page, ADMIN);
    await holdRefresh(page);
    await page.goto(tab(glow));
    await expect(table(page)).toBeVisible();
    await expect(page.getByLabel("Find sub-category")).toHaveCount(0);
    await openAdd(page);
    // the first 50 sub-categories to choose from, then find by name for the others
    await expect(page.getByLabel("Sub-category", { exact: true }).locator("option:not([value=''])")).toHaveCount(50);

    await page.getByLabel("Find sub-category").fill("vase");
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(/categorySearch=vase/);
    await expect(page).toHaveURL(/drawer=add/);
    await page
      .getByLabel("Sub-category", { exact: true })
      .selectOption({ label: "Vases (Home Decor · Home & Living)" });
    await percentField(page).fill("150");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Commission range should be 1 to 100" })).toBeVisible();
    await page
      .getByLabel("Sub-category", { exact: true })
      .selectOption({ label: "Vases (Home Decor · Home & Living)" });
    await percentField(page).fill("16");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(toast(page)).toContainText("Commission added successfully");
    await expect(addDrawer(page)).toHaveCount(0);
    await shot(page, "commission-add-nojs");
    await returnToList(page, /^\/app\/shop\/[^/]+\/commission(\?(?!.*(edit|drawer)=)|$)/);
    await expect(rowOf(page, "Vases")).toContainText("16%");

    await rowOf(page, "Vases").getByRole("link", { name: "Edit Vases" }).click();
    await expect(page).toHaveURL(/edit=/);
    await page.getByLabel("Commission on Vases (%)").fill("101");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Maximum commission value 100")).toBeVisible();
    await page.getByLabel("Commission on Vases (%)").fill("18");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Commission updated successfully");
    // the Refresh header reloads the list without the edit about a second later
    await returnToList(page, /^\/app\/shop\/[^/]+\/commission(\?(?!.*edit=)|$)/);
    await expect(page).not.toHaveURL(/edit=/);
    await expect(rowOf(page, "Vases").getByTestId("commission-percentage")).toHaveText("18%");
    await shot(page, "commission-edit-nojs");
  });
});
