import { expect, test, type Page } from "@playwright/test";
import { OWNER, SUPPORT_ADMIN, hydrated, signInByCookie } from "./support";

// a real 1×1 PNG, so the browser can draw it (the header avatar only shows an image that loads)
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const HTML = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");

// support@liveshop.test belongs to these tests only (tests/e2e/support.ts)
const NEW_PASSWORD = "Support#2027";

const fileInput = (page: Page) => page.locator('input[type="file"][name="imageFile"]');
const headerAvatar = (page: Page) => page.locator(".shell-user img");

test.describe("settings with JavaScript", () => {
  test("/app/setting opens Edit Profile; an admin's menu has Change Password and the SMS outbox", async ({ page }) => {
    await signInByCookie(page, SUPPORT_ADMIN);
    await page.goto("/app/setting");
    await expect(page).toHaveURL(/\/app\/setting\/edit-profile$/);
    const menu = page.getByRole("navigation", { name: "Settings" });
    await expect(menu.getByRole("link")).toHaveText(["Edit Profile", "Change Password", "SMS outbox"]);
    await expect(menu.getByRole("link", { name: "SMS outbox" })).toHaveAttribute("href", "/app/setting/outbox");
  });

  test("profile validation messages, then a saved name, phone and gender", async ({ page }) => {
    await signInByCookie(page, SUPPORT_ADMIN);
    await page.goto("/app/setting/edit-profile");
    await hydrated(page);
    await page.getByLabel("Full Name").fill("");
    await page.getByLabel("Phone Number", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Please Enter Your Name")).toBeVisible();
    await expect(page.getByText("Please Enter Your Phone Number")).toBeVisible();
    await page.getByLabel("Full Name").fill("Oliver Brown");
    await page.getByLabel("Phone Number", { exact: true }).fill("12");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Please enter a valid mobile number")).toBeVisible();
    await expect(page).toHaveURL(/\/app\/setting\/edit-profile$/);

    await page.getByLabel("Full Name").fill("Oliver James Brown");
    await page.getByLabel("Phone Number", { exact: true }).fill("0412 345 678");
    await page.getByLabel("Others").check();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Changes made successfully");
    await expect(page.getByTestId("user-name")).toHaveText("Oliver James Brown");
    await page.reload();
    await expect(page.getByLabel("Full Name")).toHaveValue("Oliver James Brown");
    await expect(page.getByLabel("Phone Number", { exact: true })).toHaveValue("412345678");
    await expect(page.getByLabel("Others")).toBeChecked();

    // another account's phone is refused with a clear message
    await hydrated(page);
    await page.getByLabel("Phone Number", { exact: true }).fill("0400 000 001");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("This phone number is already used by another account")).toBeVisible();

    await page.getByLabel("Full Name").fill("Oliver Brown");
    await page.getByLabel("Phone Number", { exact: true }).fill("0400 000 005");
    await page.getByLabel("Male", { exact: true }).check();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Changes made successfully");
    await expect(page.getByTestId("user-name")).toHaveText("Oliver Brown");
  });

  test("an invalid-phone error goes as soon as the number is corrected, and never sits beside 'Changes made successfully'", async ({
    page,
  }) => {
    await signInByCookie(page, SUPPORT_ADMIN);
    await page.goto("/app/setting/edit-profile");
    await hydrated(page);
    const phone = page.getByLabel("Phone Number", { exact: true });
    const own = await phone.inputValue();
    await page.getByLabel("Full Name").fill("Oliver Phone Check");
    await phone.fill("12");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Please enter a valid mobile number")).toBeVisible();
    // a valid number clears the message, so it never stands next to the success toast
    await phone.fill(own);
    await expect(page.getByText("Please enter a valid mobile number")).toHaveCount(0);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Changes made successfully");
    await expect(page.getByText("Please enter a valid mobile number")).toHaveCount(0);
    await expect(phone).toHaveValue(own);
  });

  test("avatar upload through the signed URL shows 'Uploaded!', updates the profile and the header; Remove asks first", async ({
    page,
  }) => {
    await signInByCookie(page, SUPPORT_ADMIN);
    await page.goto("/app/setting/edit-profile");
    await hydrated(page);

    // checked before sending (spec 1 §5), then by the server from the file's bytes
    await fileInput(page).setInputFiles({ name: "notes.gif", mimeType: "image/gif", buffer: PNG });
    await expect(page.getByText("You Can Only Upload JPG/PNG file")).toBeVisible();
    const refused = page.waitForResponse((response) => response.url().endsWith("/api/upload/complete"));
    await fileInput(page).setInputFiles({ name: "fake.jpg", mimeType: "image/jpeg", buffer: HTML });
    expect((await refused).status()).toBe(400);
    await expect(page.getByText("You Can Only Upload JPG/PNG file")).toBeVisible();
    await expect(page.getByTestId("profile-picture")).toHaveCount(0);

    await fileInput(page).setInputFiles({ name: "my avatar.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByText("Uploaded!")).toBeVisible();
    await expect(page.getByTestId("toast")).toHaveText("Profile Image Updated Successfully");
    const picture = page.getByTestId("profile-picture");
    await expect(picture).toHaveAttribute(
      "src",
      /^\/api\/files\/localhost-\d+\/profileImage\/\d{13}-[0-9a-f]{8}-my-avatar\.png$/,
    );
    const src = (await picture.getAttribute("src"))!;
    await expect(headerAvatar(page)).toHaveAttribute("src", src);
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");

    await page.getByRole("link", { name: "Remove" }).click();
    await expect(page).toHaveURL(/\?confirm=remove-avatar$/);
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Are you sure you want to remove the avatar?");
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Profile Image Updated Successfully");
    await expect(page).toHaveURL(/\/app\/setting\/edit-profile$/);
    await expect(page.getByTestId("profile-picture")).toHaveCount(0);
    await expect(headerAvatar(page)).toHaveCount(0);
  });

  test("a shop owner has no Change Password entry, a fixed phone, and 'Page not found' at /app/setting/change-password", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await page.goto("/app/setting/edit-profile");
    const menu = page.getByRole("navigation", { name: "Settings" });
    await expect(menu.getByRole("link")).toHaveText(["Edit Profile"]);
    await expect(page.getByLabel("Phone Number", { exact: true })).toBeDisabled();
    await page.goto("/app/setting/change-password");
    await expect(page.getByText("Page not found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Login" })).toHaveAttribute("href", "/auth/login");
  });

  test("billing keeps demo cards showing only the last 4 digits, with the spec's pattern messages", async ({
    page,
  }) => {
    await signInByCookie(page, SUPPORT_ADMIN);
    await page.goto("/app/setting/billing");
    await hydrated(page);
    // spec 1 §2: a list of demo cards, the last 4 digits shown
    const cards = page.getByTestId("demo-card");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText("Visa");
    await expect(cards.nth(0)).toContainText("•••• •••• •••• 4242");
    await expect(cards.nth(1)).toContainText("Master");
    await expect(cards.nth(1)).toContainText("•••• •••• •••• 4444");
    await page.getByRole("button", { name: "Remove the card ending 4444" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Card removed");
    await expect(cards).toHaveCount(1);
    await page.getByLabel("Card Holder Name").fill("Oliver Brown");
    await page.getByLabel("Card Number").fill("1234 5678");
    await page.getByLabel("Expiry (MM/YY)").fill("13/30");
    await page.getByLabel("CVV").fill("12");
    await page.getByRole("button", { name: "Add Card" }).click();
    await expect(page.getByText("Please enter a valid credit card number!")).toBeVisible();
    await expect(page.getByText("Please enter a valid date format!")).toBeVisible();
    await expect(page.getByText("Please enter a CVV code format!")).toBeVisible();

    await page.getByLabel("Card Number").fill("4111 1111 1111 1111");
    await page.getByLabel("Expiry (MM/YY)").fill("08/29");
    await page.getByLabel("CVV").fill("123");
    await page.getByRole("button", { name: "Add Card" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Card added");
    await expect(cards).toHaveCount(2);
    const card = cards.nth(1);
    await expect(card).toContainText("Visa");
    await expect(card).toContainText("•••• •••• •••• 1111");
    await expect(card).toContainText("Expires 08/29");
    await expect(page.locator("body")).not.toContainText("4111 1111 1111 1111");

    await page.getByLabel("Card Holder Name").fill("Oliver Brown");
    await page.getByLabel("Card Number").fill("5555555555554444");
    await page.getByLabel("Expiry (MM/YY)").fill("01/30");
    await page.getByLabel("CVV").fill("4321");
    await page.getByRole("button", { name: "Add Card" }).click();
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(2)).toContainText("Master");

    await page.getByRole("button", { name: "Remove the card ending 1111" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Card removed");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(1)).toContainText("4444");
    await expect(cards.nth(0)).toContainText("4242");
  });

  test("notification toggles are kept", async ({ page }) => {
    await signInByCookie(page, SUPPORT_ADMIN);
    await page.goto("/app/setting/notification");
    await hydrated(page);
    const chat = page.getByRole("switch", { name: /Chat messages/ });
    await expect(chat).toBeChecked();
    await chat.uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Notification settings saved");
    await page.reload();
    await expect(page.getByRole("switch", { name: /Chat messages/ })).not.toBeChecked();
    await expect(page.getByRole("switch", { name: /New orders/ })).toBeChecked();
  });
});

test.describe("settings without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a refused save keeps what was typed; the invalid-phone error is gone once a valid number is saved, never beside 'Changes made successfully'", async ({
    page,
  }) => {
    await signInByCookie(page, SUPPORT_ADMIN);
    await page.goto("/app/setting/edit-profile");
    const phone = page.getByLabel("Phone Number", { exact: true });
    const own = await phone.inputValue();
    await page.getByLabel("Full Name").fill("Oliver Plain Check");
    await page.getByLabel("Female").check();
    await phone.fill("12");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Please enter a valid mobile number")).toBeVisible();
    // the refused page shows what was typed, not the stored profile
    await expect(page.getByLabel("Full Name")).toHaveValue("Oliver Plain Check");
    await expect(phone).toHaveValue("12");
    await expect(page.getByLabel("Female")).toBeChecked();
    await phone.fill(own);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Changes made successfully");
    await expect(page.getByText("Please enter a valid mobile number")).toHaveCount(0);
    await expect(page.getByLabel("Full Name")).toHaveValue("Oliver Plain Check");
  });

  test("the avatar is posted with the form, stored, and then shows in the header; validation and billing work as plain HTML", async ({
    page,
    browser,
    baseURL,
    userAgent,
  }) => {
    await signInByCookie(page, SUPPORT_ADMIN);
    await page.goto("/app/setting/edit-profile");

    await fileInput(page).setInputFiles({ name: "fake.jpg", mimeType: "image/jpeg", buffer: HTML });
    await page.getByRole("button", { name: "Upload image" }).click();
    await expect(page.getByText("You Can Only Upload JPG/PNG file")).toBeVisible();

    await fileInput(page).setInputFiles({ name: "face photo.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Upload image" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Profile Image Updated Successfully");
    const picture = page.getByTestId("profile-picture");
    await expect(picture).toHaveAttribute(
      "src",
      /^\/api\/files\/localhost-\d+\/profileImage\/\d{13}-[0-9a-f]{8}-face-photo\.png$/,
    );
    const src = (await picture.getAttribute("src"))!;

    // the header's avatar draws once scripts run: look with the same session in a browser that has them
    const withJs = await browser.newContext({
      baseURL,
      userAgent,
      storageState: await page.context().storageState(),
      javaScriptEnabled: true,
    });
    const jsPage = await withJs.newPage();
    await jsPage.goto("/app/setting/edit-profile");
    await expect(headerAvatar(jsPage)).toHaveAttribute("src", src);
    await withJs.close();

    await page.getByLabel("Full Name").fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Please Enter Your Name")).toBeVisible();

    await page.getByRole("link", { name: "Remove" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Are you sure you want to remove the avatar?");
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Profile Image Updated Successfully");
    await expect(page.getByTestId("profile-picture")).toHaveCount(0);

    await page.goto("/app/setting/billing");
    await page.getByLabel("Card Holder Name").fill("Oliver Brown");
    await page.getByLabel("Card Number").fill("9999");
    await page.getByLabel("Expiry (MM/YY)").fill("12/30");
    await page.getByLabel("CVV").fill("123");
    await page.getByRole("button", { name: "Add Card" }).click();
    await expect(page.getByText("Please enter a valid credit card number!")).toBeVisible();
  });
});

/** After 'Password Changed Successfully' the form is empty (no field keeps what was typed). */
async function passwordFieldsEmpty(page: Page) {
  for (const label of ["Current Password", "New Password", "Confirm Password"])
    await expect(page.getByLabel(label)).toHaveValue("");
}

// last: it changes support@liveshop.test's password and puts it back (from a browser without JavaScript)
test("changing the password ends the other session, keeps this one, and the other browser is sent to login; the form is empty after each change", async ({
  browser,
  baseURL,
  userAgent,
}) => {
  const first = await browser.newContext({ baseURL, userAgent });
  const second = await browser.newContext({ baseURL, userAgent, javaScriptEnabled: false });
  const a = await first.newPage();
  const b = await second.newPage();
  await signInByCookie(a, SUPPORT_ADMIN);
  await signInByCookie(b, SUPPORT_ADMIN);

  await a.goto("/app/setting/change-password");
  await hydrated(a);
  await a.getByRole("button", { name: "Change Password" }).click();
  await expect(a.getByText("Please Enter The Current Password")).toBeVisible();
  await a.getByLabel("Current Password").fill("not-my-password");
  await a.getByLabel("New Password").fill(NEW_PASSWORD);
  await a.getByLabel("Confirm Password").fill(`${NEW_PASSWORD}x`);
  await a.getByRole("button", { name: "Change Password" }).click();
  await expect(a.getByText("New Password And Confirm Password Doesn't Match")).toBeVisible();
  await a.getByLabel("Confirm Password").fill(NEW_PASSWORD);
  await a.getByRole("button", { name: "Change Password" }).click();
  await expect(a.getByText("The current password is incorrect")).toBeVisible();

  await a.getByLabel("Current Password").fill(SUPPORT_ADMIN.password);
  await a.getByLabel("New Password").fill(NEW_PASSWORD);
  await a.getByLabel("Confirm Password").fill(NEW_PASSWORD);
  await a.getByRole("button", { name: "Change Password" }).click();
  await expect(a.getByTestId("toast")).toHaveText("Password Changed Successfully");
  await passwordFieldsEmpty(a);

  await b.goto("/app/setting/edit-profile");
  await expect(b).toHaveURL(/\/auth\/login\?redirectTo=%2Fapp%2Fsetting%2Fedit-profile/);
  await a.goto("/app/setting/edit-profile");
  await expect(a).toHaveURL(/\/app\/setting\/edit-profile$/);

  // the new password signs in; then put the old one back, as plain HTML
  await signInByCookie(b, { email: SUPPORT_ADMIN.email, password: NEW_PASSWORD });
  await b.goto("/app/setting/change-password");
  await b.getByLabel("Current Password").fill(NEW_PASSWORD);
  await b.getByLabel("New Password").fill(SUPPORT_ADMIN.password);
  await b.getByLabel("Confirm Password").fill(SUPPORT_ADMIN.password);
  await b.getByRole("button", { name: "Change Password" }).click();
  await expect(b.getByTestId("toast")).toHaveText("Password Changed Successfully");
  await passwordFieldsEmpty(b);
  await first.close();
  await second.close();
});
