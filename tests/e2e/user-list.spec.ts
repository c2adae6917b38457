import { expect, test, type Page } from "@playwright/test";
import { ADMIN, hydrated, signInByCookie } from "./support";

// spec 1 §2 Users list, §4 Pagination, §9 (10 per page, createdAt descending, 400 ms search debounce)

const table = (page: Page) => page.getByRole("table", { name: "Users" });
const rows = (page: Page) => table(page).locator("tbody tr");
const range = (page: Page) => page.getByTestId("list-range");
/** The list's total, read from "Showing x–y of N users". */
async function total(page: Page) {
  const text = (await range(page).textContent()) ?? "";
  const match = text.match(/of (\d+) users/);
  expect(match, `range text: ${text}`).not.toBeNull();
  return Number(match![1]);
}
/** The e-mail column of the rows shown (e-mails are unique); the first column is the row's bulk checkbox. */
const emails = (page: Page) => rows(page).locator("td:nth-child(3)").allTextContents();
const firstNames = async (page: Page) =>
  (await rows(page).locator("td:nth-child(2)").allTextContents()).map((n) => n.replace(/^[A-Z?]{1,2}/, "").trim());
const search = (url: string) => new URL(url).searchParams;

async function openList(page: Page, query = "") {
  await page.goto(`/app/user-list${query}`);
  await hydrated(page);
  await expect(table(page)).toBeVisible();
}

test.describe("users list with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await signInByCookie(page, ADMIN);
  });

  test("search follows the typing after a pause, goes back to page 1, and clearing it restores the list", async ({
    page,
  }) => {
    await openList(page, "?page=2");
    const all = await total(page);
    await page.getByLabel("Search users").fill("owner2@liveshop");
    await expect(page).toHaveURL(/search=owner2%40liveshop/);
    expect(search(page.url()).get("page")).toBeNull();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Chloe Williams");
    await expect(range(page)).toHaveText("Showing 1 of 1 user");
    // the search replaced the history entry: Back skips the list state it typed over
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2|search=/);
    await page.goForward();
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByLabel("Search users")).toHaveValue("owner2@liveshop");
    await page.getByLabel("Search users").fill("");
    await expect(page).not.toHaveURL(/search=/);
    await expect(range(page)).toHaveText(`Showing 1–10 of ${all} users`);
    await page.getByLabel("Search users").fill("nobody-matches-this");
    await expect(page.getByText("No users match your search or filters")).toBeVisible();
    await page.getByRole("link", { name: "Clear search and filters" }).click();
    await expect(page).not.toHaveURL(/search=/);
    await expect(page.getByLabel("Search users")).toHaveValue("");
    await expect(rows(page)).toHaveCount(10);
  });

  test("clicking a column header sorts by it, and clicking again reverses the order", async ({ page }) => {
    await openList(page);
    const header = page.getByRole("columnheader", { name: /Name/ });
    await expect(page.getByRole("columnheader", { name: /Created/ })).toHaveAttribute("aria-sort", "descending");
    await expect(header).toHaveAttribute("aria-sort", "none");
    await header.getByRole("link").click();
    await expect(page).toHaveURL(/sort=fName&sortType=asc/);
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    const ascending = await firstNames(page);
    for (let i = 1; i < ascending.length; i++)
      expect(ascending[i - 1].localeCompare(ascending[i], "en", { sensitivity: "base" })).toBeLessThanOrEqual(0);
    await header.getByRole("link").click();
    await expect(page).toHaveURL(/sort=fName&sortType=desc/);
    await expect(header).toHaveAttribute("aria-sort", "descending");
    const descending = await firstNames(page);
    for (let i = 1; i < descending.length; i++)
      expect(descending[i - 1].localeCompare(descending[i], "en", { sensitivity: "base" })).toBeGreaterThanOrEqual(0);
    expect(descending[0]).not.toBe(ascending[0]);
  });

  test("page size and Previous/Next move through the list, with the page in the URL", async ({ page }) => {
    await openList(page);
    const all = await total(page);
    expect(all).toBeGreaterThan(10);
    await page.getByLabel("Rows per page").selectOption("5");
    await expect(page).toHaveURL(/limit=5/);
    await expect(rows(page)).toHaveCount(5);
    await expect(range(page)).toHaveText(`Showing 1–5 of ${all} users`);
    await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
    const firstPage = await emails(page);

    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(range(page)).toHaveText(`Showing 6–10 of ${all} users`);
    const secondPage = await emails(page);
    expect(secondPage.filter((e) => firstPage.includes(e))).toEqual([]);

    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(rows(page).locator("td:nth-child(3)")).toHaveText(firstPage);

    // changing the page size goes back to page 1 (spec 1 §4)
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.getByLabel("Rows per page").selectOption("25");
    await expect(page).not.toHaveURL(/page=/);
    await expect(page).toHaveURL(/limit=25/);
    await expect(rows(page)).toHaveCount(Math.min(25, all));

    const lastPage = Math.ceil(all / 5);
    await openList(page, `?limit=5&page=${lastPage}`);
    await expect(range(page)).toHaveText(`Showing ${(lastPage - 1) * 5 + 1}–${all} of ${all} users`);
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  });

  test("the role and gender filters narrow the list and live in the URL", async ({ page }) => {
    await openList(page, "?page=2");
    const all = await total(page);
    await page.getByLabel("Staff").check();
    await expect(page).toHaveURL(/role=staff/);
    expect(search(page.url()).get("page")).toBeNull();
    // wait for the filtered list itself (the first rows of the whole list may be staff too)
    await expect.poll(() => total(page)).toBeLessThan(all);
    await expect(rows(page).filter({ hasNotText: "Staff" })).toHaveCount(0);
    const staff = await total(page);
    await page.getByLabel("Shop owner").check();
    await expect(page).toHaveURL(/role=staff&role=shopOwner|role=shopOwner&role=staff/);
    await expect.poll(() => total(page)).toBeGreaterThan(staff);
    await page.getByLabel("Gender").selectOption("Female");
    await expect(page).toHaveURL(/gender=Female/);
    // the URL can change a moment before React commits the new rows (transitions): wait on the rows themselves
    await expect(rows(page).first()).toContainText("Female");
    await expect(rows(page).filter({ hasNotText: "Female" })).toHaveCount(0);
  });

  test("View opens the details drawer from the URL; Escape and Close remove it", async ({ page }) => {
    await openList(page, "?search=owner2%40liveshop.test");
    await page.getByRole("link", { name: "View Chloe Williams" }).click();
    await expect(page).toHaveURL(/drawer=view&id=[0-9a-f]{24}/);
    const drawer = page.getByRole("dialog", { name: "User details" });
    await expect(drawer).toContainText("owner2@liveshop.test");
    await expect(drawer).toContainText("Shop owner");
    await expect(drawer.getByRole("link", { name: "Glow Botanics" })).toHaveAttribute(
      "href",
      /\/app\/shop\/[0-9a-f]{24}$/,
    );
    const bookmark = page.url();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/drawer=/);
    expect(search(page.url()).get("search")).toBe("owner2@liveshop.test");
    // the URL is the truth: opening it directly shows the drawer
    await page.goto(bookmark);
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "Close" }).click();
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/id=/);
  });

  test("Delete asks for confirmation; Cancel keeps the user, Delete removes them with the API's message", async ({
    page,
  }) => {
    await openList(page, "?role=endUser");
    const before = await total(page);
    const email = (await emails(page))[0];
    const name = (await firstNames(page))[0];
    await page
      .getByRole("link", { name: `Delete ${name}` })
      .first()
      .click();
    await expect(page).toHaveURL(/confirm=delete&id=[0-9a-f]{24}/);
    const dialog = page.getByRole("alertdialog", { name: "Delete user" });
    await expect(dialog).toContainText(name);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/confirm=/);
    expect(await emails(page)).toContain(email);

    await rows(page)
      .filter({ hasText: email })
      .getByRole("link", { name: /^Delete / })
      .click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("toast")).toHaveText("User deleted successfully");
    await expect(page).not.toHaveURL(/confirm=/);
    expect(search(page.url()).getAll("role")).toEqual(["endUser"]);
    await expect(range(page)).toContainText(`of ${before - 1} users`);
    expect(await emails(page)).not.toContain(email);
    await page.getByLabel("Search users").fill(email);
    await expect(page.getByText("No users match your search or filters")).toBeVisible();
  });

  test("a refused call shows the API's message instead of the table", async ({ page }) => {
    await page.goto("/app/user-list?limit=500");
    await expect(table(page)).toHaveCount(0);
    await expect(page.getByRole("alert").filter({ hasText: "100" })).toBeVisible();
    await page.getByRole("link", { name: "Show the full list" }).click();
    await expect(rows(page)).toHaveCount(10);
  });
});

test.describe("users list without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("searching, filtering, paging and deleting all work as plain links and forms", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await page.goto("/app/user-list");
    await page.getByLabel("Search users").fill("example.test");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/search=example\.test/);
    await expect(rows(page)).toHaveCount(10);
    for (const email of await emails(page)) expect(email).toContain("example.test");

    await page.getByLabel("Customer").check();
    await main.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/role=endUser/);
    expect(search(page.url()).get("search")).toBe("example.test");
    const customers = await total(page);

    await page.getByLabel("Rows per page").selectOption("5");
    await main.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/limit=5/);
    await expect(rows(page)).toHaveCount(5);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(range(page)).toHaveText(`Showing 6–10 of ${customers} users`);

    const email = (await emails(page))[0];
    await rows(page)
      .first()
      .getByRole("link", { name: /^Delete / })
      .click();
    await expect(page).toHaveURL(/confirm=delete/);
    await page.getByRole("alertdialog", { name: "Delete user" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("toast")).toHaveText("User deleted successfully");
    const after = search(page.url());
    expect([
      after.get("search"),
      after.getAll("role"),
      after.get("limit"),
      after.get("page"),
      after.get("confirm"),
    ]).toEqual(["example.test", ["endUser"], "5", "2", null]);
    await expect(range(page)).toContainText(`of ${customers - 1} users`);
    expect(await emails(page)).not.toContain(email);

    await rows(page)
      .first()
      .getByRole("link", { name: /^View / })
      .click();
    const drawer = page.getByRole("dialog", { name: "User details" });
    await expect(drawer).toContainText("Customer");
    await drawer.getByRole("link", { name: "Close" }).click();
    await expect(drawer).toBeHidden();
  });
});
