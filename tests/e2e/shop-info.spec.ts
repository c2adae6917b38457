import { expect, test, type Page } from "@playwright/test";
import { MSG } from "../../contract/core/messages";
import { ADMIN, OWNER2, STAFF, hydrated, signInByCookie } from "./support";

// spec 1 §2 Shop detail (Shop Info tab), §4 Shop images and Inline edit field, §5 Shop profile edits, §9 embed modes.
// The edits happen on Glow Botanics (owner2@liveshop.test), whose changes no other spec reads; the name is put back.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const SHOP_PAGE = /\/app\/shop\/([0-9a-f]{24})$/;
const toast = (page: Page) => page.getByTestId("toast").first();
const info = (page: Page) =>
  page.locator(".rt-Card").filter({ has: page.getByRole("heading", { name: "Shop Info", level: 2 }) });
const card = (page: Page, title: string) =>
  page.locator(".rt-Card").filter({ has: page.getByRole("heading", { name: title, level: 2 }) });

/** Signs in as the owner of Glow Botanics; answers the shop's id from the landing page (no redirect: spec 1 §2). */
async function ownerLands(page: Page, js: boolean) {
  await signInByCookie(page, OWNER2);
  await expect(page).toHaveURL(SHOP_PAGE);
  if (js) await hydrated(page);
  return SHOP_PAGE.exec(new URL(page.url()).pathname)![1]!;
}

async function editInline(page: Page, field: "name" | "email" | "website", value: string) {
  await info(page)
    .getByRole("link", { name: `Edit ${field}` })
    .click();
  const label = field === "name" ? "Shop name" : field === "email" ? "Shop e-mail" : "Website";
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByTestId(`edit-${field}`).getByRole("button", { name: "Save", exact: true }).click();
}

for (const js of [true, false]) {
  const how = js ? "with JavaScript" : "without JavaScript";
  test.describe(`Shop Info inline edits, ${how}`, () => {
    test.use({ javaScriptEnabled: js });

    test("the owner lands on /app/shop/{id} showing Shop Info; tabs are links that replace the URL", async ({
      page,
    }) => {
      const id = await ownerLands(page, js);
      await expect(page.getByTestId("shop-name")).toHaveText("Glow Botanics");
      await expect(page.getByRole("link", { name: "Shop Info" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("link", { name: "Back to shops" })).toHaveCount(0);
      await page.getByRole("link", { name: "Commission", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/app/shop/${id}/commission$`));
      await page.getByRole("link", { name: "Shop Info", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/app/shop/${id}/shopInfo$`));
      await expect(info(page).getByTestId("shop-info-name")).toHaveText("Glow Botanics");
    });

    test("name: special characters and more than 25 refused with the spec's words; a good name saved, then put back", async ({
      page,
    }) => {
      await ownerLands(page, js);
      await editInline(page, "name", "Glow & Co!");
      // the refused value stays, with its message once
      await expect(info(page).getByText(MSG.specialCharacters)).toHaveCount(1);
      await expect(page.getByLabel("Shop name", { exact: true })).toHaveValue("Glow & Co!");
      await page.getByLabel("Shop name", { exact: true }).fill("G".repeat(26));
      // with JavaScript the message goes once the value differs from the refused one; the submit checks it again
      if (js) await expect(info(page).getByText(MSG.specialCharacters)).toHaveCount(0);
      await page.getByTestId("edit-name").getByRole("button", { name: "Save", exact: true }).click();
      await expect(info(page).getByText(MSG.shopNameMax25)).toHaveCount(1);
      await expect(info(page).getByText(MSG.specialCharacters)).toHaveCount(0);
      await page.getByLabel("Shop name", { exact: true }).fill("Glow Botanics 2");
      await page.getByTestId("edit-name").getByRole("button", { name: "Save", exact: true }).click();
      await expect(toast(page)).toContainText(MSG.shopUpdated);
      await expect(page.getByTestId("shop-name")).toHaveText("Glow Botanics 2");
      await expect(page).not.toHaveURL(/edit=/);
      // after the save the field opens on the saved name, with no message left over; cancel changes nothing
      await info(page).getByRole("link", { name: "Edit name" }).click();
      await expect(page.getByLabel("Shop name", { exact: true })).toHaveValue("Glow Botanics 2");
      await expect(info(page).getByRole("alert")).toHaveCount(0);
      await page.getByLabel("Shop name", { exact: true }).fill("Never Saved");
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(info(page).getByTestId("shop-info-name")).toHaveText("Glow Botanics 2");
      await editInline(page, "name", "Glow Botanics");
      await expect(page.getByTestId("shop-name")).toHaveText("Glow Botanics");
    });

    test("e-mail and website: the spec's messages; an empty website is allowed", async ({ page }) => {
      await ownerLands(page, js);
      await editInline(page, "email", "care@glow");
      await expect(info(page).getByText(MSG.enterValidEmail)).toBeVisible();
      await page.getByLabel("Shop e-mail", { exact: true }).fill(`${"c".repeat(95)}@glow.test`);
      await page.getByTestId("edit-email").getByRole("button", { name: "Save", exact: true }).click();
      await expect(info(page).getByText(MSG.max100)).toBeVisible();
      await page.getByLabel("Shop e-mail", { exact: true }).fill(`hello.${js ? "js" : "nojs"}@glowbotanics.test`);
      await page.getByTestId("edit-email").getByRole("button", { name: "Save", exact: true }).click();
      await expect(info(page).getByTestId("view-email")).toContainText(`hello.${js ? "js" : "nojs"}@glowbotanics.test`);

      await editInline(page, "website", "not a website");
      await expect(info(page).getByText(MSG.enterValidUrl)).toBeVisible();
      await page.getByLabel("Website", { exact: true }).fill("glowbotanics.test/shop");
      await page.getByTestId("edit-website").getByRole("button", { name: "Save", exact: true }).click();
      await expect(info(page).getByRole("link", { name: "https://glowbotanics.test/shop" })).toBeVisible();
      await editInline(page, "website", "");
      await expect(toast(page)).toContainText(MSG.shopUpdated);
      await expect(info(page).getByTestId("view-website")).toContainText("Not provided");
    });

    test("address: searched, chosen from the predictions and saved", async ({ page }) => {
      await ownerLands(page, js);
      await info(page).getByRole("link", { name: "Edit address" }).click();
      const search = page.getByLabel("Search the address");
      await search.fill("5 Queen St Melbourne");
      if (js) {
        await page.getByRole("option", { name: "5 Queen St, Melbourne, Victoria, Australia" }).click();
      } else {
        await page.getByRole("button", { name: "Search address" }).click();
        await page.getByRole("radio", { name: "5 Queen St, Melbourne, Victoria, Australia" }).check();
      }
      await page.getByTestId("edit-address").getByRole("button", { name: "Save", exact: true }).click();
      await expect(toast(page)).toContainText(MSG.shopUpdated);
      await expect(info(page).getByTestId("view-address")).toContainText("5 Queen St, Melbourne, Victoria, Australia");
    });

    test("Shop Category: at least one department; a change is saved", async ({ page }) => {
      await ownerLands(page, js);
      const categories = card(page, "Shop Category");
      // the sign-in opens the shop page as a fresh document, so the hydration flag is this page's own: the boxes
      // are unticked on the page that will post them, once
      for (const box of await categories.getByRole("checkbox").all()) await box.uncheck();
      await categories.getByRole("button", { name: "Save categories" }).click();
      await expect(categories.getByText(MSG.shopCategoryMin)).toHaveCount(1);
      await categories.getByRole("checkbox", { name: "Beauty & Personal Care" }).check();
      // with JavaScript the message goes once a box is ticked
      if (js) await expect(categories.getByText(MSG.shopCategoryMin)).toHaveCount(0);
      await categories.getByRole("checkbox", { name: "Home & Living" }).check();
      await categories.getByRole("button", { name: "Save categories" }).click();
      await expect(toast(page)).toContainText(MSG.shopUpdated);
      await expect(categories.getByRole("checkbox", { name: "Home & Living" })).toBeChecked();
      await expect(categories.getByRole("checkbox", { name: "Beauty & Personal Care" })).toBeChecked();
      await expect(categories.getByRole("checkbox", { name: "Kids & Baby" })).not.toBeChecked();
    });

    test("Story: empty refused with 'Please Add Story'; a story saved and shown", async ({ page }) => {
      await ownerLands(page, js);
      const story = card(page, "Story");
      await story.getByRole("link", { name: "Edit story" }).click();
      if (js) {
        const editor = page.getByTestId("story-editor");
        await editor.click();
        await page.keyboard.press("ControlOrMeta+A");
        await page.keyboard.press("Delete");
        await story.getByRole("button", { name: "Save story" }).click();
        await expect(story.getByText(MSG.storyRequired)).toBeVisible();
        await page.getByTestId("story-editor").click();
        await page.keyboard.type("Native botanicals, ");
        await story.getByRole("button", { name: "Bold" }).click();
        await page.keyboard.type("small batches");
        await story.getByRole("button", { name: "Save story" }).click();
        await expect(toast(page)).toContainText(MSG.shopUpdated);
        await expect(page.getByTestId("shop-story").locator("strong")).toHaveText("small batches");
        await expect(page.getByTestId("shop-story")).toContainText("Native botanicals, small batches");
      } else {
        const textarea = story.getByLabel("Story");
        // the stored story as plain text
        await expect(textarea).not.toHaveValue("");
        await textarea.fill("   ");
        await story.getByRole("button", { name: "Save story" }).click();
        await expect(story.getByText(MSG.storyRequired)).toBeVisible();
        // the textarea's marks become the editor's formatting, and come back as marks, so a no-JS save loses nothing
        const marked = "Made **by hand** in *Sydney*.\n\n- Soap\n- Balm";
        await story.getByLabel("Story").fill(marked);
        await story.getByRole("button", { name: "Save story" }).click();
        await expect(toast(page)).toContainText(MSG.shopUpdated);
        await expect(page.getByTestId("shop-story").locator("strong")).toHaveText("by hand");
        await expect(page.getByTestId("shop-story").locator("em")).toHaveText("Sydney");
        await expect(page.getByTestId("shop-story").locator("li")).toHaveText(["Soap", "Balm"]);
        await story.getByRole("link", { name: "Edit story" }).click();
        await expect(story.getByLabel("Story")).toHaveValue(marked);
        await story.getByLabel("Story").fill("First paragraph <b>not bold</b>.\n\nSecond paragraph.");
        await story.getByRole("button", { name: "Save story" }).click();
        await expect(toast(page)).toContainText(MSG.shopUpdated);
        // plain text stays text: the tags typed show as text, paragraphs are kept
        await expect(page.getByTestId("shop-story").locator("p")).toHaveText([
          "First paragraph <b>not bold</b>.",
          "Second paragraph.",
        ]);
      }
    });

    test("Shop Timing: rows of day, start and end; the spec's messages; a row removed only while more than one exists", async ({
      page,
    }) => {
      // without JavaScript every row removal is two page loads (the question, then the confirmation)
      test.slow();
      await ownerLands(page, js);
      const timing = card(page, "Shop Timing");
      await timing.getByRole("link", { name: "Edit shop timing" }).click();
      const rows = timing.getByTestId("timing-row");
      // the seeded weekdays (or what an earlier run saved): remove rows until one is left, then there is no Remove button
      await expect(rows.first()).toBeVisible();
      const count = await rows.count();
      expect(count).toBeGreaterThan(1);
      // with and without JavaScript the row stays until the confirmation is given; Cancel keeps it
      await timing.getByRole("button", { name: `Remove row ${count}` }).click();
      await expect(page.getByRole("alertdialog")).toContainText(MSG.removeTimingConfirm);
      await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await expect(rows).toHaveCount(count);
      for (let n = count; n > 1; n--) {
        await timing.getByRole("button", { name: `Remove row ${n}` }).click();
        await expect(page.getByRole("alertdialog")).toContainText(MSG.removeTimingConfirm);
        await expect(rows).toHaveCount(n);
        await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
        await expect(rows).toHaveCount(n - 1);
      }
      await expect(timing.getByRole("button", { name: /^Remove row/ })).toHaveCount(0);
      // a new row with only a start: day and end are asked for
      await timing.getByRole("button", { name: "+ Add row" }).click();
      await expect(rows).toHaveCount(2);
      await timing.getByLabel("Start of row 2").selectOption("6:00 PM");
      await timing.getByRole("button", { name: "Submit" }).click();
      await expect(timing.getByText(MSG.dayRequired)).toBeVisible();
      await expect(timing.getByText(MSG.endRequired)).toBeVisible();
      // end before start
      await timing.getByLabel("Day of row 2").selectOption("saturday");
      await timing.getByLabel("End of row 2").selectOption("5:00 PM");
      await timing.getByRole("button", { name: "Submit" }).click();
      await expect(timing.getByText(MSG.timingEndAfterStart)).toBeVisible();
      // two slots on Saturday
      await timing.getByLabel("End of row 2").selectOption("9:30 PM");
      await timing.getByRole("button", { name: "+ Add row" }).click();
      await timing.getByLabel("Day of row 3").selectOption("saturday");
      await timing.getByLabel("Start of row 3").selectOption("10:00 AM");
      await timing.getByLabel("End of row 3").selectOption("2:00 PM");
      await timing.getByRole("button", { name: "Submit" }).click();
      await expect(toast(page)).toContainText(MSG.shopUpdated);
      const hours = page.getByTestId("shop-hours");
      await expect(hours.getByRole("row", { name: /Monday/ })).toContainText("9:00 AM – 5:00 PM");
      await expect(hours.getByRole("row", { name: /Saturday/ })).toContainText("10:00 AM – 2:00 PM, 6:00 PM – 9:30 PM");
      await expect(hours.getByRole("row", { name: /Tuesday/ })).toContainText("Closed");
    });

    test("avatar and cover: uploaded, then removed after confirmation", async ({ page }) => {
      await ownerLands(page, js);
      for (const [label, testId, confirm] of [
        ["avatar", "shop-avatar", MSG.removeAvatarConfirm],
        ["cover", "shop-cover", MSG.removeCoverConfirm],
      ] as const) {
        const box = page.getByTestId(testId);
        await box
          .locator('input[type="file"]')
          .setInputFiles({ name: `${label}.png`, mimeType: "image/png", buffer: PNG });
        if (!js) await box.getByRole("button", { name: `Upload ${label}`, exact: true }).click();
        await expect(toast(page)).toContainText(MSG.shopUpdated);
        const img = box.locator("img");
        await expect(img).toHaveAttribute("src", /\/api\/files\/.*shopImage\//);
        await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(1);
        if (js) await box.hover();
        await box.getByRole("link", { name: `Remove ${label}` }).click();
        await expect(page).toHaveURL(new RegExp(`confirm=remove-${label === "avatar" ? "image" : "cover"}`));
        const dialog = page.getByRole("alertdialog");
        await expect(dialog).toContainText(confirm);
        await dialog.getByRole("button", { name: "Remove" }).click();
        await expect(toast(page)).toContainText(MSG.shopImageRemoved);
        await expect(box.locator("img")).toHaveCount(0);
        await expect(page).not.toHaveURL(/confirm=/);
      }
    });

    test("Script card: General and Carousel snippets set window.shopId and window.mode", async ({ page }) => {
      const id = await ownerLands(page, js);
      const script = card(page, "Script");
      await expect(script.getByTestId("embed-snippet")).toContainText(`window.shopId = "${id}";`);
      await expect(script.getByTestId("embed-snippet")).toContainText('window.mode = "minimize_circle";');
      await expect(script.getByTestId("embed-snippet")).toContainText("/embed.js");
      await script.getByRole("link", { name: "Carousel" }).click();
      await expect(page).toHaveURL(/script=carousel/);
      await expect(script.getByTestId("embed-snippet")).toContainText('window.mode = "carousel_slider";');
      // without JavaScript there is no copy button: the snippet is selectable text
      await expect(script.getByRole("button", { name: "Copy code" })).toHaveCount(js ? 1 : 0);
    });
  });
}

test.describe("Script copy, with JavaScript", () => {
  test("copies the snippet: 'Code copied to clipboard!'", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const id = await ownerLands(page, true);
    const script = card(page, "Script");
    await script.getByRole("button", { name: "Copy code" }).click();
    await expect(script.getByText(MSG.codeCopied)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`window.shopId = "${id}";`);
    expect(copied).toContain('window.mode = "minimize_circle";');
  });
  test("says 'Failed to copy code to clipboard.' when the browser refuses", async ({ page }) => {
    await ownerLands(page, true);
    await page.evaluate(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new Error("denied")) },
        configurable: true,
      });
    });
    await card(page, "Script").getByRole("button", { name: "Copy code" }).click();
    await expect(card(page, "Script").getByText(MSG.copyFailed)).toBeVisible();
  });
});

test.describe("who sees what", () => {
  test("an admin opens a shop from its URL, with Back to shops and every edit control; edits it", async ({ page }) => {
    await signInByCookie(page, OWNER2);
    const id = SHOP_PAGE.exec(new URL(page.url()).pathname)![1]!;
    await page.context().clearCookies();
    await signInByCookie(page, ADMIN);
    await page.goto(`/app/shop/${id}/shopInfo`);
    await hydrated(page);
    await expect(page.getByRole("link", { name: "← Back to shops" })).toHaveAttribute("href", "/app/shop-list");
    await expect(page.getByRole("link", { name: "Shop Info" })).toHaveAttribute("aria-current", "page");
    for (const name of ["Edit name", "Edit email", "Edit address", "Edit website", "Edit story", "Edit shop timing"]) {
      await expect(page.getByRole("link", { name })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Save categories" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Staff", level: 2 })).toBeVisible();
    await editInline(page, "name", "Glow By Admin");
    await expect(page.getByTestId("shop-name")).toHaveText("Glow By Admin");
    await expect(page).toHaveURL(new RegExp(`/app/shop/${id}/shopInfo$`));
    await editInline(page, "name", "Glow Botanics");
    await expect(page.getByTestId("shop-name")).toHaveText("Glow Botanics");
  });

  test("the owner's own page titles the staff card Team Member(s)", async ({ page }) => {
    await ownerLands(page, true);
    await expect(page.getByRole("heading", { name: "Team Member(s)", level: 2 })).toBeVisible();
  });

  test("staff without shop:edit-details see Shop Info read-only, and no other shop", async ({ page }) => {
    await signInByCookie(page, STAFF);
    await page.goto("/app/shop");
    await expect(page).toHaveURL(SHOP_PAGE);
    await hydrated(page);
    await expect(page.getByTestId("shop-name")).toHaveText("Harbour Threads");
    await expect(info(page).getByTestId("shop-info-name")).toHaveText("Harbour Threads");
    await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save categories" })).toHaveCount(0);
    await expect(page.locator('input[type="file"]')).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Remove / })).toHaveCount(0);
    await expect(card(page, "Shop Category").getByText("Women's Fashion")).toBeVisible();
    // ?edit= in the URL opens nothing for them
    await page.goto(`${new URL(page.url()).pathname}?edit=name`);
    await expect(page.getByLabel("Shop name", { exact: true })).toHaveCount(0);
    // another shop's page: 'Page not found'
    await page.goto("/app/shop-list");
    await page.goto(`/app/shop/${"0".repeat(24)}`);
    await expect(page.getByText(MSG.pageNotFound)).toBeVisible();
  });

  test("an owner is refused another shop's page and its tabs", async ({ page }) => {
    await signInByCookie(page, STAFF);
    const harbour = SHOP_PAGE.exec(new URL((await page.goto("/app/shop"))!.url()).pathname)![1]!;
    await page.context().clearCookies();
    await signInByCookie(page, OWNER2);
    for (const path of [`/app/shop/${harbour}`, `/app/shop/${harbour}/shopInfo`]) {
      await page.goto(path);
      await expect(page.getByText(MSG.pageNotFound)).toBeVisible();
      await expect(page.getByText("Harbour Threads")).toHaveCount(0);
    }
  });
});
