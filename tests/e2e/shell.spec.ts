import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { MSG } from "../../contract/core/messages";
import { ADMIN, OWNER, OWNER2, STAFF, hydrated, signInByCookie } from "./support";

const ADMIN_MENU = [
  "Users",
  "Influencers",
  "Shops",
  "Orders",
  "Categories",
  "Attributes",
  "Brands",
  "Streams",
  "Coupons",
  "Chat",
  // not in the spec's menu: the audit log (ADR 0071)
  "Audit log",
  "Settings",
];
const SHOP_MENU = ["Shop", "Streams", "Campaigns", "Customers", "Products", "Orders", "Coupons", "Chat", "Settings"];

const mainNav = (page: Page, name = "Main navigation") => page.getByRole("navigation", { name });
// a retrying assertion: the menu may still be rendering right after a navigation
const expectMenu = (page: Page, labels: string[], name?: string) =>
  expect(mainNav(page, name).getByRole("link")).toHaveText(labels);

test.describe("menus (spec 1 §2 Menus, ARCHITECTURE §5)", () => {
  test("an admin sees exactly the admin menu, in the spec's order, with the audit log", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await expectMenu(page, ADMIN_MENU);
    await expect(mainNav(page).getByRole("link", { name: "Users" })).toHaveAttribute("href", "/app/user-list");
  });

  test("a shop owner sees the shop-owner menu, whose Shop entry is their own shop", async ({ page }) => {
    await signInByCookie(page, OWNER);
    await expectMenu(page, SHOP_MENU);
    const home = new URL(page.url()).pathname;
    await expect(mainNav(page).getByRole("link", { name: "Shop" })).toHaveAttribute("href", home);
  });

  test("a staff member with product and order rights sees Shop, Products, Orders and Settings only", async ({
    page,
  }) => {
    await signInByCookie(page, STAFF);
    await expectMenu(page, ["Shop", "Products", "Orders", "Settings"]);
  });
});

test.describe("shop landing page (spec 1 §2 Shop Info)", () => {
  test("the owner lands on their shop and sees its name, status, owner and staff; /app/shop leads there too", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await expect(page).toHaveURL(/\/app\/shop\/[0-9a-f]{24}$/);
    const home = page.url();
    await expect(page.getByTestId("shop-name")).toHaveText("Harbour Threads");
    await expect(page.getByTestId("shop-status")).toHaveText("Approved");
    await expect(page.getByTestId("staff-card").getByTestId("staff-row")).toHaveText([
      /Liam Nguyen\s*Owner/,
      /Noah Patel\s*Store manager/,
    ]);
    await page.goto("/app/shop");
    await expect(page).toHaveURL(home);
  });

  test("an owner opening another shop's id gets 'Page not found'; an admin may open any shop", async ({ browser }) => {
    const other = await browser.newPage();
    await signInByCookie(other, OWNER2);
    const otherShop = new URL(other.url()).pathname;
    await other.close();

    const owner = await browser.newPage();
    await signInByCookie(owner, OWNER);
    await owner.goto(otherShop);
    await expect(owner.getByText("Page not found")).toBeVisible();
    await expect(owner.getByRole("link", { name: "Go to Login" })).toBeVisible();
    await owner.close();

    const admin = await browser.newPage();
    await signInByCookie(admin, ADMIN);
    await admin.goto(otherShop);
    await expect(admin.getByTestId("shop-name")).toHaveText("Glow Botanics");
    await expect(admin.getByRole("link", { name: "← Back to shops" })).toHaveAttribute("href", "/app/shop-list");
    await admin.close();
  });
});

// spec 1 §2 route lists: the pages only the other role has (customers are the admins' too, ADR 0034)
const SHOP_OWNER_ONLY = ["/app/shop", "/app/products", "/app/streams", "/app/add-customer", "/app/orders/scan"];
const ADMIN_ONLY = [
  "/app/user-list",
  "/app/influencer-list",
  "/app/shop-list",
  "/app/category",
  "/app/attributes",
  "/app/add-attribute",
  "/app/brands",
  "/app/add-brand",
  "/app/faq",
  "/app/invoice",
  "/app/pricing",
  "/app/setting/change-password",
  "/app/setting/outbox",
];
// the demo staff member holds product add and edit and order status edit: nothing of these modules
const OUTSIDE_DEMO_STAFF_RIGHTS = [
  "/app/streams",
  "/app/add-streams",
  "/app/coupons",
  "/app/add-coupon",
  "/app/customers",
  "/app/add-customer",
];

/** The page answers 'Page not found' where it was asked (no redirect), with the way out `to` names. */
async function expectRefused(page: Page, path: string, to: "login" | "home") {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await expect(page, path).toHaveURL(new RegExp(`${path.replace(/[/?]/g, "\\$&")}$`));
  await expect(page.getByText("Page not found"), path).toBeVisible();
  if (to === "login") {
    await expect(page.getByRole("link", { name: "Go to Login" }), path).toHaveAttribute("href", "/auth/login");
  } else {
    await expect(page.getByRole("link", { name: "Go to Home" }), path).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Login" }), path).toHaveCount(0);
  }
}

test.describe("refused pages (spec 1 §2 Entry and guarding, §6)", () => {
  test("an admin opening a shop owner's page sees 'Page not found' with 'Go to Login', not another page", async ({
    page,
  }) => {
    await signInByCookie(page, ADMIN);
    for (const path of SHOP_OWNER_ONLY) await expectRefused(page, path, "login");
  });

  test("a shop owner opening an admin's page sees 'Page not found' with 'Go to Login'", async ({ page }) => {
    await signInByCookie(page, OWNER);
    for (const path of ADMIN_ONLY) await expectRefused(page, path, "login");
  });

  test("staff refused a page, for their role or a module they lack, see 'Page not found' and the way home, never 'Go to Login'", async ({
    page,
  }) => {
    await signInByCookie(page, STAFF);
    const home = new URL(page.url()).pathname;
    for (const path of [...ADMIN_ONLY, ...OUTSIDE_DEMO_STAFF_RIGHTS]) await expectRefused(page, path, "home");
    await page.getByRole("link", { name: "Go to Home" }).click();
    await expect(page).toHaveURL(new RegExp(`${home}$`));
  });
});

test.describe("theme panel and locale with JavaScript (spec 1 §2 Menus, §8, §9)", () => {
  test("defaults: light, side navigation 250 px, ltr, English", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.locator("html")).toHaveClass(/light/);
    await expect(page.getByTestId("side-nav")).toHaveCSS("width", "250px");
    await expect(page.locator("body")).toHaveCSS("font-size", "16px");
  });

  test("each change applies at once and is kept across reloads: dark, top navigation, colour, French", async ({
    page,
  }) => {
    await signInByCookie(page, ADMIN);
    await hydrated(page);
    await page.getByRole("link", { name: "Theme" }).click();
    await expect(page).toHaveURL(/[?&]panel=theme/);
    const panel = page.getByTestId("theme-panel");
    await panel.getByLabel("Dark theme").check();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await panel.getByLabel("Top").check();
    await expect(page.getByTestId("top-nav")).toBeVisible();
    await expect(page.getByTestId("side-nav")).toHaveCount(0);
    await panel.getByLabel("teal").check();
    await expect(page.locator(".radix-themes[data-is-root-theme='true']")).toHaveAttribute("data-accent-color", "teal");
    await panel.getByLabel("Language").selectOption("fr");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { name: "Paramètres du thème" })).toBeVisible();

    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.locator(".radix-themes[data-is-root-theme='true']")).toHaveAttribute("data-accent-color", "teal");
    await expect(page.getByTestId("top-nav")).toBeVisible();
    await expectMenu(
      page,
      [
        "Utilisateurs",
        "Influenceurs",
        "Boutiques",
        "Commandes",
        "Catégories",
        "Attributs",
        "Marques",
        "Diffusions",
        "Coupons",
        "Discussion",
        "Journal d'audit",
        "Paramètres",
      ],
      "Navigation principale",
    );
    await expect(page.getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  });

  test("the side navigation collapses to 80 px with the labels as the icons' names, and turns dark", async ({
    page,
  }) => {
    await signInByCookie(page, OWNER);
    await hydrated(page);
    await page.getByRole("button", { name: "Collapse navigation" }).click();
    await expect(page.getByTestId("side-nav")).toHaveCSS("width", "80px");
    await page.reload();
    await expect(page.getByTestId("side-nav")).toHaveCSS("width", "80px");
    const products = mainNav(page).getByRole("link", { name: "Products" });
    await expect(products).toHaveAttribute("title", "Products");
    await expect(products.locator(".shell-menu-label")).toBeHidden();
    await page.getByRole("link", { name: "Theme" }).click();
    await page.getByTestId("theme-panel").getByLabel("Dark", { exact: true }).check();
    await expect(page.getByTestId("side-nav")).toHaveClass(/dark/);
    await expect(page.locator("html")).toHaveClass(/light/);
    await page.getByRole("button", { name: "Expand navigation" }).click();
    await expect(page.getByTestId("side-nav")).toHaveCSS("width", "250px");
  });

  test("Copy settings puts the settings JSON on the clipboard and says where to paste it", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInByCookie(page, ADMIN);
    await hydrated(page);
    await page.getByRole("link", { name: "Theme" }).click();
    await page.getByTestId("theme-panel").getByRole("button", { name: "Copy settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Copy Success" })).toHaveText(MSG.themeCopied);
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied).toEqual({
      navType: "SIDE",
      sideNavTheme: "SIDE_NAV_LIGHT",
      navCollapsed: false,
      currentTheme: "light",
      primaryColor: "indigo",
      locale: "en",
      direction: "ltr",
    });
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("theme-panel")).toHaveCount(0);
    await expect(page).not.toHaveURL(/panel=/);
  });

  test("the menu search filters entries as you type, by path or label", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await hydrated(page);
    const url = page.url();
    await page.getByRole("searchbox", { name: "Search menu" }).fill("shop");
    await expectMenu(page, ["Shops"]);
    await page.getByRole("searchbox", { name: "Search menu" }).fill("zzz");
    await expectMenu(page, []);
    await expect(page.getByText("No menu entry matches")).toBeVisible();
    await page.getByRole("searchbox", { name: "Search menu" }).fill("");
    await expectMenu(page, ADMIN_MENU);
    expect(page.url()).toBe(url);
  });

  test("the footer links open the Terms & Conditions and the Privacy Policy", async ({ page }) => {
    await signInByCookie(page, OWNER);
    await expect(page.getByRole("contentinfo")).toContainText(`Copyright © ${new Date().getFullYear()} LiveShop`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms & Conditions" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms & Conditions");
    await page.goBack();
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the theme panel is a plain form: settings are saved to the cookie and kept across reloads", async ({
    page,
  }) => {
    await signInByCookie(page, STAFF);
    const home = new URL(page.url()).pathname;
    await page.getByRole("link", { name: "Theme" }).click();
    await expect(page).toHaveURL(`${home}?panel=theme`);
    const panel = page.getByTestId("theme-panel");
    await panel.getByLabel("Dark theme").check();
    await panel.getByLabel("Top").check();
    await panel.getByLabel("crimson").check();
    await panel.getByLabel("Language").selectOption("fr");
    await panel.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(`${home}?panel=theme`);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.locator(".radix-themes[data-is-root-theme='true']")).toHaveAttribute(
      "data-accent-color",
      "crimson",
    );
    await expect(page.getByTestId("top-nav")).toBeVisible();
    await expectMenu(page, ["Boutique", "Produits", "Commandes", "Paramètres"], "Navigation principale");
    // the settings to copy by hand
    expect(JSON.parse((await page.getByTestId("theme-config").textContent()) ?? "")).toMatchObject({
      navType: "TOP",
      currentTheme: "dark",
      primaryColor: "crimson",
      locale: "fr",
    });
    await page.getByRole("link", { name: "Fermer" }).click();
    await expect(page).toHaveURL(home);
  });

  test("a tampered settings form changes nothing and says so", async ({ page }) => {
    await signInByCookie(page, OWNER);
    const home = new URL(page.url()).pathname;
    const res = await page.request.post("/preferences", {
      form: { nav: "sideways", sideNav: "light", color: "indigo", locale: "en", dir: "ltr", redirectTo: home },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    expect(res.headers()["location"]).toBe(home);
    expect(
      res.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("ls_prefs=")),
    ).toEqual([]);
    await page.goto(home);
    await expect(page.getByTestId("toast")).toHaveText(MSG.prefsInvalid);
    await expect(page.getByTestId("side-nav")).toBeVisible();
  });

  test("the side navigation collapses with the header button", async ({ page }) => {
    await signInByCookie(page, OWNER);
    await page.getByRole("button", { name: "Collapse navigation" }).click();
    await expect(page.getByTestId("side-nav")).toHaveCSS("width", "80px");
    await page.reload();
    await expect(page.getByTestId("side-nav")).toHaveCSS("width", "80px");
  });

  test("the menu search is a GET form the server filters (?menu=term)", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await page.getByRole("searchbox", { name: "Search menu" }).fill("ord");
    await page.getByRole("button", { name: "Search", exact: true }).first().click();
    await expect(page).toHaveURL(/\/app\/user-list\?menu=ord$/);
    await expectMenu(page, ["Orders"]);
  });

  test("the footer links work as plain links", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    await page.getByRole("link", { name: "Back to the console" }).click();
    await expect(page).toHaveURL(/\/app\/user-list$/);
  });
});

test.describe("lean CSS (ARCHITECTURE §8–§9)", () => {
  const full = readFileSync("node_modules/@radix-ui/themes/styles.css", "utf8");
  // every element's computed style (custom properties aside: unused colours are meant to be missing), once CSS
  // transitions and animations have finished (a hover fade caught half way is not a style difference)
  const computedStyles = (page: Page) =>
    page.evaluate(async () => {
      const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
      await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
      // the Lifetime Sales chart draws itself whenever its code arrives, with the chart library's styles, not Radix's
      return [...document.querySelectorAll("body *:not(script, link, style, template):not(.sales-chart *)")].map(
        (el) => {
          const style = getComputedStyle(el);
          const out: Record<string, string> = { element: `${el.tagName}.${el.getAttribute("class") ?? ""}` };
          for (let i = 0; i < style.length; i++)
            if (!style[i].startsWith("--")) out[style[i]] = style.getPropertyValue(style[i]);
          for (const pseudo of ["::before", "::after"]) {
            const p = getComputedStyle(el, pseudo);
            out[pseudo] = [
              p.content,
              p.display,
              p.width,
              p.height,
              p.backgroundColor,
              p.boxShadow,
              p.borderRadius,
            ].join("|");
          }
          return out;
        },
      );
    });

  async function compare(page: Page, path: string) {
    await page.unrouteAll();
    await page.goto(path);
    await hydrated(page);
    const pruned = await computedStyles(page);
    await page.route("**/assets/radix-*.css", (route) => route.fulfill({ body: full, contentType: "text/css" }));
    await page.goto(path);
    await hydrated(page);
    const complete = await computedStyles(page);
    expect(pruned.length).toBeGreaterThan(20);
    expect(pruned.map((el) => el.element)).toEqual(complete.map((el) => el.element));
    const differences = pruned.flatMap((el, i) =>
      Object.keys(el)
        .filter((prop) => el[prop] !== complete[i][prop])
        .map((prop) => `${path} ${el.element} ${prop}: ${el[prop]} (full: ${complete[i][prop]})`),
    );
    expect(differences).toEqual([]);
  }

  test("the pruned Radix stylesheet gives the same computed styles as the full one", async ({ page }) => {
    // every element's computed style, under both stylesheets, on three pages: heavy work on a busy machine
    test.slow();
    await compare(page, "/auth/login");
    await signInByCookie(page, OWNER);
    const home = new URL(page.url()).pathname;
    await compare(page, `${home}?panel=theme`);
    // another accent, the dark theme and the top navigation
    await page.unrouteAll();
    await page.getByTestId("theme-panel").getByLabel("Dark theme").check();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByTestId("theme-panel").getByLabel("orange").check();
    await expect(page.locator(".radix-themes[data-is-root-theme='true']")).toHaveAttribute(
      "data-accent-color",
      "orange",
    );
    await page.getByTestId("theme-panel").getByLabel("Top").check();
    await expect(page.getByTestId("top-nav")).toBeVisible();
    await compare(page, home);
  });
});
