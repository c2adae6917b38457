import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN, choose, hydrated, signInByCookie } from "./support";

// spec 1 §2 Influencer public registration, §4 Registration, §5 Public registration; the 'How to Restream' page

// a real 1×1 PNG: the API checks the bytes, the page shows the preview
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const png = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });
/** A fresh Australian mobile number for each run (the registration reserves it). */
// 41x is always a valid Australian mobile range (4 followed by any 8 digits is not)
const freshMobile = () => `41${String(Date.now() % 10_000_000).padStart(7, "0")}`;

/** The newest registration code texted to a phone, read from the demo outbox by an admin in their own browser. */
async function registrationCode(browser: Browser, to: string) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const admin = await context.newPage();
  await signInByCookie(admin, ADMIN);
  await admin.goto("/app/setting/outbox");
  const row = admin.getByTestId("outbox-message").filter({ hasText: to }).first();
  await expect(row).toContainText("registration code is");
  const text = await row.innerText();
  await context.close();
  const code = text.match(/registration code is (\d{6})\./)?.[1];
  expect(code, `a code for ${to} in the outbox`).toMatch(/^\d{6}$/);
  return code!;
}

async function fillPerson(page: Page, mobile: string) {
  await page.getByLabel("Full Name").fill("Ava Nguyen");
  await page.getByLabel("Mobile Number", { exact: true }).fill(mobile);
  await page.getByLabel("Email Id").fill(`ava-${mobile}@example.com`);
  await page.getByLabel("Gender").selectOption("Female");
  // DD/MM/YYYY whatever the browser's locale (spec 1 §9)
  await page.getByLabel("Date of Birth").fill("21/03/1997");
  await page.getByLabel("Ethnicity").selectOption("southeastAsianPacificIslander");
  await page.getByLabel("Instagram (optional)").fill("ava.nguyen");
  await page.getByLabel("Bio").fill("Fashion and travel creator. I love showing outfits live.");
}

test.describe("public registration with JavaScript", () => {
  test("the form's rules, then register, verify the texted code, and land on the success page", async ({
    page,
    browser,
  }) => {
    test.slow();
    await page.goto("/influencer/register");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Register with LiveShop" })).toBeVisible();
    await expect(page.locator(".register-slide")).toHaveCount(5);

    // nothing filled: the spec's messages
    await page.getByRole("button", { name: "Register", exact: true }).click();
    for (const message of [
      "Please Enter Full Name",
      "Please Enter Mobile Number",
      "Please Enter Email Id",
      "Please Select Gender",
      "Please Select Date Of Birth",
      "Please Select Ethnicity",
      "Please Select Country",
      "Please Select State",
      "Please Select City",
      "Please Enter Bio",
      "Please Select atleast one Portfolio",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    // every field in error is tied to its message, and the focus is on the first of them
    for (const [label, message] of [
      ["Full Name", "Please Enter Full Name"],
      ["Gender", "Please Select Gender"],
      ["Date of Birth", "Please Select Date Of Birth"],
      ["Ethnicity", "Please Select Ethnicity"],
      ["Country", "Please Select Country"],
      ["State", "Please Select State"],
      ["City", "Please Select City"],
      ["Bio", "Please Enter Bio"],
    ] as const) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field, label).toHaveAttribute("aria-invalid", "true");
      const described = await field.getAttribute("aria-describedby");
      expect(described, label).toBeTruthy();
      await expect(page.locator(`[id="${described}"]`), label).toHaveText(message);
    }
    await expect(page.getByLabel("Full Name")).toBeFocused();

    const mobile = freshMobile();
    await fillPerson(page, mobile);
    await page.getByLabel("Full Name").fill("Ava N9uyen");
    // a date of birth in another notation is refused with the expected one named
    await page.getByLabel("Date of Birth").fill("21-03-1997");
    // cascading places, searchable (spec 1 §2): typing narrows the list; the country loads its states, the state its cities
    const country = page.getByRole("combobox", { name: "Country", exact: true });
    await country.fill("austr");
    await expect(page.getByRole("listbox").getByRole("option")).toHaveText(["Australia", "Austria"]);
    await page.getByRole("listbox").getByRole("option", { name: "Austria" }).click();
    await expect(country).toHaveValue("Austria");
    // Country is clearable, which empties State and City too
    await page.getByRole("button", { name: "Clear country" }).click();
    await expect(country).toHaveValue("");
    await expect(page.getByLabel("State", { exact: true })).toBeDisabled();
    await choose(page, "Country", { value: "AU", text: "Australia" });
    await expect(page.getByLabel("State", { exact: true })).toBeEnabled();
    await choose(page, "State", { value: "VIC", text: "Victoria" });
    await expect(page.getByLabel("City", { exact: true })).toBeEnabled();
    const city = page.getByRole("combobox", { name: "City", exact: true });
    await city.fill("melbou");
    await expect(page.getByRole("listbox").getByRole("option", { name: "Melbourne", exact: true })).toBeVisible();
    await city.press("ArrowDown");
    await city.press("ArrowUp");
    await city.press("Enter");
    await expect(city).toHaveValue(/Melbourne/);
    await choose(page, "City", { value: "Melbourne", text: "Melbourne" });
    await page.locator("#profile-image").setInputFiles(png("me.png"));
    await expect(page.getByRole("img", { name: "Profile image" })).toBeVisible();
    await page.locator("#portfolio-files").setInputFiles([png("look-1.png"), png("look-2.png")]);
    await expect(page.getByRole("img", { name: /^Portfolio picture/ })).toHaveCount(2);
    await page.getByRole("button", { name: "Remove Portfolio picture 2" }).click();
    await expect(page.getByRole("img", { name: /^Portfolio picture/ })).toHaveCount(1);

    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page.getByText("Please Enter a valid First Name")).toBeVisible();
    await expect(page.getByText("Please enter the date of birth as DD/MM/YYYY")).toBeVisible();
    // the places and the date came back as chosen
    await expect(page.getByRole("combobox", { name: "City", exact: true })).toHaveValue("Melbourne");
    await page.getByLabel("Full Name").fill("Ava Nguyen");
    await page.getByLabel("Date of Birth").fill("21/03/1997");
    await page.getByRole("button", { name: "Register", exact: true }).click();

    await expect(page.getByText("Verify OTP")).toBeVisible();
    await expect(page.getByText("User registered successfully.")).toBeVisible();
    // the toast keeps clear of the card
    const toastBox = (await page.getByTestId("toast").boundingBox())!;
    const cardBox = (await page.locator(".register-card").boundingBox())!;
    const apart =
      toastBox.y >= cardBox.y + cardBox.height ||
      toastBox.x >= cardBox.x + cardBox.width ||
      toastBox.x + toastBox.width <= cardBox.x;
    expect(apart, "the toast does not cover the card").toBe(true);
    const verify = page.getByRole("button", { name: "Verify", exact: true });
    await expect(verify).toBeDisabled();
    await expect(page.getByLabel("Digit 1 of 6")).toBeFocused();

    // a wrong code first: refused, then the right one
    await page.keyboard.type("000000");
    await expect(verify).toBeEnabled();
    const code = await registrationCode(browser, `+61${mobile}`);
    if (code !== "000000") {
      await verify.click();
      await expect(page.getByText("The code is incorrect or has expired")).toBeVisible();
    }
    await page.getByLabel("Digit 1 of 6").click();
    await page.keyboard.type(code);
    await expect(verify).toBeEnabled();
    await verify.click();

    await expect(page).toHaveURL(/\/influencer\/register\/success$/);
    await expect(page.getByText("Your registration has been completed Successfully")).toBeVisible();
    await expect(page.getByRole("img", { name: "Registration confirmed" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/influencer\/register$/);
  });

  test("Resend OTP sends a new code", async ({ page, browser }) => {
    test.slow();
    await page.goto("/influencer/register");
    await hydrated(page);
    const mobile = freshMobile();
    await fillPerson(page, mobile);
    await choose(page, "Country", { value: "AU", text: "Australia" });
    await choose(page, "State", { value: "NSW", text: "New South Wales" });
    await expect(page.getByLabel("City", { exact: true })).toBeEnabled();
    await choose(page, "City", { value: "Sydney", text: "Sydney" });
    await page.locator("#portfolio-files").setInputFiles([png("one.png")]);
    await expect(page.getByRole("img", { name: /^Portfolio picture/ })).toHaveCount(1);
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page.getByText("Verify OTP")).toBeVisible();
    await page.getByRole("button", { name: "Resend OTP" }).click();
    await expect(page.getByText(/A 6-digit code has been sent to your phone/)).toBeVisible();
    const code = await registrationCode(browser, `+61${mobile}`);
    // pasting the code fills all six boxes
    await page.getByLabel("Digit 1 of 6").focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData("text", text);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, code);
    await expect(page.getByLabel("Digit 6 of 6")).toHaveValue(code[5]);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page).toHaveURL(/\/influencer\/register\/success$/);
  });
});

test.describe("public registration without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("places by 'Show states' and 'Show cities', pictures posted with the form, one code input", async ({
    page,
    browser,
  }) => {
    test.slow();
    await page.goto("/influencer/register");
    await expect(page.getByRole("heading", { name: "Register with LiveShop" })).toBeVisible();
    const mobile = freshMobile();
    await fillPerson(page, mobile);
    await page.getByLabel("Country", { exact: true }).selectOption("AU");
    await page.getByRole("button", { name: "Show states" }).click();
    await page.getByLabel("State", { exact: true }).selectOption("QLD");
    await page.getByRole("button", { name: "Show cities" }).click();
    await page.getByLabel("City", { exact: true }).selectOption("Brisbane");
    // what was typed survived both round trips
    await expect(page.getByLabel("Full Name")).toHaveValue("Ava Nguyen");
    await expect(page.getByLabel("Bio")).toHaveValue(/Fashion and travel/);
    await page.locator('input[name="profileImageFile"]').setInputFiles(png("me.png"));
    await page.locator('input[name="portfolioFile"]').setInputFiles([png("a.png"), png("b.png")]);
    await page.getByRole("button", { name: "Register", exact: true }).click();

    await expect(page.getByText("Verify OTP")).toBeVisible();
    await expect(page.getByText("User registered successfully.")).toBeVisible();
    const input = page.getByLabel("Verify OTP");
    await expect(input).toHaveCount(1);
    const code = await registrationCode(browser, `+61${mobile}`);
    // a wrong code: the "code sent" toast (which never fades without scripts) gives way to the refusal
    await expect(page.getByTestId("toast")).toBeVisible();
    await input.fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByText("The code is incorrect or has expired")).toBeVisible();
    await expect(page.getByTestId("toast")).toBeHidden();
    await input.fill(code);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page).toHaveURL(/\/influencer\/register\/success$/);
    await expect(page.getByText("Your registration has been completed Successfully")).toBeVisible();
  });
});

test.describe("How to Restream", () => {
  for (const js of [true, false]) {
    test(`an accordion of the six platforms, with the Facebook five-hour note (${js ? "with" : "without"} JavaScript)`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: js });
      const page = await context.newPage();
      await page.goto("/social/set-stream");
      await expect(page.getByRole("heading", { name: "How to Restream" })).toBeVisible();
      for (const name of ["Facebook", "YouTube", "Instagram", "TikTok", "LinkedIn", "Twitter"])
        await expect(page.locator("summary", { hasText: name })).toBeVisible();
      const note = page.getByText("The Facebook stream key is valid for five hours.", { exact: false });
      await expect(note).toBeHidden();
      await page.locator("summary", { hasText: "Facebook" }).click();
      await expect(note).toBeVisible();
      await expect(page.getByText(/Stream key/).first()).toBeVisible();
      await page.locator("summary", { hasText: "YouTube" }).click();
      await expect(page.getByText(/rtmp:\/\/a\.rtmp\.youtube\.com\/live2/)).toBeVisible();
      await context.close();
    });
  }
});
