import { expect, test, type Page } from "@playwright/test";
import { ADMIN, choose, holdRefresh, hydrated, returnToList, signInByCookie } from "./support";

// spec 1 §2 Influencers list, §4 verification, §5 Add Influencer, §7 (after an add: limit 10, createdAt desc, page 1)

// a real 1×1 PNG, so the browser can draw it
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const png = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });
const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const LIST = "/app/influencer-list";
const table = (page: Page) => page.getByRole("table", { name: "Influencers" });
const rows = (page: Page) => table(page).locator("tbody tr");
const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.getByText(name, { exact: true }) });
const toast = (page: Page) => page.getByTestId("toast");
const drawer = (page: Page) => page.getByRole("dialog");
const statusDialog = (page: Page) => page.getByTestId("verification-dialog");

/** People of this run: numbers from the range set aside for fiction (0491 570 xxx), unused by the demo data. */
const run = Math.floor(Math.random() * 400);
const PEOPLE = {
  js: {
    name: "Zara Quinnell",
    email: `zara.quinnell.${run}@e2e.test`,
    mobile: `0491 570 ${String(100 + run * 2).padStart(3, "0")}`,
  },
  nojs: {
    name: "Theo Marchetti",
    email: `theo.marchetti.${run}@e2e.test`,
    mobile: `0491 570 ${String(101 + run * 2).padStart(3, "0")}`,
  },
};

/** Fills every field of the Add Influencer drawer except the pictures. */
async function fillInfluencer(page: Page, person: { name: string; email: string; mobile: string }, js: boolean) {
  const form = drawer(page);
  await form.getByLabel("Full Name").fill(person.name);
  await form.getByLabel("Email").fill(person.email);
  await form.getByLabel("Phone Number", { exact: true }).fill(person.mobile);
  await form.getByLabel("Female", { exact: true }).check();
  await form.getByLabel("Date of Birth").fill("14/02/1998");
  await form.getByLabel("Ethnicity").selectOption("asian");
  await choose(form, "Country", { value: "AU", text: "Australia" });
  if (!js) await form.getByRole("button", { name: "Show states" }).click();
  await expect(drawer(page).getByLabel("State", { exact: true })).toBeEnabled();
  await choose(drawer(page), "State", { value: "NSW", text: "New South Wales" });
  if (!js) await drawer(page).getByRole("button", { name: "Show cities" }).click();
  await expect(drawer(page).getByLabel("City", { exact: true })).toBeEnabled();
  await choose(drawer(page), "City", { value: "Sydney", text: "Sydney" });
  await drawer(page).getByLabel("Bio").fill("Streams skincare routines every week.");
  await drawer(page).getByLabel("Instagram").fill("zara.q");
}

test.describe("influencers with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await signInByCookie(page, ADMIN);
  });

  test("the list shows demo influencers in every state with their tags", async ({ page }) => {
    await page.goto(LIST);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Influencers", level: 1 })).toBeVisible();
    for (const status of ["Pending", "Approved", "Rejected"])
      await expect(table(page).locator(`[data-status="${status}"]`).first()).toBeVisible();
    // search is in the URL
    // the e-mail: the third column, after the bulk checkbox and the name
    const email = (await rows(page).first().locator("td").nth(2).innerText()).trim();
    await page.getByRole("searchbox", { name: "Search influencers" }).fill(email);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(email)}`));
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(email);
    await shot(page, "influencers-list-js");
  });

  test("add, edit, verify and delete an influencer", async ({ page }) => {
    test.slow();
    const person = PEOPLE.js;
    await page.goto(LIST);
    await hydrated(page);
    await page.getByRole("link", { name: "Add Influencer" }).click();
    await expect(page).toHaveURL(/drawer=add/);
    await expect(drawer(page).getByRole("heading", { name: "Add Influencer" })).toBeVisible();

    // an empty submit: the spec's messages, nothing added
    await drawer(page).getByRole("button", { name: "Add Influencer" }).click();
    for (const message of [
      "Please Upload The Profile Image",
      "Please Enter The Full Name",
      "Please Enter Valid Email",
      "Please Select Gender",
      "Please Select Date Of Birth",
      "Please Select Ethnicity",
      "Please Select Country",
      "Please Enter Bio",
      "Please Select atleast one Portfolio",
    ]) {
      await expect(drawer(page).getByText(message, { exact: true })).toBeVisible();
    }

    await fillInfluencer(page, person, true);
    // Other asks for a custom gender
    await drawer(page).getByLabel("Other", { exact: true }).check();
    await expect(drawer(page).getByLabel("Custom Gender")).toBeVisible();
    await drawer(page).getByRole("button", { name: "Add Influencer" }).click();
    await expect(drawer(page).getByText("Please Enter The Gender", { exact: true })).toBeVisible();
    await drawer(page).getByLabel("Custom Gender").fill("Non-binary");

    await drawer(page).locator('input[type="file"][name="imageFile"]').setInputFiles(png("zara.png"));
    await expect(drawer(page).getByText("Uploaded!")).toBeVisible();
    await expect(page.getByTestId("influencer-image-preview")).toHaveAttribute("src", /profileImage\/.*zara\.png$/);
    // a file that is not a picture is refused before it is sent, in the spec's words
    await drawer(page)
      .locator('input[type="file"][name="portfolioFile"]')
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(drawer(page).getByText("You can only upload JPG, JPEG, or PNG files!", { exact: true })).toBeVisible();
    await drawer(page)
      .locator('input[type="file"][name="portfolioFile"]')
      .setInputFiles([png("look one.png"), png("look two.png"), png("look three.png")]);
    await expect(page.getByTestId("portfolio-tiles").locator("li")).toHaveCount(3);
    await expect(drawer(page).getByText("3 of 8")).toBeVisible();
    await shot(page, "influencer-add-js");
    await drawer(page).getByRole("button", { name: "Add Influencer" }).click();

    // spec 1 §7: the list reloads at page 1, newest first, and the new influencer leads it
    await expect(toast(page)).toContainText("Influencer added successfully");
    // the drawer sits over the list: no "Back to the list" link to where the user already is
    await expect(toast(page).getByRole("link", { name: "Back to the list" })).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${LIST}$`));
    await expect(rows(page).first()).toContainText(person.name);
    await expect(rows(page).first().locator('[data-status="Pending"]')).toBeVisible();

    // edit: change the bio, drop one portfolio image
    await rowOf(page, person.email)
      .getByRole("link", { name: /View or edit/ })
      .click();
    await expect(page).toHaveURL(/drawer=edit&id=/);
    await expect(drawer(page).getByLabel("Full Name")).toHaveValue(person.name);
    await expect(drawer(page).getByLabel("Date of Birth")).toHaveValue("14/02/1998");
    await expect(drawer(page).getByLabel("City", { exact: true })).toHaveValue("Sydney");
    await expect(drawer(page).getByLabel("Custom Gender")).toHaveValue("Non-binary");
    await expect(page.getByTestId("portfolio-tiles").locator("li")).toHaveCount(3);
    await drawer(page).getByLabel("Bio").fill("Now streaming skincare and fashion.");
    await page.getByTestId("portfolio-tiles").getByLabel("Keep").first().uncheck();
    await expect(drawer(page).getByText("2 of 8")).toBeVisible();
    await shot(page, "influencer-edit-js");
    await drawer(page).getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toContainText("Influencer updated successfully");
    await expect(page).not.toHaveURL(/drawer=/);
    await rowOf(page, person.email)
      .getByRole("link", { name: /View or edit/ })
      .click();
    await expect(drawer(page).getByLabel("Bio")).toHaveValue("Now streaming skincare and fashion.");
    await expect(page.getByTestId("portfolio-tiles").locator("li")).toHaveCount(2);
    await drawer(page).getByRole("link", { name: "Cancel" }).click();
    await expect(page).not.toHaveURL(/drawer=/);

    // verify: no change is refused; Approved; then Pending is disabled
    await rowOf(page, person.email)
      .getByRole("link", { name: /Change the status/ })
      .click();
    await expect(statusDialog(page)).toBeVisible();
    await statusDialog(page).getByRole("button", { name: "Confirm" }).click();
    await expect(statusDialog(page).getByText("Please Change the Status")).toBeVisible();
    await statusDialog(page)
      .getByRole("radio", { name: /Approved/ })
      .check();
    await shot(page, "influencer-status-js");
    await statusDialog(page).getByRole("button", { name: "Confirm" }).click();
    await expect(statusDialog(page)).toHaveCount(0);
    await expect(toast(page)).toContainText("Influencer status changed to Approved");
    await expect(rowOf(page, person.email).locator('[data-status="Approved"]')).toBeVisible();
    // the list comes back without the dialog after about a second
    await expect(page).not.toHaveURL(/confirm=/);
    await rowOf(page, person.email)
      .getByRole("link", { name: /Change the status/ })
      .click();
    await expect(statusDialog(page).getByRole("radio", { name: /Pending/ })).toBeDisabled();
    await expect(statusDialog(page).getByRole("radio", { name: /Rejected/ })).toBeEnabled();
    await statusDialog(page).getByRole("link", { name: "Cancel" }).click();
    await expect(statusDialog(page)).toHaveCount(0);

    // delete after confirmation
    await rowOf(page, person.email)
      .getByRole("link", { name: /Delete/ })
      .click();
    await expect(page.getByRole("alertdialog")).toContainText(person.name);
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("User deleted successfully");
    await expect(rowOf(page, person.email)).toHaveCount(0);
  });
});

test.describe("influencers without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add an influencer with the pictures posted with the form, then verify them", async ({ page }) => {
    test.slow();
    const person = PEOPLE.nojs;
    await signInByCookie(page, ADMIN);
    await holdRefresh(page);
    await page.goto(`${LIST}?drawer=add`);
    await fillInfluencer(page, person, false);
    // the values survive the "Show states" / "Show cities" round trips
    await expect(drawer(page).getByLabel("Full Name")).toHaveValue(person.name);
    await drawer(page).locator('input[type="file"][name="imageFile"]').setInputFiles(png("theo.png"));
    await drawer(page)
      .locator('input[type="file"][name="portfolioFile"]')
      .setInputFiles([png("set one.png"), png("set two.png")]);
    // a refused submit keeps what was typed and the pictures already uploaded
    await drawer(page).getByLabel("Bio").fill("");
    await drawer(page).getByRole("button", { name: "Add Influencer" }).click();
    await expect(drawer(page).getByText("Please Enter Bio", { exact: true })).toBeVisible();
    await expect(drawer(page).getByLabel("Email")).toHaveValue(person.email);
    await expect(drawer(page).getByLabel("City", { exact: true })).toHaveValue("Sydney");
    await expect(page.getByTestId("influencer-image-preview")).toHaveAttribute("src", /profileImage\/.*theo\.png$/);
    await expect(page.getByTestId("portfolio-tiles").locator("li")).toHaveCount(2);
    await drawer(page).getByLabel("Bio").fill("Streams cooking every Sunday.");
    await shot(page, "influencer-add-nojs");
    await drawer(page).getByRole("button", { name: "Add Influencer" }).click();
    await expect(toast(page)).toContainText("Influencer added successfully");
    await expect(rows(page).first()).toContainText(person.name);

    // the pictures were uploaded by the action
    await rowOf(page, person.email)
      .getByRole("link", { name: /View or edit/ })
      .click();
    await expect(page.getByTestId("influencer-image-preview")).toHaveAttribute("src", /profileImage\/.*theo\.png$/);
    await expect(page.getByTestId("portfolio-tiles").locator("li")).toHaveCount(2);

    // edit without JavaScript: untick one portfolio picture, post a new one, change the bio
    await drawer(page).getByLabel("Bio").fill("Cooking streams on Sundays.");
    await page.getByTestId("portfolio-tiles").getByLabel("Keep").first().uncheck();
    await drawer(page)
      .locator('input[type="file"][name="portfolioFile"]')
      .setInputFiles([png("set three.png")]);
    await drawer(page).getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toContainText("Influencer updated successfully");
    await rowOf(page, person.email)
      .getByRole("link", { name: /View or edit/ })
      .click();
    await expect(drawer(page).getByLabel("Bio")).toHaveValue("Cooking streams on Sundays.");
    const tiles = page.getByTestId("portfolio-tiles").locator("img");
    await expect(tiles).toHaveCount(2);
    await expect(tiles.nth(0)).toHaveAttribute("src", /set-two\.png$/);
    await expect(tiles.nth(1)).toHaveAttribute("src", /set-three\.png$/);

    // spec 1 §5: image and portfolio are optional on edit, so a portfolio can be emptied
    await page.getByTestId("portfolio-tiles").getByLabel("Keep").nth(0).uncheck();
    await page.getByTestId("portfolio-tiles").getByLabel("Keep").nth(1).uncheck();
    await drawer(page).getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toContainText("Influencer updated successfully");
    await rowOf(page, person.email)
      .getByRole("link", { name: /View or edit/ })
      .click();
    await expect(drawer(page).getByLabel("Bio")).toHaveValue("Cooking streams on Sundays.");
    await expect(page.getByTestId("portfolio-tiles").locator("img")).toHaveCount(0);

    // verification without JavaScript: the dialog posts, the message shows, the list returns by itself
    await page.goto(LIST);
    await rowOf(page, person.email)
      .getByRole("link", { name: /Change the status/ })
      .click();
    await statusDialog(page).getByRole("button", { name: "Confirm" }).click();
    await expect(statusDialog(page).getByText("Please Change the Status")).toBeVisible();
    await statusDialog(page)
      .getByRole("radio", { name: /Rejected/ })
      .check();
    await statusDialog(page).getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Influencer status changed to Rejected")).toBeVisible();
    await returnToList(page, /^\/app\/influencer-list(\?(?!.*confirm=)|$)/);
    await expect(statusDialog(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/confirm=/);
    await expect(rowOf(page, person.email).locator('[data-status="Rejected"]')).toBeVisible();
    await shot(page, "influencer-status-nojs");

    // a Rejected influencer can be approved again, but not set back to Pending (ADR 0016)
    await rowOf(page, person.email)
      .getByRole("link", { name: /Change the status/ })
      .click();
    await expect(statusDialog(page).getByRole("radio", { name: /Pending/ })).toBeDisabled();
    await expect(statusDialog(page).getByRole("radio", { name: /Approved/ })).toBeEnabled();

    // delete after confirmation
    await page.goto(LIST);
    await rowOf(page, person.email)
      .getByRole("link", { name: /Delete/ })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("User deleted successfully");
    await expect(rowOf(page, person.email)).toHaveCount(0);
  });
});
