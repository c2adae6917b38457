import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, OWNER, TEST_PNG, apiAs, data, hydrated, signInByCookie, uploadTestFile } from "./support";
import { parseCsv } from "../csv";

// ADR 0071: the audit log: a change made through the API shows in /app/audit with its before/after in a drawer; the
// shop's owner reads only their shop's entries in the shop page's Audit tab. All state is in the URL, so it works
// without JavaScript too.

const uniqueName = (stem: string) => `${stem} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const table = (page: Page) => page.getByRole("table", { name: "Audit log" });

/** Clicks 'Export CSV' and reads the file: its records by header. */
async function exportCsv(page: Page) {
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const records = parseCsv(readFileSync((await (await download).path())!, "utf8"));
  return (header: string) => records.slice(1).map((r) => r[records[0].indexOf(header)]);
}

for (const js of [true, false]) {
  test.describe(`audit log, ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });

    test("an admin finds a brand's change by its record and opens it: the drawer shows the name after", async ({
      page,
      browser,
    }) => {
      const admin = await apiAs(browser, ADMIN);
      const image = await uploadTestFile(admin.request, "catalogueImage", "image/png", "logo.png", TEST_PNG);
      const name = uniqueName("Audited Brand");
      const brand = await data<{ _id: string }>(await admin.request.post("/api/brand", { data: { name, image } }));
      await admin.close();

      await signInByCookie(page, ADMIN);
      await page.goto(`/app/audit?recordType=brand&recordId=${brand._id}`);
      if (js) await hydrated(page);
      await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
      const row = table(page).locator("tbody tr").filter({ hasText: "postBrand" });
      await expect(row).toHaveCount(1);
      await row.getByRole("link", { name: /^View entry/ }).click();
      await expect(page).toHaveURL(/drawer=view/);
      const drawer = page.getByRole("dialog", { name: "Audit entry" });
      await expect(drawer.getByRole("table", { name: "Changes" })).toContainText(name);
      // the drawer's close is a link back to the same filtered list
      await drawer.getByRole("link", { name: /close/i }).click();
      await expect(page).not.toHaveURL(/drawer=view/);
      await expect(page).toHaveURL(/recordId=/);
    });

    test("an owner's Audit tab shows their shop's entries, never the platform's", async ({ page, browser }) => {
      const admin = await apiAs(browser, ADMIN);
      const image = await uploadTestFile(admin.request, "catalogueImage", "image/png", "logo.png", TEST_PNG);
      const brand = await data<{ _id: string }>(
        await admin.request.post("/api/brand", { data: { name: uniqueName("Admin Only Brand"), image } }),
      );
      await admin.close();

      await signInByCookie(page, OWNER);
      await page.goto("/app/shop");
      await expect(page.getByRole("link", { name: "Audit", exact: true })).toBeVisible();
      await page.getByRole("link", { name: "Audit", exact: true }).click();
      await expect(page).toHaveURL(/\/app\/shop\/[0-9a-f]{24}\/audit$/);
      await expect(page.getByRole("heading", { name: "Audit log", level: 2 })).toBeVisible();
      await page.goto(`${new URL(page.url()).pathname}?recordId=${brand._id}`);
      await expect(page.getByText("No entries yet")).toBeVisible();
    });

    test("an admin narrows a record's history to a person by e-mail and exports what the list shows", async ({
      page,
      browser,
    }) => {
      const admin = await apiAs(browser, ADMIN);
      const image = await uploadTestFile(admin.request, "catalogueImage", "image/png", "logo.png", TEST_PNG);
      const brand = await data<{ _id: string }>(
        await admin.request.post("/api/brand", { data: { name: uniqueName("Exported Brand"), image } }),
      );
      await admin.close();

      await signInByCookie(page, ADMIN);
      await page.goto(`/app/audit?recordType=brand&recordId=${brand._id}`);
      if (js) await hydrated(page);
      await page.getByLabel("Who", { exact: true }).fill("someone.else@example.test");
      await page.getByLabel("Who", { exact: true }).press("Enter");
      await expect(page).toHaveURL(/who=someone.else%40example.test/);
      await expect(page.getByText("No entries match your search or filters")).toBeVisible();
      await page.getByLabel("Who", { exact: true }).fill(ADMIN.email);
      await page.getByLabel("Who", { exact: true }).press("Enter");
      await expect(page).toHaveURL(/who=admin%40liveshop.test/);
      await expect(table(page).locator("tbody tr").filter({ hasText: "postBrand" })).toHaveCount(1);
      await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", /who=admin%40liveshop.test/);
      const column = await exportCsv(page);
      expect(column("Operation")).toEqual(["postBrand"]);
      expect(column("Record ID")).toEqual([brand._id]);
    });

    test("an owner's Audit tab exports their shop's entries only, the seed's own among them", async ({ page }) => {
      await signInByCookie(page, OWNER);
      await page.goto("/app/shop");
      await page.getByRole("link", { name: "Audit", exact: true }).click();
      await expect(page).toHaveURL(/\/app\/shop\/[0-9a-f]{24}\/audit$/);
      const shopId = new URL(page.url()).pathname.split("/")[3];
      if (js) await hydrated(page);
      await page.getByLabel("Who", { exact: true }).fill("Demo seed");
      await page.getByLabel("Who", { exact: true }).press("Enter");
      await expect(page).toHaveURL(/who=Demo(\+|%20)seed/);
      await expect(table(page).locator("tbody tr").first()).toContainText("Demo seed");
      const column = await exportCsv(page);
      expect(column("Shop ID").length).toBeGreaterThan(0);
      expect(new Set(column("Shop ID"))).toEqual(new Set([shopId]));
      expect(new Set(column("Who"))).toEqual(new Set(["Demo seed"]));
    });
  });
}
