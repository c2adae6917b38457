import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN, OWNER, hydrated, signInByCookie } from "./support";

/** Layout and CLS: what a narrow window, right to left and loading scripts must not break. */

const NARROW = { width: 800, height: 900 };

/** The right edge of the last column's buttons in the table's rows, and the window's width. */
async function expectRowButtonsInView(page: Page) {
  const buttons = page.locator("tbody tr").first().locator("td:last-child").getByRole("link");
  await expect(buttons.first()).toBeVisible();
  for (const button of await buttons.all()) {
    const box = await button.boundingBox();
    expect(box, "a row button has a box").not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(NARROW.width);
  }
}

test.describe("at 800 px wide (JS)", () => {
  test.use({ viewport: NARROW });

  test("the side navigation is an 80 px rail of icons whose links keep their names; focus opens it", async ({
    page,
  }) => {
    await signInByCookie(page, ADMIN);
    const side = page.getByTestId("side-nav");
    await expect(side).toHaveCSS("width", "80px");
    const users = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Users" });
    await expect(users).toHaveAttribute("title", "Users");
    await users.focus();
    await expect(side).toHaveCSS("width", "250px");
    await expect(page.getByRole("search", { name: "Search menu" })).toBeVisible();
  });

  test("every list keeps its row buttons in the window: users, influencers, shops, products", async ({ browser }) => {
    for (const [account, path] of [
      [ADMIN, "/app/user-list"],
      [ADMIN, "/app/influencer-list"],
      [ADMIN, "/app/shop-list"],
      [OWNER, "/app/products"],
    ] as const) {
      const page = await browser.newPage({ viewport: NARROW });
      await signInByCookie(page, account);
      await page.goto(path);
      await expectRowButtonsInView(page);
      // the first column is in view too: only what lies between passes under the buttons
      const first = await page.locator("tbody tr").first().locator("td").first().boundingBox();
      expect(first!.x).toBeGreaterThanOrEqual(80);
      await page.close();
    }
  });

  test("without JavaScript too, the users list's row buttons are in the window", async ({ browser }) => {
    const context = await browser.newContext({ viewport: NARROW, javaScriptEnabled: false });
    const page = await context.newPage();
    await signInByCookie(page, ADMIN);
    await page.goto("/app/user-list");
    await expectRowButtonsInView(page);
    await context.close();
  });
});

test.describe("a list wider than the window", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`scrolls sideways in its frame to its last column (${javaScriptEnabled ? "JS" : "no JS"})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width: 600, height: 900 }, javaScriptEnabled });
      const page = await context.newPage();
      await signInByCookie(page, ADMIN);
      await page.goto("/app/user-list");
      if (javaScriptEnabled) await hydrated(page);
      const frame = page.locator(".data-table");
      const created = page.getByRole("columnheader", { name: /Created/ });
      const buttons = page.locator("thead th").last();
      // at first the last columns lie past the frame's edge, under the row buttons
      const before = await created.boundingBox();
      expect(before!.x + before!.width).toBeGreaterThan((await buttons.boundingBox())!.x);
      // an instant scroll (no smooth scrolling is set), done when evaluate returns
      await frame.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: "instant" }));
      const after = await created.boundingBox();
      expect(after!.x).toBeLessThan(before!.x);
      expect(after!.x + after!.width).toBeLessThanOrEqual((await buttons.boundingBox())!.x + 1);
      await context.close();
    });
  }
});

test.describe("forms and drawers", () => {
  test("the staff drawer's Access heading stands clear of the gender options", async ({ page }) => {
    await signInByCookie(page, OWNER);
    await page.getByTestId("staff-card").getByRole("link", { name: "Add", exact: true }).click();
    const drawer = page.getByRole("dialog");
    const genders = await drawer.getByRole("group", { name: "Gender" }).boundingBox();
    const access = await drawer.getByTestId("permission-grid").locator("legend").boundingBox();
    expect(access!.y - (genders!.y + genders!.height)).toBeGreaterThanOrEqual(12);
  });

  for (const viewport of [NARROW, { width: 1280, height: 900 }]) {
    test(`the Add Shop story box stays inside its card at ${viewport.width} px`, async ({ browser }) => {
      const page = await browser.newPage({ viewport });
      await signInByCookie(page, ADMIN);
      await page.goto("/app/add-shop");
      const story = page.getByLabel("Story", { exact: true });
      const card = page.locator(".rt-Card").filter({ has: story });
      const box = await story.boundingBox();
      const frame = await card.boundingBox();
      // the card's own padding on both sides
      expect(box!.x).toBeGreaterThanOrEqual(frame!.x + 16);
      expect(box!.x + box!.width).toBeLessThanOrEqual(frame!.x + frame!.width - 16);
      await page.close();
    });
  }
});

test.describe("right to left", () => {
  test("the theme settings JSON and the shop's embed code stay left to right in a right-to-left page", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    const shop = page.url();
    await hydrated(page);
    await page.getByRole("link", { name: "Theme" }).click();
    await page.getByTestId("theme-panel").getByLabel("Right to left").check();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const config = page.getByTestId("theme-config");
    await expect(config).toHaveAttribute("dir", "ltr");
    await expect(config).toHaveCSS("direction", "ltr");
    await expect(config).toContainText('"direction": "rtl"');

    await page.goto(`${shop}/shopInfo`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("embed-snippet")).toHaveCSS("direction", "ltr");
  });
});

test.describe("nothing moves when scripts run (CLS)", () => {
  /**
   * Where the users list's filters and table are: as first painted (scripts on but not yet run: their files are held
   * back), and once the scripts have run.
   */
  async function placesOf(browser: Browser, scriptsRun: boolean) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInByCookie(page, ADMIN);
    if (!scriptsRun) await page.route("**/assets/**/*.js", (route) => route.abort());
    await page.goto("/app/user-list");
    if (scriptsRun) await hydrated(page);
    await expect(page.getByRole("table")).toBeVisible();
    const filters = await page.getByRole("form", { name: "Filter users" }).boundingBox();
    const table = await page.getByRole("table").boundingBox();
    await context.close();
    return { filters, table };
  }

  test("the users list is laid out by the server as it ends up: the filters and the table stay where they are", async ({
    browser,
  }) => {
    const firstPaint = await placesOf(browser, false);
    const afterScripts = await placesOf(browser, true);
    expect(afterScripts.filters).toEqual(firstPaint.filters);
    expect(afterScripts.table).toEqual(firstPaint.table);
  });
});
