import { expect, test, type Page } from "@playwright/test";
import { OWNER, holdRefresh, hydrated, returnToList, signInByCookie } from "./support";

// spec 3 §2 Campaign list, Campaign add and edit, Influencers card; §4 Campaign status; §5 Campaign (browser tests)

const table = (page: Page) => page.getByRole("table", { name: "Campaigns" });
const rowOf = (page: Page, title: string) => table(page).locator("tbody tr").filter({ hasText: title });
const unique = (stem: string) => `${stem} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** DD/MM/YYYY of a day `n` days from today, in the marketplace's zone. */
function dmy(n: number) {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(Date.now() + n * 86_400_000);
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}

test.describe("campaigns without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a campaign from draft to published: the spec's messages, Save as draft, then Publish from its page", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await holdRefresh(page);
    await page.goto("/app/add-campaign");
    await expect(page.getByRole("heading", { name: "Add New Campaign" })).toBeVisible();
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Please Enter The Campaign Name")).toBeVisible();
    await expect(page.getByText("Please Enter The Campaign Description")).toBeVisible();
    await expect(page.getByText("Please Select The Start Date")).toBeVisible();
    await expect(page.getByText("Please Select The End Date")).toBeVisible();
    await page.getByLabel("Name").fill("Abc");
    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(page.getByText("Campaign Name Is Too Short")).toBeVisible();

    const title = unique("Draft Drop");
    await page.getByLabel("Name").fill(title);
    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(page.getByText("Campaign saved as draft")).toBeVisible();
    await returnToList(page, /\/app\/campaign$/, 2);
    await expect(rowOf(page, title).getByTestId("campaign-status")).toHaveText("Draft");

    await rowOf(page, title)
      .getByRole("link", { name: `View or edit ${title}` })
      .click();
    await expect(page.getByRole("heading", { name: "Edit Campaign" })).toBeVisible();
    await page.getByLabel("Description").fill("Short");
    await page.getByLabel("Start Date").fill(dmy(1));
    await page.getByLabel("End Date").fill(dmy(5));
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Description Is Too Short")).toBeVisible();
    await page.getByLabel("Description").fill("Five days of linen streams.");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Campaign updated successfully")).toBeVisible();
    await returnToList(page, /\/app\/campaign$/, 2);
    await expect(rowOf(page, title).getByTestId("campaign-status")).toHaveText("Upcoming");
    await expect(rowOf(page, title)).toContainText(dmy(1));
    await expect(rowOf(page, title)).toContainText(dmy(5));
  });

  test("the list's search and sort live in the URL", async ({ page }) => {
    await signInByCookie(page, OWNER);
    await page.goto("/app/campaign?search=zzzz-no-such-campaign");
    await expect(page.getByRole("searchbox", { name: "Search campaigns" })).toHaveValue("zzzz-no-such-campaign");
    await page.goto("/app/campaign?sort=title&sortType=asc&limit=5");
    await expect(table(page)).toBeVisible();
    expect(await table(page).locator("tbody tr").count()).toBeLessThanOrEqual(5);
  });
});

test.describe("campaigns with JavaScript", () => {
  test("the menu's Campaigns entry leads to the list; search waits and writes the URL; the Influencers card's tabs", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await page.goto("/app/campaign");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Campaigns" })).toBeVisible();
    const first = table(page).locator("tbody tr").first();
    await expect(first).toBeVisible();
    const title = (await first.locator("td").first().innerText()).trim();
    await page.getByRole("searchbox", { name: "Search campaigns" }).fill(title);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(title).replace(/%20/g, "(\\+|%20)")}`));
    await expect(rowOf(page, title)).toBeVisible();
    await rowOf(page, title)
      .getByRole("link", { name: `View or edit ${title}` })
      .click();
    await expect(page.getByRole("heading", { name: "Edit Campaign" })).toBeVisible();
    const card = page.getByTestId("influencers-card");
    await card.getByRole("link", { name: "Requested" }).click();
    await expect(page).toHaveURL(/tab=requested/);
    await card.getByRole("link", { name: "Accepted" }).click();
    await expect(page).toHaveURL(/tab=accepted/);
    await expect(card.getByRole("link", { name: "Accepted" })).toHaveAttribute("aria-current", "page");
  });
});
