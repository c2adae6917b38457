import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import {
  ADMIN,
  OWNER,
  apiAs,
  data,
  holdRefresh,
  hydrated,
  islandHydrated,
  returnToList,
  scheduleStream,
  signInByCookie,
} from "./support";

// spec 3 §2 Add and edit stream, §4 upload states, §5 Shop-level add stream form, §8; ADR 0037

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
/** A small generated MP4 head (ftyp isom) padded to 64 KB: enough for the server's sniffing, sent in a real multipart upload. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from("ftypisom", "latin1"),
  Buffer.alloc(64 * 1024, 7),
]);
const unique = (stem: string) => `${stem} ${Date.now().toString(36).slice(-5)}`;
const toast = (page: Page) => page.getByTestId("toast");
/** Tomorrow at 18:30, as the page form's stream date is written (spec 3 §9: YYYY-MM-DD HH:mm:ss). */
const tomorrow = () => {
  const d = new Date(Date.now() + 36 * 3600_000);
  return { day: d.toISOString().slice(0, 10), at: `${d.toISOString().slice(0, 10)} 18:30:00` };
};

async function fillUploads(page: Page, kind: "page" | "modal") {
  await page.locator(`#${kind}-stream-image`).setInputFiles({ name: "thumb.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("thumb.png file uploaded successfully")).toBeVisible();
  // the video goes in resumable parts (ADR 0037)
  const completed = page.waitForResponse(
    (res) => res.url().endsWith("/api/upload/multipart/complete") && res.status() === 200,
  );
  await page.locator(`#${kind}-stream-video`).setInputFiles({ name: "clip.mp4", mimeType: "video/mp4", buffer: MP4 });
  await completed;
  await expect(page.getByText("clip.mp4 file uploaded successfully")).toBeVisible();
}

test("an owner schedules a stream on the page with uploads, then edits it", async ({ page }) => {
  await signInByCookie(page, OWNER);
  await page.goto("/app/add-streams");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Add Stream" })).toBeVisible();
  const save = page.getByTestId("stream-save");
  // spec 3 §4: Save waits for the video, the thumbnail and a streamer
  await expect(save).toBeDisabled();
  const title = unique("Page Drop");
  await page.getByLabel("Stream Title").fill(title);
  await page.getByLabel("Date & Time").fill(tomorrow().at);
  await page.getByLabel("Categories").selectOption({ index: 0 });
  await fillUploads(page, "page");
  await expect(page.getByTestId("stream-video-preview")).toBeVisible();
  await expect(save).toBeEnabled();
  // a video removed from the form says so, and Save waits again
  await page.getByRole("button", { name: "Remove Video" }).click();
  await expect(page.getByText("Video deleted successfully")).toBeVisible();
  // a message describes the form as it is: the removed video's upload message goes
  await expect(page.getByText("clip.mp4 file uploaded successfully")).toHaveCount(0);
  await expect(page.getByText("thumb.png file uploaded successfully")).toBeVisible();
  await expect(save).toBeDisabled();
  await page.locator("#page-stream-video").setInputFiles({ name: "clip.mp4", mimeType: "video/mp4", buffer: MP4 });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast(page)).toContainText("Stream added successfully");
  await expect(page).toHaveURL(/\/app\/streams$/);
  const row = page.locator("tbody tr").filter({ hasText: title });
  await expect(row).toBeVisible();

  await row.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/\/app\/edit-streams\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { name: "Edit Stream" })).toBeVisible();
  await hydrated(page);
  await expect(page.getByLabel("Stream Title")).toHaveValue(title);
  const renamed = unique("Renamed");
  await page.getByLabel("Stream Title").fill(renamed);
  await page.getByRole("button", { name: "Update" }).click();
  await expect(toast(page)).toContainText("Stream updated successfully");
  await expect(page).toHaveURL(/\/app\/streams$/);
  await expect(page.locator("tbody tr").filter({ hasText: renamed })).toBeVisible();
});

test("the page form without JavaScript: the spec's messages, then the files go with the form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInByCookie(page, OWNER);
  await holdRefresh(page);
  await page.goto("/app/add-streams");
  await page.getByLabel("Owner or staff").selectOption({ index: 0 });
  await page.getByTestId("stream-save").click();
  await expect(page.getByText("Please Enter The Stream Title")).toBeVisible();
  await expect(page.getByText("Please Select The Date & Time")).toBeVisible();
  await expect(page.getByText("Please Select The Streamer")).toBeVisible();
  await expect(page.getByText("Please Upload The Thumbnail Image")).toBeVisible();
  const title = unique("No JS Drop");
  await page.getByLabel("Stream Title").fill(title);
  await page.getByLabel("Date & Time").fill(tomorrow().at);
  await page.getByLabel("Categories").selectOption({ index: 0 });
  await page.getByLabel("Owner or staff").selectOption({ index: 1 });
  await page.locator("#page-stream-image").setInputFiles({ name: "thumb.png", mimeType: "image/png", buffer: PNG });
  // a picture is not a video: the format message
  await page.locator("#page-stream-video").setInputFiles({ name: "clip.png", mimeType: "image/png", buffer: PNG });
  await page.getByTestId("stream-save").click();
  await expect(page.getByText("Please upload a file in the correct format only.")).toBeVisible();
  await page.locator("#page-stream-image").setInputFiles({ name: "thumb.png", mimeType: "image/png", buffer: PNG });
  await page.locator("#page-stream-video").setInputFiles({ name: "clip.mp4", mimeType: "video/mp4", buffer: MP4 });
  await page.getByTestId("stream-save").click();
  await expect(toast(page)).toContainText("Stream added successfully");
  // spec 3 §2: the stream form returns after about 1.5 s (a Refresh of whole seconds: 2)
  await returnToList(page, /^\/app\/streams$/, 2);
  await expect(page.locator("tbody tr").filter({ hasText: title })).toBeVisible();
  await context.close();
});

test("an admin schedules a stream from the shop page's modal (date range, mp4)", async ({ page, browser }) => {
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await signInByCookie(ownerPage, OWNER);
  const shopId = (await (await ownerPage.request.get("/api/auth/isLoggedIn")).json()).data.shop._id as string;
  await owner.close();
  await signInByCookie(page, ADMIN);
  await page.goto(`/app/shop/${shopId}/streams`);
  await hydrated(page);
  await page.getByRole("link", { name: "Add Stream" }).click();
  await expect(page).toHaveURL(/dialog=add-stream/);
  const dialog = page.getByTestId("add-stream-dialog");
  await expect(dialog.getByRole("heading", { name: "Add Stream" })).toBeVisible();
  await expect(dialog.getByTestId("stream-save")).toBeDisabled();
  const title = unique("Modal Drop");
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  const { day } = tomorrow();
  await dialog.getByLabel("Start Date").fill(day);
  await dialog.getByLabel("End Date").fill(day);
  await dialog.getByLabel("Start Time").fill("18:00");
  await dialog.getByLabel("End Time").fill("19:00");
  await dialog.getByLabel("Categories").selectOption({ index: 0 });
  await fillUploads(page, "modal");
  await dialog.getByTestId("stream-save").click();
  await expect(toast(page)).toContainText("Stream added successfully");
  await expect(page).not.toHaveURL(/dialog=add-stream/);
  await expect(page.locator("tbody tr").filter({ hasText: title })).toBeVisible();
});

test("a finished stream's edit page says it cannot be edited, with no form and a Back to the list", async ({
  page,
}) => {
  await signInByCookie(page, OWNER);
  const [finished] = (
    await (await page.request.post("/api/live-stream/list", { params: { status: "finished" } })).json()
  ).data as { _id: string }[];
  await page.goto(`/app/edit-streams/${finished._id}`);
  await expect(page.getByRole("heading", { name: "Edit Stream" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Finished streams cannot be edited" })).toBeVisible();
  await expect(page.getByLabel("Stream Title")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Update" })).toHaveCount(0);
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/streams$/);
});

test("the shop page's modal: choosing a staff member clears the influencer and back; Save waits for a streamer", async ({
  page,
}) => {
  await signInByCookie(page, ADMIN);
  const [shop] = (await (await page.request.get("/api/shop/list", { params: { search: "Harbour Threads" } })).json())
    .data as { _id: string }[];
  await page.goto(`/app/shop/${shop._id}/streams?dialog=add-stream`);
  const dialog = page.getByTestId("add-stream-dialog");
  // the modal's form is a lazy island: its choices are scripted once it has hydrated
  await islandHydrated(dialog.getByTestId("stream-form"));
  await fillUploads(page, "modal");
  const staff = dialog.getByLabel("Owner or staff");
  const influencer = dialog.getByLabel("Influencer");
  const save = dialog.getByTestId("stream-save");
  await expect(staff).not.toHaveValue("");
  await expect(save).toBeEnabled();
  await influencer.selectOption({ index: 1 });
  await expect(staff).toHaveValue("");
  await expect(save).toBeEnabled();
  await staff.selectOption({ index: 1 });
  await expect(influencer).toHaveValue("");
  await staff.selectOption("");
  await expect(save).toBeDisabled();
});

test("the shop page's modal without JavaScript: its own messages, and both streamers at once refused", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInByCookie(page, ADMIN);
  const [shop] = (await (await page.request.get("/api/shop/list", { params: { search: "Harbour Threads" } })).json())
    .data as { _id: string }[];
  await page.goto(`/app/shop/${shop._id}/streams?dialog=add-stream`);
  const dialog = page.getByTestId("add-stream-dialog");
  // spec 3 §5: the pickers offer no day before yesterday without JavaScript too
  await expect(dialog.getByLabel("Start Date")).toHaveAttribute("min", yesterdayInSydney());
  await dialog.getByLabel("Owner or staff").selectOption("");
  await dialog.getByTestId("stream-save").click();
  for (const message of [
    "Please Enter The Title",
    "Please Enter Start and End Date",
    "Please Add Category",
    "Please Select The Streamer",
    "Please Upload The Video",
    "Please Upload The Thumbnail Image",
  ])
    await expect(page.getByTestId("add-stream-dialog").getByText(message, { exact: true })).toBeVisible();
  await page.getByTestId("add-stream-dialog").getByLabel("Owner or staff").selectOption({ index: 1 });
  await page.getByTestId("add-stream-dialog").getByLabel("Influencer").selectOption({ index: 1 });
  await page.getByTestId("add-stream-dialog").getByTestId("stream-save").click();
  await expect(
    page.getByTestId("add-stream-dialog").getByText("Please choose either a staff member or an influencer, not both"),
  ).toBeVisible();
  await context.close();
});

// a refused save leaves the form as the user left it: every field, upload and choice

type FormKind = "page" | "modal";

/** Every value the form would post (the uploads are the hidden fields' locations), read from the page. */
const formState = (form: Locator) =>
  form.evaluate((el: HTMLFormElement) => {
    const value = (name: string) => (el.elements.namedItem(name) as HTMLInputElement | null)?.value ?? null;
    const categories = el.elements.namedItem("categories") as HTMLSelectElement;
    return {
      title: value("name"),
      dates: ["startAt", "startDate", "endDate", "startTime", "endTime"].map(value),
      categories: [...categories.selectedOptions].map((o) => o.value),
      staff: value("staff"),
      influencer: value("influencer"),
      image: value("image"),
      video: value("video"),
    };
  });

/**
 * Fills every field but the title (left empty): the date, two departments, an influencer as Stream By, and both files,
 * uploaded at once with JavaScript or attached to the form without it.
 */
async function fillAllButTitle(page: Page, form: Locator, kind: FormKind, js: boolean) {
  await form.getByLabel(kind === "page" ? "Stream Title" : "Title", { exact: true }).fill("");
  const { day, at } = tomorrow();
  if (kind === "page") await form.getByLabel("Date & Time").fill(at);
  else {
    await form.getByLabel("Start Date").fill(day);
    await form.getByLabel("End Date").fill(day);
    await form.getByLabel("Start Time").fill("18:00");
    await form.getByLabel("End Time").fill("19:00");
  }
  await form.getByLabel("Categories").selectOption([{ index: 0 }, { index: 1 }]);
  await form.getByLabel("Influencer").selectOption({ index: 1 });
  // with JavaScript choosing the influencer clears the staff choice; without it, the user clears it
  if (!js) await form.getByLabel("Owner or staff").selectOption("");
  if (js) await fillUploads(page, kind);
  else {
    await form
      .locator(`#${kind}-stream-image`)
      .setInputFiles({ name: "thumb.png", mimeType: "image/png", buffer: PNG });
    await form.locator(`#${kind}-stream-video`).setInputFiles({ name: "clip.mp4", mimeType: "video/mp4", buffer: MP4 });
  }
}

/**
 * Saves with an empty title and checks the refusal kept the form: with JavaScript every value as it was (the uploads
 * too, and Save still enabled); without it the same, the attached files now stored and shown. Then a title saves it.
 */
async function refusedThenSaved(page: Page, form: Locator, kind: FormKind, js: boolean, titleMessage: string) {
  const before = await formState(form);
  expect(before.categories).toHaveLength(2);
  expect(before.influencer).not.toBe("");
  await form.getByTestId("stream-save").click();
  await expect(form.getByText(titleMessage, { exact: true })).toBeVisible();
  const kept = js ? before : { ...before, image: expect.stringMatching(/\S/), video: expect.stringMatching(/\S/) };
  await expect.poll(() => formState(form)).toEqual(kept);
  await expect(form.getByTestId("stream-thumbnail-preview")).toBeVisible();
  await expect(form.getByTestId("stream-video-preview")).toBeVisible();
  if (js) await expect(form.getByTestId("stream-save")).toBeEnabled();
  const title = unique(kind === "page" ? "Kept Drop" : "Kept Modal");
  await form.getByLabel(kind === "page" ? "Stream Title" : "Title", { exact: true }).fill(title);
  await form.getByTestId("stream-save").click();
  await expect(toast(page)).toContainText(/Stream (added|updated) successfully/);
  // what the saved stream must hold: the departments and the influencer chosen before the refusal
  return { title, chosen: { categories: [...before.categories].sort(), streamer: before.influencer } };
}

/** The streams these tests saved: deleted after each, so the seeded lists other files read stay as they were. */
const saved: string[] = [];

/** The saved stream (found by its title) as the API reads it, as the owner. */
async function savedStream(browser: Browser, title: string) {
  const owner = await apiAs(browser, OWNER);
  const [row] = await data<{ _id: string }[]>(
    await owner.request.post("/api/live-stream/list", { params: { search: title } }),
  );
  saved.push(row._id);
  const stream = await data<{ _id: string; categories: { _id: string }[]; streamer: { _id: string } }>(
    await owner.request.get(`/api/live-stream/${row._id}`),
  );
  await owner.close();
  return { categories: stream.categories.map((c) => c._id).sort(), streamer: stream.streamer._id };
}

async function harbourThreads(page: Page) {
  const [shop] = (await (await page.request.get("/api/shop/list", { params: { search: "Harbour Threads" } })).json())
    .data as { _id: string }[];
  return shop._id;
}

/** Signs in and opens a stream form's page, holding its return (without JavaScript) or waiting for its scripts. */
async function openSignedIn(
  page: Page,
  account: typeof OWNER,
  url: (page: Page) => Promise<string> | string,
  js: boolean,
) {
  await signInByCookie(page, account);
  if (!js) await holdRefresh(page);
  await page.goto(await url(page));
  if (js) await hydrated(page);
}

for (const js of [true, false]) {
  test.describe(`a refused save keeps the form ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });
    test.afterEach(async ({ browser }) => {
      const owner = await apiAs(browser, OWNER);
      for (const id of saved.splice(0)) await data(await owner.request.delete(`/api/live-stream/${id}`));
      await owner.close();
    });

    test("on the Add Stream page", async ({ page, browser }) => {
      await openSignedIn(page, OWNER, () => "/app/add-streams", js);
      const form = page.getByTestId("stream-form");
      await fillAllButTitle(page, form, "page", js);
      const { title, chosen } = await refusedThenSaved(page, form, "page", js, "Please Enter The Stream Title");
      expect(await savedStream(browser, title)).toEqual(chosen);
    });

    test("in the shop page's Add Stream modal", async ({ page, browser }) => {
      await openSignedIn(
        page,
        ADMIN,
        async (admin) => `/app/shop/${await harbourThreads(admin)}/streams?dialog=add-stream`,
        js,
      );
      const form = page.getByTestId("add-stream-dialog").getByTestId("stream-form");
      if (js) await islandHydrated(form);
      await fillAllButTitle(page, form, "modal", js);
      const { title, chosen } = await refusedThenSaved(page, form, "modal", js, "Please Enter The Title");
      expect(await savedStream(browser, title)).toEqual(chosen);
    });

    test("on the Edit Stream page: the old title does not come back, and no change is dropped", async ({
      page,
      browser,
    }) => {
      const oldTitle = unique("Old Title");
      let streamId = "";
      await openSignedIn(
        page,
        OWNER,
        async (owner) => `/app/edit-streams/${(streamId = await scheduleStream(owner.request, oldTitle))}`,
        js,
      );
      const form = page.getByTestId("stream-form");
      await expect(form.getByLabel("Stream Title")).toHaveValue(oldTitle);
      await fillAllButTitle(page, form, "page", js);
      const { title, chosen } = await refusedThenSaved(page, form, "page", js, "Please Enter The Stream Title");
      expect(await savedStream(browser, title)).toEqual(chosen);
      expect(saved).toContain(streamId);
    });
  });
}

test("/app/edit-streams with no id is the Add Stream page (spec 3 §2)", async ({ page }) => {
  await signInByCookie(page, OWNER);
  await page.goto("/app/edit-streams");
  await expect(page.getByRole("heading", { name: "Add Stream", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Add Stream/);
  await expect(page.getByTestId("stream-save")).toHaveText("Save");
});

/** An instant as YYYY-MM-DD HH:mm:ss on Sydney's clock (Sweden's locale writes dates that way). */
const sydneyClock = (epochMs: number) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: "Australia/Sydney", dateStyle: "short", timeStyle: "medium" }).format(
    epochMs,
  );
const yesterdayInSydney = () =>
  new Date(Date.parse(`${sydneyClock(Date.now()).slice(0, 10)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

test("in an en-US browser the stream date reads YYYY-MM-DD HH:mm:ss (spec 3 §9); the modal's pickers offer no day before yesterday (§5)", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await signInByCookie(page, OWNER);
  await page.goto("/app/add-streams");
  await hydrated(page);
  await expect(page.getByLabel("Date & Time")).toHaveAttribute("placeholder", "YYYY-MM-DD HH:mm:ss");
  const streamId = await scheduleStream(page.request, unique("Clock Drop"));
  const { startDateAndTime } = await data<{ startDateAndTime: number }>(
    await page.request.get(`/api/live-stream/${streamId}`),
  );
  await page.goto(`/app/edit-streams/${streamId}`);
  await hydrated(page);
  const date = page.getByLabel("Date & Time");
  await expect(date).toHaveValue(sydneyClock(startDateAndTime));
  await expect(date).toHaveValue(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await data(await page.request.delete(`/api/live-stream/${streamId}`));

  await signInByCookie(page, ADMIN);
  await page.goto(`/app/shop/${await harbourThreads(page)}/streams?dialog=add-stream`);
  await hydrated(page);
  const dialog = page.getByTestId("add-stream-dialog");
  await expect(dialog.getByLabel("Start Date")).toHaveAttribute("min", yesterdayInSydney());
  await expect(dialog.getByLabel("End Date")).toHaveAttribute("min", yesterdayInSydney());
  await context.close();
});
