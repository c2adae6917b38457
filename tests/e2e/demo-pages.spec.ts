import { expect, test } from "@playwright/test";
import { ADMIN, OWNER, signInByCookie } from "./support";

// spec 1 §2 (admin routes): invoice and pricing are static demo pages with placeholder text, faq a static help page;
// none has product behaviour, and only admins have them
for (const js of [true, false]) {
  test.describe(`the admin's static demo pages, ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });

    test("invoice, pricing and faq show their placeholder content in the console's frame", async ({ page }) => {
      await signInByCookie(page, ADMIN);
      await page.goto("/app/invoice");
      await expect(page.getByRole("heading", { name: "Invoice", level: 1 })).toBeVisible();
      await expect(page.getByRole("navigation").first()).toBeVisible();
      await expect(page.locator("table").getByRole("row")).toHaveCount(4);
      await expect(page.getByText("Total 132.00")).toBeVisible();
      await expect(page.getByRole("note")).toContainText("placeholder");

      await page.goto("/app/pricing");
      await expect(page.getByRole("heading", { name: "Pricing plans", level: 1 })).toBeVisible();
      await expect(page.getByTestId("pricing-plan")).toHaveCount(3);

      await page.goto("/app/faq");
      await expect(page.getByRole("heading", { name: "Frequently asked questions", level: 1 })).toBeVisible();
      const first = page.getByTestId("faq-item").first();
      const answer = first.getByText(/An admin adds the shop/);
      await expect(answer).toBeHidden();
      // the answers open with a click, scripts or not
      await first.locator("summary").click();
      await expect(answer).toBeVisible();
    });
  });
}

test("a shop owner does not have them: 'Page not found' with 'Go to Login'", async ({ page }) => {
  await signInByCookie(page, OWNER);
  for (const path of ["/app/invoice", "/app/pricing", "/app/faq"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText("Page not found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Login" })).toHaveAttribute("href", "/auth/login");
  }
});
