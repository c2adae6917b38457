import { expect, test, type Page } from "@playwright/test";
import { MSG } from "../../contract/core/messages";
import { codeFromOutbox, hydrated } from "./support";

// owner@liveshop.test's phone in the seed: +61 400000002
const OWNER_MOBILE = "400000002";
const SHOP_PAGE = /\/app\/shop\/[0-9a-f]{24}$/;

async function askForCode(page: Page, js: boolean) {
  await page.goto("/auth/shopkeeper/login");
  if (js) await hydrated(page);
  // spec 1 §9: the phone input defaults to Australia
  await expect(page.getByLabel("Mobile Number country")).toHaveValue("AU");
  await page.getByLabel("Mobile Number", { exact: true }).fill(OWNER_MOBILE);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL(/\/auth\/shopkeeper\/login\?step=code&countryFlag=AU&mobile=400000002/);
  await expect(page.getByTestId("toast")).toHaveText(MSG.otpSentIfAccount);
  await expect(page.getByText("Verify OTP")).toBeVisible();
}

async function typeCode(page: Page, code: string, js: boolean) {
  if (js) {
    // with JavaScript typing moves from box to box
    await page.getByLabel("Digit 1 of 6").click();
    await page.keyboard.type(code);
  } else {
    // without it, one numeric input takes the whole code
    await page.getByLabel("Verify OTP").fill(code);
  }
}

test.describe("shop sign-in with a phone code, with JavaScript", () => {
  test("the owner asks for a code, reads it from the outbox (as an admin would), and lands on their shop", async ({
    page,
    browser,
  }) => {
    await askForCode(page, true);
    await expect(page.getByLabel("Digit 1 of 6")).toBeFocused();
    await expect(page.getByRole("button", { name: "Verify" })).toBeDisabled();
    // the code step is in the URL: it survives a reload
    await page.reload();
    await hydrated(page);
    await expect(page.getByText("Verify OTP")).toBeVisible();

    const code = await codeFromOutbox(browser, `+61${OWNER_MOBILE}`);
    await typeCode(page, code.slice(0, 5), true);
    await expect(page.getByRole("button", { name: "Verify" })).toBeDisabled();
    await page.keyboard.type(code.slice(5));
    await expect(page.getByLabel("Digit 6 of 6")).toHaveValue(code[5]);
    await expect(page.getByRole("button", { name: "Verify" })).toBeEnabled();
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(SHOP_PAGE);
  });

  test("a wrong code shows the message; pasting the right one fills all six boxes and signs in", async ({
    page,
    browser,
    context,
  }) => {
    await askForCode(page, true);
    const code = await codeFromOutbox(browser, `+61${OWNER_MOBILE}`);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await typeCode(page, wrong, true);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText(MSG.otpInvalid)).toBeVisible();
    await expect(page).toHaveURL(/step=code/);

    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.evaluate((text) => navigator.clipboard.writeText(text), code);
    await page.getByLabel("Digit 1 of 6").click();
    await page.keyboard.press("ControlOrMeta+V");
    for (let i = 0; i < 6; i++) await expect(page.getByLabel(`Digit ${i + 1} of 6`)).toHaveValue(code[i]);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(SHOP_PAGE);
  });
});

test.describe("shop sign-in with a phone code, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same flow works as plain HTML forms; the six digits post and the server joins them", async ({
    page,
    browser,
  }) => {
    await askForCode(page, false);
    const code = await codeFromOutbox(browser, `+61${OWNER_MOBILE}`);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await typeCode(page, wrong, false);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText(MSG.otpInvalid)).toBeVisible();
    await typeCode(page, code, false);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(SHOP_PAGE);
  });

  test("a number no shop account uses gets the same answer as an owner's, and no code verifies it", async ({
    page,
  }) => {
    await page.goto("/auth/shopkeeper/login");
    await page.getByLabel("Mobile Number", { exact: true }).fill("499999999");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page).toHaveURL(/step=code&countryFlag=AU&mobile=499999999/);
    await expect(page.getByTestId("toast")).toHaveText(MSG.otpSentIfAccount);
    await typeCode(page, "123456", false);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText(MSG.otpInvalid)).toBeVisible();
    await expect(page).toHaveURL(/step=code/);
  });
});

/**
 * The browser's trip to the provider is intercepted: the provider "sends it back" to our callback with the
 * state it was given and a code naming the person (tests/mocks). The server exchanges the code with MSW answering.
 */
async function viaProvider(page: Page, provider: "google" | "facebook", code: string) {
  const origin = test.info().project.use.baseURL;
  const host = provider === "google" ? "https://accounts.google.com/**" : "https://www.facebook.com/**";
  await page.route(host, async (route) => {
    const state = new URL(route.request().url()).searchParams.get("state") ?? "";
    await route.fulfill({
      status: 302,
      headers: { location: `${origin}/auth/${provider}/callback?code=${encodeURIComponent(code)}&state=${state}` },
    });
  });
}

test.describe("single sign-on", () => {
  test("Google: the owner continues with Google and lands on their shop page", async ({ page }) => {
    await viaProvider(page, "google", "owner@liveshop.test");
    await page.goto("/auth/login");
    await hydrated(page);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(SHOP_PAGE);
  });

  test("Google: an e-mail no shop account uses comes back to login with the refusal", async ({ page }) => {
    await viaProvider(page, "google", "nobody@liveshop.test");
    await page.goto("/auth/login");
    await hydrated(page);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByTestId("toast")).toHaveText(MSG.ssoNoAccount);
  });

  test("a callback whose state was not issued to this browser is refused", async ({ page }) => {
    await page.goto("/auth/google/callback?code=owner%40liveshop.test&state=forged");
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByTestId("toast")).toHaveText(MSG.ssoFailed);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Facebook: the second owner continues with Facebook, back to the page they asked for", async ({ page }) => {
      await viaProvider(page, "facebook", "owner2@liveshop.test");
      await page.goto("/app/setting/outbox");
      await expect(page).toHaveURL(/redirectTo=%2Fapp%2Fsetting%2Foutbox/);
      await page.getByRole("button", { name: "Continue with Facebook" }).click();
      // remembered across the round trip; a shop owner may not see the outbox (admin only)
      await expect(page).toHaveURL(/\/app\/setting\/outbox$/);
      await expect(page.getByText("Page not found")).toBeVisible();
    });
  });
});
