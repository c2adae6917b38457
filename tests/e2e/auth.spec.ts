import { expect, test, type Page } from "@playwright/test";
import { SHOP_SIGN_OUT_DELAY_MS } from "../../contract/access/auth";
import { ADMIN, OWNER, STAFF, holdRefresh, hydrated, returnToList, signIn, signInByCookie } from "./support";

test.describe("sign-in and sign-out with JavaScript", () => {
  test("an admin signs in, lands on the user list, and signs out with 'Logout Successfully'", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/auth\/login$/);
    await hydrated(page);
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/app\/user-list/);
    await expect(page.getByTestId("user-name")).toHaveText("Ava Mitchell");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByTestId("toast")).toHaveText("Logout Successfully");
    await page.goto("/app/user-list");
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fapp%2Fuser-list/);
  });

  test("a wrong password shows the server's message as an error toast and stays on login", async ({ page }) => {
    await page.goto("/auth/login");
    await hydrated(page);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectErrorToast(page, "Invalid email or password");
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByLabel("Email")).toHaveValue(ADMIN.email);
  });

  test("a shop user sees 'Logout Successfully' signed out, and only then goes to the login (spec 1 §4: after 1000 ms)", async ({
    page,
  }) => {
    // the page's clock is held, so the wait is the page's own timer, not the machine's speed
    await page.clock.install();
    await signInByCookie(page, OWNER);
    await hydrated(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByTestId("toast")).toContainText("Logout Successfully");
    await expect(page).toHaveURL(/\/logout$/);
    // signed out already: the session is gone while the message shows
    expect((await page.request.get("/api/auth/isLoggedIn")).status()).toBe(401);
    await page.clock.runFor(SHOP_SIGN_OUT_DELAY_MS - 100);
    await expect(page.getByTestId("toast")).toContainText("Logout Successfully");
    await expect(page).toHaveURL(/\/logout$/);
    await page.clock.runFor(100);
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test("a shop owner and a staff member land on their shop's page", async ({ page }) => {
    await signIn(page, OWNER);
    await expect(page).toHaveURL(/\/app\/shop\/[0-9a-f]{24}$/);
    await page.context().clearCookies();
    await signIn(page, STAFF);
    await expect(page).toHaveURL(/\/app\/shop\/[0-9a-f]{24}$/);
  });

  test("a role a page does not allow sees 'Page not found' with 'Go to Login'", async ({ page }) => {
    await signIn(page, OWNER);
    await page.goto("/app/user-list");
    await expect(page.getByText("Page not found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Login" })).toHaveAttribute("href", "/auth/login");
  });

  test("the origin is remembered and restored after sign-in", async ({ page }) => {
    await page.goto("/app/setting/edit-profile");
    await expect(page).toHaveURL(/redirectTo=%2Fapp%2Fsetting%2Fedit-profile/);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/app\/setting\/edit-profile$/);
  });

  test("a signed-in user visiting an auth page is sent on, and unknown auth paths go to login", async ({ page }) => {
    await page.goto("/auth/whatever");
    await expect(page).toHaveURL(/\/auth\/login$/);
    // /auth itself is no page: it goes to login too
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/auth\/login$/);
    await signIn(page, ADMIN);
    for (const path of ["/auth/login", "/auth", "/auth/error-1", "/auth/error-2", "/auth/shopkeeper/login"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/app\/user-list$/);
    }
  });

  test("a signed-in user on a path that does not exist is offered the way home, not the login", async ({ page }) => {
    await page.goto("/app/no-such-page");
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
    await signIn(page, OWNER);
    const home = new URL(page.url()).pathname;
    for (const path of ["/app/no-such-page", "/no-such-page"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Page not found")).toBeVisible();
      await expect(page.getByRole("link", { name: "Go to Login" })).toHaveCount(0);
      await page.getByRole("link", { name: "Go to Home" }).click();
      await expect(page).toHaveURL(new RegExp(`${home}$`));
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-in, a validation message, and sign-out all work as plain HTML forms", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Please Enter Your Email")).toBeVisible();
    // one message for an empty e-mail: not the format's as well
    await expect(page.getByText("Please Enter Valid Email")).toHaveCount(0);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Please Enter Valid Email")).toBeVisible();
    await signIn(page, ADMIN, { js: false });
    await expect(page).toHaveURL(/\/app\/user-list/);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByTestId("toast")).toHaveText("Logout Successfully");
  });

  test("a wrong password shows the server's message as an error toast", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectErrorToast(page, "Invalid email or password");
    await expect(page).toHaveURL(/\/auth\/login/);
  });

  test("a shop user signing out sees 'Logout Successfully', and the page returns to the login after 1 s", async ({
    page,
  }) => {
    await signInByCookie(page, STAFF);
    await holdRefresh(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/logout$/);
    await expect(page.getByTestId("toast")).toContainText("Logout Successfully");
    await returnToList(page, /^\/auth\/login$/);
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});

/** spec 1 §8: a login error is the server's message in an error toast (red), not a line under the form. */
async function expectErrorToast(page: Page, message: string) {
  const toast = page.getByTestId("toast");
  await expect(toast).toHaveText(message);
  await expect(toast.locator("[data-accent-color=red]")).toHaveCount(1);
}
