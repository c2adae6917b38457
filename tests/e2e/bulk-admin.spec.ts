import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { ADMIN, apiAs, data, hydrated, signInByCookie, TEST_PNG, uploadTestFile } from "./support";

// ADR 0074: bulk actions on the admin lists, with and without JavaScript: choose rows (or the page, or every matching
// row), one confirmation naming the count, then a summary of what was done and what was not, and why.

let people = 0;
/** A tag no other test's records share, so each test searches for its own rows. */
const newTag = () => `Bk${Date.now().toString(36).slice(-4)}${++people}`;
/**
 * An Australian mobile no demo account uses, and no other test: 0491 579 xxx, from the range set aside for fiction
 * (influencers.spec.ts takes 0491 570 xxx), one after another from this file's start, so two never meet.
 */
let dialled = Date.now() % 500;
const mobile = () => `0491 579 ${String(dialled++ % 1000).padStart(3, "0")}`;

/** Shop owners without a shop (users the single delete may delete), named `<tag> <n>`, made through the API. */
async function owners(admin: APIRequestContext, tag: string, count: number) {
  const made: { _id: string; fName: string }[] = [];
  for (let i = 1; i <= count; i++)
    made.push(
      await data<{ _id: string; fName: string }>(
        await admin.post("/api/user/add-user", {
          data: { role: "shopOwner", fName: `${tag} ${i}`, gender: "Female", countryFlag: "AU", mobile: mobile() },
        }),
      ),
    );
  return made;
}

/** Pending influencers named `<tag> <n>`, added through the API as the admin's form would. */
async function influencers(admin: APIRequestContext, tag: string, count: number) {
  const made: { _id: string }[] = [];
  for (let i = 1; i <= count; i++)
    made.push(
      await data<{ _id: string }>(
        await admin.post("/api/user/add-user", {
          data: {
            role: "influencer",
            image: await uploadTestFile(admin, "profileImage", "image/png", "me.png", TEST_PNG),
            fName: `${tag} ${i}`,
            email: `${tag.toLowerCase()}-${i}@example.test`,
            countryFlag: "AU",
            mobile: mobile(),
            gender: "Female",
            dob: "14/02/1998",
            ethnicity: "southeastAsianPacificIslander",
            country: "AU",
            state: "NSW",
            city: "Sydney",
            bio: "Bulk actions test influencer.",
            portfolio: [await uploadTestFile(admin, "portfolio", "image/png", "p.png", TEST_PNG)],
          },
        }),
      ),
    );
  return made;
}

async function adminApi(browser: Browser) {
  const context = await apiAs(browser, ADMIN);
  return { request: context.request, close: () => context.close() };
}

const table = (page: Page, name: string) => page.getByRole("table", { name });
const rows = (page: Page, name: string) => table(page, name).locator("tbody tr");
const toast = (page: Page) => page.getByTestId("toast");

async function open(page: Page, path: string, js: boolean) {
  await page.goto(path);
  if (js) await hydrated(page);
}

for (const js of [true, false]) {
  test.describe(`bulk actions on the admin lists ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });
    test.beforeEach(async ({ page }) => {
      await signInByCookie(page, ADMIN);
    });

    test("two users chosen → Delete → the confirmation names 2 → confirmed → the summary → they are gone", async ({
      page,
      browser,
    }) => {
      const admin = await adminApi(browser);
      const tag = newTag();
      await owners(admin.request, tag, 3);
      await admin.close();
      await open(page, `/app/user-list?search=${tag}`, js);
      await expect(rows(page, "Users")).toHaveCount(3);
      await page.getByRole("checkbox", { name: `Select ${tag} 1` }).check();
      await page.getByRole("checkbox", { name: `Select ${tag} 3` }).check();
      if (js) await expect(page.getByTestId("bulk-selected")).toHaveText("2 selected");
      await page.getByRole("button", { name: "Delete selected" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Delete 2 users?" });
      await expect(dialog).toBeVisible();
      // nothing has changed yet, and the choice is still shown
      await expect(rows(page, "Users")).toHaveCount(3);
      await expect(page.getByRole("checkbox", { name: `Select ${tag} 1` })).toBeChecked();
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page)).toContainText("Deleted 2 users.");
      await expect(rows(page, "Users")).toHaveCount(1);
      await expect(rows(page, "Users").first()).toContainText(`${tag} 2`);
      expect(new URL(page.url()).searchParams.get("bulk")).toBeNull();
    });

    test("every row of the page, and every row matching the search across pages", async ({ page, browser }) => {
      const admin = await adminApi(browser);
      const tag = newTag();
      await owners(admin.request, tag, 7);
      await admin.close();
      await open(page, `/app/user-list?search=${tag}&limit=5`, js);
      await expect(rows(page, "Users")).toHaveCount(5);
      // the page: its five rows
      await page.getByRole("checkbox", { name: "Select every user on this page" }).check();
      await page.getByRole("button", { name: "Delete selected" }).click();
      await expect(page.getByRole("alertdialog", { name: "Delete 5 users?" })).toBeVisible();
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await expect(rows(page, "Users")).toHaveCount(5);
      // every matching row: seven, on two pages
      await page.getByRole("checkbox", { name: "Select all 7 matching users" }).check();
      if (js) await expect(page.getByTestId("bulk-selected")).toHaveText("7 selected");
      await page.getByRole("button", { name: "Delete selected" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Delete all 7 users?" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page)).toContainText("Deleted 7 users.");
      await expect(page.getByText("No users match your search or filters")).toBeVisible();
    });

    test("a row the single delete refuses is listed in the summary with its reason; the others go", async ({
      page,
      browser,
    }) => {
      const admin = await adminApi(browser);
      const tag = newTag();
      const [mine] = await owners(admin.request, tag, 1);
      // the demo's second owner owns a live shop: the single delete refuses them
      const owner2 = await data<{ _id: string }[]>(
        await admin.request.get("/api/user/list", { params: { search: "owner2@liveshop.test" } }),
      );
      await admin.close();
      // the confirmation's URL state, as the list's form answers it
      await open(page, `/app/user-list?bulk=delete&ids=${mine._id},${owner2[0]._id}`, js);
      const dialog = page.getByRole("alertdialog", { name: "Delete 2 users?" });
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page)).toContainText("Deleted 1 of 2 users. Not done:");
      await expect(toast(page).getByRole("listitem")).toHaveText([
        "Chloe Williams: This user owns a shop. Delete the shop first.",
      ]);
      await open(page, `/app/user-list?search=${tag}`, js);
      await expect(page.getByText("No users match your search or filters")).toBeVisible();
    });

    test("two influencers approved at once", async ({ page, browser }) => {
      const admin = await adminApi(browser);
      const tag = newTag();
      await influencers(admin.request, tag, 2);
      await admin.close();
      await open(page, `/app/influencer-list?search=${tag}`, js);
      await expect(rows(page, "Influencers")).toHaveCount(2);
      await expect(rows(page, "Influencers").getByText("Pending")).toHaveCount(2);
      await page.getByRole("checkbox", { name: "Select every influencer on this page" }).check();
      await page.getByRole("button", { name: "Change status" }).click();
      const dialog = page.getByRole("dialog", { name: "Change the status of 2 influencers?" });
      await dialog.getByRole("radio", { name: "Approved" }).check();
      await dialog.getByRole("button", { name: "Change status" }).click();
      await expect(toast(page)).toContainText("Changed the status of 2 influencers.");
      await expect(rows(page, "Influencers").getByText("Approved")).toHaveCount(2);
    });
  });
}
