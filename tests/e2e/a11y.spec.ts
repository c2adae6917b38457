import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, OWNER, hydrated, signInByCookie } from "./support";

/**
 * Accessibility: the main pages meet WCAG 2.1 AA as axe-core checks it, with a drawer and a dialog open and
 * after a refused submit. axe is a script itself, so these pages run with JavaScript; the page without it is the same
 * server-rendered document.
 */
async function expectNoViolations(page: Page) {
  await hydrated(page);
  // a dialog fading in blends its colours with the page behind: check what the page shows once it has settled
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  // the rule, its help and the first elements: enough to find the fault from the report alone
  const found = violations.map(
    (v) =>
      `${v.id}: ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(" ")} (${n.failureSummary?.split("\n")[1]?.trim() ?? ""})`)
        .join("; ")}`,
  );
  expect(found).toEqual([]);
}

test.describe("axe-core, WCAG 2.1 A and AA: no violations", () => {
  test("the sign-in pages, and the e-mail sign-in after a refused submit", async ({ page }) => {
    await page.goto("/auth/shopkeeper/login");
    await expectNoViolations(page);
    await page.goto("/auth/login");
    await expectNoViolations(page);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Please Enter Your Email").first()).toBeVisible();
    await expectNoViolations(page);
  });

  test("the users and shops lists (green status badges), and the delete confirmation open over the list", async ({
    page,
  }) => {
    await signInByCookie(page, ADMIN);
    await page.goto("/app/shop-list");
    await expect(page.locator('[data-status="Approved"]').first()).toBeVisible();
    await expectNoViolations(page);
    await page.goto("/app/user-list");
    await expectNoViolations(page);
    await page
      .getByRole("link", { name: /^Delete / })
      .first()
      .click();
    const dialog = page.getByRole("alertdialog", { name: "Delete user" });
    await expect(dialog.getByRole("button", { name: "Delete" })).toBeVisible();
    await expectNoViolations(page);
  });

  test("Add Shop after a refused (empty) submit", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await page.goto("/app/add-shop");
    await hydrated(page);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText("Please Enter All Required Fields").first()).toBeVisible();
    await expectNoViolations(page);
  });

  test("the owner's shop page with the Add Staff drawer open, the products list and a product's edit page", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await page.getByTestId("staff-card").getByRole("link", { name: "Add", exact: true }).click();
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Add Staff" })).toBeVisible();
    await expectNoViolations(page);
    await page.goto("/app/products");
    await expectNoViolations(page);
    await page
      .getByRole("link", { name: /^View / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/app\/product\/edit\//);
    await expectNoViolations(page);
  });
});

test.describe("landmarks and page descriptions (Lighthouse)", () => {
  test("the sign-in pages have one main landmark", async ({ page }) => {
    for (const path of ["/auth/login", "/auth/shopkeeper/login"]) {
      await page.goto(path);
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    }
  });

  test("a list page's three search landmarks have their own names: the menu's, the console's and the list's", async ({
    page,
  }) => {
    await signInByCookie(page, ADMIN);
    await page.goto("/app/user-list");
    await expect(page.getByRole("search")).toHaveCount(3);
    await expect(page.getByRole("search", { name: "Search menu" })).toHaveCount(1);
    await expect(page.getByRole("search", { name: "Search orders, products, people…" })).toHaveCount(1);
    await expect(
      page.getByRole("search", { name: "Search this list" }).getByRole("searchbox", { name: "Search users" }),
    ).toBeVisible();
  });

  test("every page has a meta description: the sign-in page its own, console pages the console's", async ({ page }) => {
    const description = page.locator('meta[name="description"]');
    await page.goto("/auth/login");
    await expect(description).toHaveCount(1);
    await expect(description).toHaveAttribute("content", /^Sign in to the marketplace back office/);
    await signInByCookie(page, ADMIN);
    for (const path of ["/app/user-list", "/app/shop-list", "/app/add-shop", "/app/setting"]) {
      await page.goto(path);
      await expect(description).toHaveCount(1);
      await expect(description).toHaveAttribute(
        "content",
        /back office: the users, influencers, shops, catalogue, orders and live streams/,
      );
    }
  });
});
