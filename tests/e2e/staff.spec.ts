import { expect, test, type Page } from "@playwright/test";
import { MSG } from "#contract/core/messages";
import { ADMIN, OWNER, codeFromOutbox, hydrated, signInByCookie } from "./support";

// a real 1×1 PNG, so the browser can draw it
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const SHOP_PAGE = /\/app\/shop\/[0-9a-f]{24}$/;

const toast = (page: Page) => page.getByTestId("toast");
const card = (page: Page) => page.getByTestId("staff-card");
const drawer = (page: Page) => page.getByRole("dialog");
const row = (page: Page, name: string) => card(page).getByTestId("staff-row").filter({ hasText: name });
const moduleGroup = (page: Page, module: string) =>
  drawer(page).getByRole("group", { name: `${module} module`, exact: true });
const accessType = (page: Page, module: string, label: string) =>
  moduleGroup(page, module).getByRole("checkbox", { name: label, exact: true });
const moduleStatus = (page: Page, module: string) => drawer(page).getByTestId(`module-status-${module}`);

async function openOwnShop(page: Page, js: boolean) {
  await signInByCookie(page, OWNER);
  await page.goto("/app/shop");
  await expect(page).toHaveURL(SHOP_PAGE);
  if (js) await hydrated(page);
  await expect(card(page).getByRole("heading", { name: "Team Member(s)" })).toBeVisible();
}

async function fillStaffForm(
  page: Page,
  person: { name: string; email: string; mobile: string; role: string },
  phoneLabel = "Phone Number",
) {
  const d = drawer(page);
  await d.getByLabel("Full Name").fill(person.name);
  await d.getByLabel("Email").fill(person.email);
  await d.getByLabel(phoneLabel, { exact: true }).fill(person.mobile);
  await d.getByLabel("Role").fill(person.role);
}

test.describe("staff, with JavaScript", () => {
  test("the owner adds a member with some rights, edits them, the member signs in with a phone code and sees only the granted menu entries; then the owner deletes them", async ({
    page,
    browser,
  }) => {
    test.slow();
    const member = { name: "Ava Staffer", email: "ava.staffer@liveshop.test", mobile: "412301001", role: "Floor lead" };
    await openOwnShop(page, true);
    // spec 1 §2: the owner first, shown as Owner
    await expect(card(page).getByTestId("staff-row").first()).toContainText("Owner");

    await card(page).getByRole("link", { name: "Add", exact: true }).click();
    await expect(page).toHaveURL(/drawer=add-staff/);
    await expect(drawer(page)).toHaveCSS("width", "500px");
    await expect(drawer(page).getByRole("heading", { name: "Add Staff" })).toBeVisible();

    // every rule of spec 1 §5 Staff form on an empty submit
    await drawer(page).getByRole("button", { name: "Add", exact: true }).click();
    for (const message of [
      MSG.staffImageRequired,
      MSG.fullNameRequired,
      MSG.staffEmailRequired,
      MSG.staffPhoneRequired,
      MSG.staffRoleRequired,
    ]) {
      await expect(drawer(page).getByText(message, { exact: true })).toBeVisible();
    }
    // the picture: type and size are checked before sending
    const picture = drawer(page).getByLabel("Upload Image");
    await picture.setInputFiles({ name: "face.gif", mimeType: "image/gif", buffer: PNG });
    await expect(drawer(page).getByText(MSG.staffImageType)).toBeVisible();
    await picture.setInputFiles({
      name: "big.png",
      mimeType: "image/png",
      buffer: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
    });
    await expect(drawer(page).getByText(MSG.staffImageSize)).toBeVisible();
    await picture.setInputFiles({ name: "face.png", mimeType: "image/png", buffer: PNG });
    await expect(drawer(page).getByText(MSG.uploaded)).toBeVisible();

    await fillStaffForm(page, { ...member, email: "not-an-email", mobile: "12" });
    await drawer(page).getByRole("radio", { name: "Other" }).check();
    await drawer(page).getByRole("button", { name: "Add", exact: true }).click();
    await expect(drawer(page).getByText(MSG.emailInvalid, { exact: true })).toBeVisible();
    await expect(drawer(page).getByText(MSG.invalidPhone)).toBeVisible();
    await expect(drawer(page).getByText(MSG.customGenderRequired)).toBeVisible();

    await fillStaffForm(page, member);
    await drawer(page).getByRole("radio", { name: "Female" }).check();
    await expect(drawer(page).getByLabel("Custom Gender")).toHaveCount(0);
    // the grid: a module is on when at least one access type is ticked; its switch ticks them all
    await expect(moduleStatus(page, "product")).toHaveText("off");
    await accessType(page, "product", "add").check();
    await expect(moduleStatus(page, "product")).toHaveText("on");
    await drawer(page).getByRole("switch", { name: "customer module on" }).check();
    await expect(accessType(page, "customer", "add")).toBeChecked();
    await expect(accessType(page, "customer", "view")).toBeChecked();
    await drawer(page).getByRole("switch", { name: "customer module on" }).uncheck();
    await expect(moduleStatus(page, "customer")).toHaveText("off");
    await accessType(page, "order", "scan qr").check();
    await drawer(page).getByRole("button", { name: "Add", exact: true }).click();

    await expect(toast(page)).toContainText(MSG.staffAdded);
    await expect(page).toHaveURL(SHOP_PAGE);
    await expect(row(page, member.name)).toContainText(member.role);

    // edit: the drawer of 400 px shows the member's grid; take product away, give chat and coupons
    await row(page, member.name).getByRole("link", { name: /^View/ }).click();
    await expect(page).toHaveURL(/drawer=staff&id=/);
    await expect(drawer(page)).toHaveCSS("width", "400px");
    await expect(drawer(page).getByLabel("Full Name")).toHaveValue(member.name);
    await expect(accessType(page, "product", "add")).toBeChecked();
    await expect(accessType(page, "order", "scan qr")).toBeChecked();
    await expect(moduleStatus(page, "order")).toHaveText("on");
    await accessType(page, "product", "add").uncheck();
    await accessType(page, "chat", "direct chat").check();
    await accessType(page, "coupon", "add").check();
    await drawer(page).getByLabel("Role").fill("Store manager");
    await drawer(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText(MSG.staffUpdated);
    await expect(row(page, member.name)).toContainText("Store manager");

    // the member signs in with a phone code from the outbox and sees the entries of their modules only
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await staffPage.goto("/auth/shopkeeper/login");
    await hydrated(staffPage);
    await staffPage.getByLabel("Mobile Number", { exact: true }).fill(member.mobile);
    await staffPage.getByRole("button", { name: "Send code" }).click();
    await expect(staffPage.getByText("Verify OTP")).toBeVisible();
    const code = await codeFromOutbox(browser, `+61${member.mobile}`);
    await staffPage.getByLabel("Digit 1 of 6").click();
    await staffPage.keyboard.type(code);
    await staffPage.getByRole("button", { name: "Verify" }).click();
    await expect(staffPage).toHaveURL(SHOP_PAGE);
    const nav = staffPage.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link")).toHaveText(["Shop", "Orders", "Coupons", "Chat", "Settings"]);
    // a staff member without staff rights sees the team but cannot add, edit or delete
    await expect(card(staffPage).getByRole("link", { name: "Add", exact: true })).toHaveCount(0);
    await expect(card(staffPage).getByRole("link", { name: /^Delete/ })).toHaveCount(0);

    // the owner grants products: the member's very next page shows it
    await row(page, member.name).getByRole("link", { name: /^View/ }).click();
    await accessType(page, "product", "edit").check();
    await drawer(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText(MSG.staffUpdated);
    await staffPage.reload();
    await expect(nav.getByRole("link")).toHaveText(["Shop", "Products", "Orders", "Coupons", "Chat", "Settings"]);

    // delete, after the spec's confirmation
    await row(page, member.name)
      .getByRole("link", { name: /^Delete/ })
      .click();
    await expect(page.getByRole("alertdialog")).toContainText(MSG.deleteMemberConfirm);
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText(MSG.staffRemoved);
    await expect(row(page, member.name)).toHaveCount(0);
    // their session ended with the delete
    await staffPage.reload();
    await expect(staffPage).toHaveURL(/\/auth\/login/);
    await staffContext.close();
  });

  test("every row has View and Delete; the owner's Delete says why an owner cannot be removed", async ({ page }) => {
    await openOwnShop(page, true);
    const rows = card(page).getByTestId("staff-row");
    await expect(rows).toHaveCount(2);
    for (const one of await rows.all()) {
      await expect(one.getByRole("link", { name: /^View / })).toBeVisible();
      await expect(one.getByRole("link", { name: /^Delete / })).toBeVisible();
    }
    await rows
      .first()
      .getByRole("link", { name: /^Delete / })
      .click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByTestId("dialog-blocked")).toHaveText(MSG.staffOwnerNotRemovable);
    await expect(dialog.getByRole("button", { name: "Delete" })).toBeDisabled();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rows).toHaveCount(2);
  });

  test("the owner's entry opens with phone and role read-only", async ({ page }) => {
    await openOwnShop(page, true);
    await card(page).getByTestId("staff-row").first().getByRole("link", { name: /^View/ }).click();
    await expect(drawer(page).getByLabel("Mobile Number", { exact: true })).toBeDisabled();
    await expect(drawer(page).getByLabel("Role")).toHaveValue("Owner");
    await expect(drawer(page).getByLabel("Role")).toBeDisabled();
    await expect(drawer(page).getByText("The owner holds every access type.")).toBeVisible();
  });
});

// The first submit reports an invalid phone and Other without a custom gender together with every other field's message
for (const js of [true, false]) {
  test.describe(`staff add, first submit, ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });

    test("an invalid phone and Other without a custom gender are reported with the other errors on the first submit", async ({
      page,
    }) => {
      await openOwnShop(page, js);
      await card(page).getByRole("link", { name: "Add", exact: true }).click();
      await expect(page).toHaveURL(/drawer=add-staff/);
      await drawer(page).getByLabel("Full Name").fill("Una First");
      await drawer(page).getByLabel("Phone Number", { exact: true }).fill("12");
      await drawer(page).getByRole("radio", { name: "Other" }).check();
      await drawer(page).getByRole("button", { name: "Add", exact: true }).click();
      for (const message of [
        MSG.invalidPhone,
        MSG.customGenderRequired,
        MSG.staffImageRequired,
        MSG.staffEmailRequired,
        MSG.staffRoleRequired,
      ]) {
        await expect(drawer(page).getByText(message, { exact: true })).toBeVisible();
      }
      await expect(drawer(page).getByText(MSG.fullNameRequired, { exact: true })).toHaveCount(0);
    });
  });
}

test.describe("staff, as an admin", () => {
  test("an admin adds a member to a shop from its Shop Info page; the card is titled Staff", async ({
    page,
    browser,
  }) => {
    test.slow();
    // the owner's shop id, as the owner's own page shows it
    const ownerContext = await browser.newContext();
    const ownerPage = await ownerContext.newPage();
    await openOwnShop(ownerPage, true);
    const shopPath = new URL(ownerPage.url()).pathname;
    await ownerContext.close();

    await signInByCookie(page, ADMIN);
    await page.goto(`${shopPath}/shopInfo`);
    await hydrated(page);
    await expect(card(page).getByRole("heading", { name: "Staff", exact: true })).toBeVisible();
    await card(page).getByRole("link", { name: "Add", exact: true }).click();
    const member = { name: "Ada Admin-Added", email: "ada.added@liveshop.test", mobile: "412301003", role: "Stylist" };
    await drawer(page)
      .getByLabel("Upload Image")
      .setInputFiles({ name: "face.png", mimeType: "image/png", buffer: PNG });
    await expect(drawer(page).getByText(MSG.uploaded)).toBeVisible();
    await fillStaffForm(page, member);
    await accessType(page, "shop", "edit details").check();
    await drawer(page).getByRole("button", { name: "Add", exact: true }).click();
    await expect(toast(page)).toContainText(MSG.staffAdded);
    await expect(page).toHaveURL(new RegExp(`${shopPath}/shopInfo$`));
    await expect(row(page, member.name)).toContainText(member.role);
  });
});

test.describe("staff, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the owner adds a member: errors first, then the picture as a plain file input and the grid as checkboxes", async ({
    page,
  }) => {
    test.slow();
    const member = { name: "Noah Nojs", email: "noah.nojs@liveshop.test", mobile: "412301002", role: "Packer" };
    await openOwnShop(page, false);
    await card(page).getByRole("link", { name: "Add", exact: true }).click();
    await expect(page).toHaveURL(/drawer=add-staff/);
    await drawer(page).getByRole("button", { name: "Add", exact: true }).click();
    await expect(drawer(page).getByText(MSG.staffImageRequired)).toBeVisible();
    await expect(drawer(page).getByText(MSG.staffPhoneRequired)).toBeVisible();

    await fillStaffForm(page, member);
    await drawer(page)
      .getByLabel("Upload Image")
      .setInputFiles({ name: "face.png", mimeType: "image/png", buffer: PNG });
    await accessType(page, "stream", "schedule stream").check();
    await accessType(page, "campaign", "view").check();
    await drawer(page).getByRole("button", { name: "Add", exact: true }).click();
    await expect(toast(page)).toContainText(MSG.staffAdded);
    await expect(row(page, member.name)).toContainText(member.role);

    await row(page, member.name).getByRole("link", { name: /^View/ }).click();
    await expect(accessType(page, "stream", "schedule stream")).toBeChecked();
    await expect(accessType(page, "campaign", "view")).toBeChecked();
    await expect(accessType(page, "product", "add")).not.toBeChecked();
    await expect(moduleStatus(page, "stream")).toHaveText("on");
    await expect(moduleStatus(page, "product")).toHaveText("off");
    await expect(drawer(page).locator("img")).toHaveCount(1);

    // a picture over 2 MB is refused on its way in, with the spec's words
    await drawer(page)
      .getByLabel("Change Image")
      .setInputFiles({
        name: "big.png",
        mimeType: "image/png",
        buffer: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
      });
    await drawer(page).getByRole("button", { name: "Save" }).click();
    await expect(drawer(page).getByText(MSG.staffImageSize)).toBeVisible();

    // delete, after the confirmation
    await page.goto(new URL(page.url()).pathname);
    await row(page, member.name)
      .getByRole("link", { name: /^Delete/ })
      .click();
    await expect(page.getByRole("alertdialog")).toContainText(MSG.deleteMemberConfirm);
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText(MSG.staffRemoved);
    await expect(row(page, member.name)).toHaveCount(0);
  });
});
