import { expect, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import { accessModuleBody } from "#contract/people/staff-api";

export const ADMIN = { email: "admin@liveshop.test", password: "Admin#2026" };
/** the second admin: for tests that change a password */
export const SUPPORT_ADMIN = { email: "support@liveshop.test", password: "Admin#2026" };
export const OWNER = { email: "owner@liveshop.test", password: "Owner#2026" };
export const OWNER2 = { email: "owner2@liveshop.test", password: "Owner#2026" };
export const STAFF = { email: "staff@liveshop.test", password: "Staff#2026" };

/** Scripted behaviour only after hydration (root sets html[data-hydrated]). */
export async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/**
 * A lazy island the server rendered whole (e.g. the add-customer flow) hydrates only once its own script has arrived,
 * which can be after the page: until then its forms are the server's and submit as plain forms. Waits until React
 * owns the element (it carries React's fiber), so scripted behaviour can be asserted.
 */
export async function islandHydrated(island: Locator) {
  await expect
    .poll(() => island.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"))))
    .toBe(true);
}

/** Signs in through the login form, as a person would; works with and without JavaScript. */
export async function signIn(page: Page, account: { email: string; password: string }, opts: { js?: boolean } = {}) {
  await page.goto("/auth/login");
  if (opts.js !== false) await hydrated(page);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/app\//);
}

/**
 * Signs in without the form: the API's sign-in sets the session cookie on the page's context (page.request shares its
 * cookies), then "/" opens the role's landing page as the form would. Only the sign-in tests use the form.
 */
export async function signInByCookie(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), `sign-in of ${account.email}`).toBe(200);
  await page.goto("/");
  await expect(page).toHaveURL(/\/app\//);
}

/** A browser of its own signed in to the console by an Australian mobile's phone code (read from the demo outbox). */
export async function signInByPhoneCode(browser: Browser, mobile: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/auth/shopkeeper/login");
  await hydrated(page);
  await page.getByLabel("Mobile Number", { exact: true }).fill(mobile);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Verify OTP")).toBeVisible();
  const code = await codeFromOutbox(browser, `+61${mobile}`);
  await page.getByLabel("Digit 1 of 6").click();
  await page.keyboard.type(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/app\/shop\/[0-9a-f]{24}$/);
  return { context, page };
}

/** Reads the newest code texted to a phone from the demo outbox, as an admin in a separate browser (spec: ARCHITECTURE §6). */
export async function codeFromOutbox(browser: Browser, to: string) {
  // contexts made here inherit the test's options: the admin's browser runs scripts whatever the test does
  const context = await browser.newContext({ javaScriptEnabled: true });
  const admin = await context.newPage();
  await signInByCookie(admin, ADMIN);
  await admin.goto("/app/setting/outbox");
  await expect(admin.getByText("Demo outbox: these text messages are not sent.")).toBeVisible();
  const row = admin.getByTestId("outbox-message").filter({ hasText: to }).first();
  const text = await row.innerText();
  await context.close();
  const code = text.match(/sign-in code is (\d{6})\./)?.[1];
  expect(code, `a code for ${to} in the outbox`).toMatch(/^\d{6}$/);
  return code!;
}

/**
 * Chooses in a searchable select (app/components/form/SearchSelect.tsx): with scripts, types part of the option's
 * text into the combobox and picks the option; before or without them, selects the native option by value.
 */
export async function choose(scope: Page | Locator, label: string, option: { value: string; text: string }) {
  const field = scope.getByLabel(label, { exact: true });
  if ((await field.getAttribute("role")) === "combobox") {
    await field.fill(option.text.slice(0, 4));
    const page = "page" in scope && typeof scope.page === "function" ? (scope as Locator).page() : (scope as Page);
    await page.getByRole("listbox").getByRole("option", { name: option.text, exact: true }).click();
    await expect(field).toHaveValue(option.text);
  } else {
    await field.selectOption(option.value);
  }
}

// orders placed through the API as a customer, like the mobile app (from orders.spec.ts; used by the customer page too)

type SellableRow = { _id: string; name: string; stock: number; isVariationAvailable: boolean; shopId: string };

/** A browser context's request client (it keeps the session cookie), signed in as `account` unless null. */
export async function apiAs(browser: Browser, account: { email: string; password: string } | null) {
  const context = await browser.newContext();
  if (account) {
    const res = await context.request.post("/api/auth/login", { data: account });
    expect(res.status(), `sign-in of ${account.email}`).toBe(200);
  }
  return context;
}

export async function data<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  const body = (await res.json()) as { message: string; data: T };
  expect(res.ok(), body.message).toBe(true);
  return body.data;
}

/** A single product of the signed-in owner's shop with stock to sell. */
export async function sellable(owner: APIRequestContext) {
  const rows = await data<SellableRow[]>(await owner.get("/api/product", { params: { limit: 100 } }));
  const product = rows.find((p) => !p.isVariationAvailable && p.stock >= 3);
  expect(product, "a single product with stock").toBeTruthy();
  return product!;
}

/** A customer's bearer token through the real phone sign-in (the code read from the demo outbox by the admin). */
export async function customerToken(browser: Browser, admin: APIRequestContext, nth = 0) {
  const customers = await data<
    { _id: string; fName: string; lName: string; mobile: string | null; countryCode: string | null }[]
  >(await admin.get("/api/user/list", { params: { role: "endUser", limit: 100 } }));
  // `nth`: another file's customer, so the files' code requests do not share one phone's allowance (5 in 15 minutes)
  const customer = customers.filter((c) => c.mobile && c.countryCode === "+61")[nth];
  expect(customer, "a demo customer with an Australian mobile").toBeTruthy();
  return appSignIn(browser, admin, customer!);
}

/** `customer` (an Australian mobile) signs in to the mobile app by phone code, read from the demo outbox by the admin. */
export async function appSignIn(
  browser: Browser,
  admin: APIRequestContext,
  customer: { _id: string; fName: string; lName: string; mobile: string | null },
) {
  const app = await apiAs(browser, null);
  const api = app.request;
  const phone = { countryFlag: "AU", mobile: customer.mobile! };
  await data(await api.post("/api/auth/send-otp/customer", { data: phone }));
  const outbox = await data<{ body: string }[]>(
    await admin.get("/api/sms/outbox", { params: { search: customer.mobile!, limit: 1 } }),
  );
  const otp = outbox[0]?.body.match(/\b(\d{6})\b/)?.[1];
  const signedIn = await data<{ token: string }>(
    await api.post("/api/auth/verify-otp/customer", { data: { ...phone, otp } }),
  );
  return { app, api, token: signedIn.token, id: customer._id, name: `${customer.fName} ${customer.lName}`.trim() };
}

/**
 * Without JavaScript a saved change answers with its message and a Refresh header: the browser shows the message and
 * goes back to the list about 1 s later. On a busy machine that second can pass before a check reads the message, so
 * a test that reads it holds the return: answers to posted forms come without their Refresh header, which is kept,
 * and `returnToList()` checks it (1 s, to the list) and goes where it points, as the browser would have.
 */
export async function holdRefresh(page: Page) {
  const existing = heldReturns.get(page);
  if (existing) return existing;
  const held: string[] = [];
  await page.route(
    () => true,
    async (route) => {
      const request = route.request();
      if (request.method() !== "POST" || !request.isNavigationRequest()) return route.fallback();
      const response = await route.fetch({ maxRedirects: 0 });
      const headers = response.headers();
      if (!headers.refresh) return route.fulfill({ response });
      held.push(headers.refresh);
      delete headers.refresh;
      return route.fulfill({ response, headers });
    },
  );
  const returns = {
    /** the last answer's return, followed as the browser would have: after `seconds` (about 1), to a URL matching `to` */
    async returnToList(to: RegExp, seconds = 1) {
      const refresh = held.pop() ?? "";
      held.length = 0;
      const [, after, url] = refresh.match(/^(\d+); url=(.+)$/) ?? [];
      expect(Number(after), `the Refresh header '${refresh}' returns after ${seconds} s`).toBe(seconds);
      expect(url).toMatch(to);
      await page.goto(new URL(url, page.url()).href);
    },
  };
  heldReturns.set(page, returns);
  return returns;
}
/** Follows the held return of the last answer (see holdRefresh, which must have been called before the post). */
export async function returnToList(page: Page, to: RegExp, seconds = 1) {
  const held = heldReturns.get(page);
  expect(held, "holdRefresh(page) was called before the post").toBeDefined();
  await held!.returnToList(to, seconds);
}
const heldReturns = new WeakMap<Page, { returnToList(to: RegExp, seconds?: number): Promise<void> }>();

// streams scheduled through the API (the promote and edit browser tests)

// a real 1×1 PNG, and the start of an MP4 (its type box), as the upload checks read them
export const TEST_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const STREAM_MP4 = Buffer.from([
  0,
  0,
  0,
  0x20,
  ...Buffer.from("ftypisom"),
  0,
  0,
  2,
  0,
  ...Array.from({ length: 200 }, (_, i) => i % 13),
]);

/** A file stored through POST /api/upload/file (the no-JavaScript path's call), as the signed-in user; its location. */
export async function uploadTestFile(
  request: APIRequestContext,
  purpose: string,
  type: string,
  fileName: string,
  bytes: Buffer,
) {
  const res = await request.post("/api/upload/file", {
    headers: { "content-type": type, "x-file-name": fileName, "x-purpose": purpose },
    data: bytes,
  });
  return (await data<{ location: string }>(res)).location;
}

/**
 * A scheduled stream (tomorrow) of the signed-in owner's shop, made through POST live-stream/web; its id. With
 * `campaignId`: a stream of that campaign (name of 5 to 20 characters), streamed by its first accepted influencer.
 */
export async function scheduleStream(request: APIRequestContext, name: string, campaignId?: string) {
  const options = await data<{
    categories: { _id: string }[];
    staff: { _id: string }[];
    influencers: { _id: string }[];
  }>(await request.get("/api/live-stream/form-options", { params: campaignId ? { campaignId } : {} }));
  const stream = await data<{ _id: string }>(
    await request.post("/api/live-stream/web", {
      data: {
        name,
        startDateAndTime: Date.now() + 24 * 3600_000,
        categories: [options.categories[0]._id],
        streamer: campaignId ? options.influencers[0]._id : options.staff[0]._id,
        ...(campaignId ? { campaignId } : {}),
        image: await uploadTestFile(request, "streamThumbnail", "image/png", "thumb.png", TEST_PNG),
        video: await uploadTestFile(request, "streamVideo", "video/mp4", "clip.mp4", STREAM_MP4),
      },
    }),
  );
  return stream._id;
}

/** A staff member of the owner's shop (`owner` signed in) with these rights, signed in by a phone code; removed on close. */
export async function shopStaffMember(
  browser: Browser,
  owner: APIRequestContext,
  rights: Parameters<typeof accessModuleBody>[0],
) {
  const mobile = `41${String((Date.now() % 1e6) * 10 + Math.floor(Math.random() * 10)).padStart(7, "0")}`;
  const image = await uploadTestFile(owner, "staffImage", "image/png", "face.png", TEST_PNG);
  const added = await data<{ _id: string }>(
    await owner.post("/api/user/add-shopstaff", {
      data: {
        fName: "Member",
        email: `member-${mobile}@example.test`,
        countryFlag: "au",
        countryCode: "+61",
        mobile,
        designation: "Helper",
        image,
        access_module: accessModuleBody(rights).map((module) => ({ module })),
      },
    }),
  );
  const { context, page } = await signInByPhoneCode(browser, mobile);
  const close = async () => {
    await context.close();
    await data(await owner.post("/api/user/remove-shopstaff", { data: { userId: added._id } }));
  };
  return { page, close };
}
