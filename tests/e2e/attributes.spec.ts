import { expect, test, type Page } from "@playwright/test";
import { ADMIN, holdRefresh, hydrated, signInByCookie } from "./support";

// spec 2 §2 Attributes list and add page, §5 Attribute, §7 Attribute, §8 (a failed load shows nothing), §9

const MESSAGES = {
  added: "Attribute added successfully",
  optionAdded: "Option added successfully",
  optionExists: "This option already exists",
  taken: "An attribute with this name already exists",
  required: [
    "Please Add Attribute Name",
    "Please Add Attribute Label",
    "Please Select Attribute Type",
    "Please Check Attribute Variation",
    "Please Add Atleast One Attribute List",
  ],
};

const table = (page: Page) => page.getByRole("table", { name: "Attributes" });
const rows = (page: Page) => table(page).locator("tbody tr");
const drawer = (page: Page) => page.getByRole("dialog", { name: "Attribute details" });
const search = (url: string) => new URL(url).searchParams;
/** Names are at most 20 characters (spec 2 §9) and unique: a prefix and a short run-unique suffix. */
let serial = 0;
const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36).slice(-5)}${(serial++).toString(36)}`.slice(0, 20);

async function fillAttribute(
  page: Page,
  attr: { name: string; label: string; type: string; variation: "Yes" | "No"; options?: string; hint?: string },
) {
  await page.getByLabel("Name", { exact: true }).fill(attr.name);
  await page.getByLabel("Label", { exact: true }).fill(attr.label);
  await page.getByLabel("Type", { exact: true }).selectOption({ label: attr.type });
  if (attr.hint) await page.getByLabel("Hint", { exact: true }).fill(attr.hint);
  await page.getByRole("group", { name: "Use for variation" }).getByLabel(attr.variation).check();
  if (attr.options !== undefined) await page.getByLabel("Options", { exact: true }).fill(attr.options);
}

/** Adds an attribute through the add page and waits for the return to the list. */
async function addAttribute(page: Page, attr: Parameters<typeof fillAttribute>[1], opts: { js: boolean }) {
  await page.goto("/app/add-attribute");
  if (opts.js) await hydrated(page);
  const held = opts.js ? null : await holdRefresh(page);
  await fillAttribute(page, attr);
  await page.getByRole("button", { name: "Add Attribute" }).click();
  await expect(page.getByTestId("toast")).toContainText(MESSAGES.added);
  await held?.returnToList(/^\/app\/attributes$/);
  await expect(page).toHaveURL(/\/app\/attributes$/);
}

async function openList(page: Page, query = "", opts: { js: boolean } = { js: true }) {
  await page.goto(`/app/attributes${query}`);
  if (opts.js) await hydrated(page);
  await expect(table(page)).toBeVisible();
}

test.describe("attributes with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await signInByCookie(page, ADMIN);
  });

  test("the admin adds an attribute with coloured options, sees the toast, then finds it in the list", async ({
    page,
  }) => {
    const name = uniqueName("Shade");
    await openList(page);
    await page.getByRole("link", { name: "Add Attribute" }).click();
    await expect(page).toHaveURL(/\/app\/add-attribute$/);
    await expect(page.getByRole("heading", { name: "Add Attribute" })).toBeVisible();
    await hydrated(page);
    await fillAttribute(page, {
      name,
      label: "Shade",
      type: "Dropdown",
      variation: "Yes",
      hint: "Closest match",
      options: "Red #E53935\nBlue #1e88e5\nGreen\nBlack\nred",
    });
    await page.getByRole("button", { name: "Add Attribute" }).click();
    await expect(page.getByTestId("toast")).toContainText(MESSAGES.added);
    // spec 2 §2: back to the list after about 1 s
    await expect(page).toHaveURL(/\/app\/attributes$/);
    await expect(table(page)).toBeVisible();

    await page.getByLabel("Search attributes").fill(name);
    await expect.poll(() => search(page.url()).get("search")).toBe(name);
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row).toContainText(name);
    await expect(row).toContainText("Dropdown");
    await expect(row.getByText("Yes", { exact: true })).toBeVisible();
    // the first 3 options as chips, then +N; the duplicate "red" was dropped
    const chips = row.getByRole("list", { name: `Options of ${name}` });
    await expect(chips.locator(".option-chip")).toHaveText(["Red", "Blue", "Green"]);
    await expect(chips).toContainText("+1");
    await expect(chips.locator(".option-chip").first().locator(".colour-swatch")).toHaveCSS(
      "background-color",
      "rgb(229, 57, 53)",
    );
  });

  test("an empty submit shows every one of the spec's messages; a taken name shows on the name field", async ({
    page,
  }) => {
    await page.goto("/app/add-attribute");
    await hydrated(page);
    await page.getByRole("button", { name: "Add Attribute" }).click();
    for (const message of MESSAGES.required) await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/add-attribute$/);
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");

    // text attributes need no options; a name over 20 characters is refused
    await page.getByLabel("Name", { exact: true }).fill("x".repeat(21));
    await page.getByLabel("Label", { exact: true }).fill("Notes");
    await page.getByLabel("Type", { exact: true }).selectOption({ label: "Text" });
    await page.getByRole("group", { name: "Use for variation" }).getByLabel("No").check();
    await page.getByRole("button", { name: "Add Attribute" }).click();
    await expect(page.getByText("Maximum 20 Characters Allowed")).toBeVisible();
    await expect(page.getByText("Please Add Atleast One Attribute List")).toHaveCount(0);

    const name = uniqueName("Care");
    await addAttribute(page, { name, label: "Care", type: "Text", variation: "No" }, { js: true });
    await page.goto("/app/add-attribute");
    await hydrated(page);
    await fillAttribute(page, { name: name.toUpperCase(), label: "Care again", type: "Text", variation: "No" });
    await page.getByRole("button", { name: "Add Attribute" }).click();
    await expect(page.getByText(MESSAGES.taken)).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name.toUpperCase());
  });

  test("a row's View opens the detail panel, where a coloured option is added", async ({ page }) => {
    const name = uniqueName("Colour");
    await addAttribute(
      page,
      { name, label: "Colour", type: "Radio", variation: "Yes", options: "Red #E53935\nBlue" },
      { js: true },
    );
    await openList(page, `?search=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: `View ${name}` }).click();
    await expect(page).toHaveURL(/drawer=view&id=/);
    const panel = drawer(page);
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("Radio");
    await expect(panel.getByRole("list", { name: `Options of ${name}` }).locator(".option-chip")).toHaveText([
      "Red",
      "Blue",
    ]);

    await panel.getByLabel("Option", { exact: true }).fill("Green");
    await panel.getByLabel("Colour", { exact: true }).fill("#43a047");
    await panel.getByRole("button", { name: "Add option" }).click();
    await expect(page.getByTestId("toast")).toContainText(MESSAGES.optionAdded);
    await expect(panel.getByRole("list", { name: `Options of ${name}` }).locator(".option-chip")).toHaveText([
      "Red",
      "Blue",
      "Green",
    ]);
    await expect(panel.locator(".option-chip", { hasText: "Green" }).locator(".colour-swatch")).toHaveCSS(
      "background-color",
      "rgb(67, 160, 71)",
    );
    await expect(panel.getByLabel("Option", { exact: true })).toHaveValue("");
    expect(search(page.url()).get("drawer")).toBe("view");

    // the list shows the new option too, and a plain (colourless) attribute has no colour input
    await page.getByRole("link", { name: "Close" }).click();
    await expect(panel).toBeHidden();
    await expect(rows(page).first().locator(".option-chip")).toHaveText(["Red", "Blue", "Green"]);
  });

  test("adding an option that exists shows the API's message in the panel", async ({ page }) => {
    const name = uniqueName("Fit");
    await addAttribute(
      page,
      { name, label: "Fit", type: "Dropdown", variation: "No", options: "Slim\nRegular" },
      { js: true },
    );
    await openList(page, `?search=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: `View ${name}` }).click();
    const panel = drawer(page);
    await expect(panel.getByLabel("Colour", { exact: true })).toHaveCount(0);
    await panel.getByLabel("Option", { exact: true }).fill("slim");
    await panel.getByRole("button", { name: "Add option" }).click();
    await expect(panel.getByText(MESSAGES.optionExists)).toBeVisible();
    await expect(panel.getByLabel("Option", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await panel.getByLabel("Option", { exact: true }).fill("Loose");
    await panel.getByRole("button", { name: "Add option" }).click();
    await expect(page.getByTestId("toast")).toContainText(MESSAGES.optionAdded);
    await expect(panel.locator(".option-chip")).toHaveText(["Slim", "Regular", "Loose"]);
    await expect(panel.getByText(MESSAGES.optionExists)).toHaveCount(0);
  });

  test("search, the variation filter, sort and page size live in the URL", async ({ page }) => {
    const stem = `Pg${Date.now().toString(36).slice(-5)}`;
    // six attributes sharing a stem: enough for two pages of five
    for (let i = 0; i < 6; i++) {
      await addAttribute(
        page,
        {
          name: `${stem} ${String.fromCharCode(97 + i)}`,
          label: `L ${i}`,
          type: "Text",
          variation: i % 2 ? "Yes" : "No",
        },
        { js: true },
      );
    }
    await openList(page, "?page=2");
    await page.getByLabel("Search attributes").fill(stem);
    await expect(page).toHaveURL(new RegExp(`search=${stem}`));
    expect(search(page.url()).get("page")).toBeNull();
    await expect(rows(page)).toHaveCount(6);
    await expect(page.getByTestId("list-range")).toHaveText("Showing 1–6 of 6 attributes");

    await page.getByLabel("For variation").selectOption("true");
    await expect(page).toHaveURL(/isForVariation=true/);
    await expect(rows(page)).toHaveCount(3);
    await page.getByLabel("For variation").selectOption("");
    await expect(page).not.toHaveURL(/isForVariation=true/);
    await expect(rows(page)).toHaveCount(6);

    const nameHeader = page.getByRole("columnheader", { name: /Name/ });
    await nameHeader.getByRole("link").click();
    await expect(page).toHaveURL(/sort=name&sortType=asc/);
    await expect(rows(page).locator("td:first-child")).toHaveText(
      ["a", "b", "c", "d", "e", "f"].map((c) => `${stem} ${c}`),
    );
    await nameHeader.getByRole("link").click();
    await expect(page).toHaveURL(/sort=name&sortType=desc/);
    await expect(rows(page).first()).toContainText(`${stem} f`);

    await page.getByLabel("Rows per page").selectOption("5");
    await expect(page).toHaveURL(/limit=5/);
    await expect(rows(page)).toHaveCount(5);
    await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`${stem} a`);
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
    const params = search(page.url());
    expect([
      params.get("search"),
      params.get("sort"),
      params.get("sortType"),
      params.get("limit"),
      params.get("page"),
    ]).toEqual([stem, "name", "desc", "5", "2"]);
  });

  test("spec 2 §8: a failed load clears the list and shows no error", async ({ page }) => {
    await openList(page, "?sort=passwordHash");
    await expect(rows(page)).toHaveCount(1);
    await expect(table(page)).toContainText("No attributes yet");
    await expect(page.getByRole("alert")).toHaveCount(0);
    // an empty list says so once, in the table: not "Showing 0 of 0", nor a second "No attributes" under it
    await expect(page.getByTestId("list-range")).toHaveText("");
  });
});

test.describe("attributes without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.beforeEach(async ({ page }) => {
    await signInByCookie(page, ADMIN);
  });

  test("the admin adds an attribute: the toast shows, then the page returns to the list", async ({ page }) => {
    const name = uniqueName("Weight");
    await addAttribute(page, { name, label: "Weight", type: "Number", variation: "No" }, { js: false });
    await openList(page, `?search=${encodeURIComponent(name)}`, { js: false });
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Number");
  });

  test("an empty submit shows the spec's messages", async ({ page }) => {
    await page.goto("/app/add-attribute");
    await page.getByRole("button", { name: "Add Attribute" }).click();
    for (const message of MESSAGES.required) await expect(page.getByText(message, { exact: true })).toBeVisible();
    // what was typed comes back with the messages
    await page.getByLabel("Label", { exact: true }).fill("Kept label");
    await page.getByLabel("Type", { exact: true }).selectOption({ label: "Checkbox" });
    await page.getByRole("button", { name: "Add Attribute" }).click();
    await expect(page.getByText("Please Add Attribute Name")).toBeVisible();
    await expect(page.getByLabel("Label", { exact: true })).toHaveValue("Kept label");
    await expect(page.getByLabel("Type", { exact: true })).toHaveValue("checkbox");
    await expect(page.getByText("Please Add Attribute Label")).toHaveCount(0);
  });

  test("the detail panel opens from a row and adds an option", async ({ page }) => {
    const name = uniqueName("Size");
    await addAttribute(
      page,
      { name, label: "Size", type: "Dropdown", variation: "Yes", options: "S\nM" },
      { js: false },
    );
    await openList(page, `?search=${encodeURIComponent(name)}`, { js: false });
    await page.getByRole("link", { name: `View ${name}` }).click();
    const panel = drawer(page);
    await expect(panel).toBeVisible();
    await holdRefresh(page);
    await panel.getByLabel("Option", { exact: true }).fill("M");
    await panel.getByRole("button", { name: "Add option" }).click();
    await expect(drawer(page).getByText(MESSAGES.optionExists)).toBeVisible();
    await drawer(page).getByLabel("Option", { exact: true }).fill("L");
    await drawer(page).getByRole("button", { name: "Add option" }).click();
    await expect(page.getByTestId("toast")).toContainText(MESSAGES.optionAdded);
    await expect(drawer(page).locator(".option-chip")).toHaveText(["S", "M", "L"]);
    expect(search(page.url()).get("search")).toBe(name);
  });
});

for (const js of [true, false]) {
  test.describe(`options belong to list types only, ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });
    test.beforeEach(async ({ page }) => {
      await signInByCookie(page, ADMIN);
    });

    test("a text or number attribute's panel offers no Add option and says why; a dropdown's does; one row reads in the singular", async ({
      page,
    }) => {
      for (const type of ["text", "number"] as const) {
        const name = uniqueName(type === "text" ? "Care" : "Depth");
        const res = await page.request.post("/api/attr", {
          data: { name, label: name, type, isForVariation: false, list: [] },
        });
        expect(res.status(), await res.text()).toBe(200);
        await openList(page, `?search=${encodeURIComponent(name)}`, { js });
        await expect(page.getByTestId("list-range")).toHaveText("Showing 1 of 1 attribute");
        await page.getByRole("link", { name: `View ${name}` }).click();
        const panel = drawer(page);
        await expect(panel).toContainText(type === "text" ? "Text" : "Number");
        await expect(panel.getByTestId("no-options")).toHaveText(
          `${type === "text" ? "Text" : "Number"} attributes have no options: the value is typed in on the product form.`,
        );
        await expect(panel.getByRole("button", { name: "Add option" })).toHaveCount(0);
        await expect(panel.getByLabel("Option", { exact: true })).toHaveCount(0);
      }
      const name = uniqueName("Fit");
      expect(
        (
          await page.request.post("/api/attr", {
            data: { name, label: name, type: "dropdown", isForVariation: false, list: ["Slim"] },
          })
        ).status(),
      ).toBe(200);
      await openList(page, `?search=${encodeURIComponent(name)}`, { js });
      await page.getByRole("link", { name: `View ${name}` }).click();
      await expect(drawer(page).getByRole("button", { name: "Add option" })).toBeVisible();
      await expect(drawer(page).getByTestId("no-options")).toHaveCount(0);
    });
  });
}
