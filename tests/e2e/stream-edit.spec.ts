import { expect, test, type Page } from "@playwright/test";
import { ADMIN, OWNER, holdRefresh, hydrated, returnToList, signInByCookie } from "./support";

// spec 3 §2 Add and edit stream, §4 upload states, §5 Shop-level add stream form, §8; issue 13 (streams-edit, ADR 0037)

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
/** A small generated MP4 head (ftyp isom) padded to 64 KB: enough for the server's sniffing, sent in a real multipart upload. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypisom", "latin1"), Buffer.alloc(64 * 1024, 7)]);
const unique = (stem: string) => `${stem} ${Date.now().toString(36).slice(-5)}`;
const toast = (page: Page) => page.getByTestId("toast");
/** Tomorrow at 18:30, as a datetime-local input takes it. */
const tomorrow = () => {
  const d = new Date(Date.now() + 36 * 3600_000);
  return { day: d.toISOString().slice(0, 10), local: `${d.toISOString().slice(0, 10)}T18:30` };
};

async function fillUploads(page: Page, kind: "page" | "modal") {
  await page.locator(`#${kind}-stream-image`).setInputFiles({ name: "thumb.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("thumb.png file uploaded successfully")).toBeVisible();
  // the video goes in resumable parts (ADR 0037)
  const completed = page.waitForResponse((res) => res.url().endsWith("/api/upload/multipart/complete") && res.status() === 200);
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
  await page.getByLabel("Date & Time").fill(tomorrow().local);
  await page.getByLabel("Categories").selectOption({ index: 0 });
  await fillUploads(page, "page");
  await expect(page.getByTestId("stream-video-preview")).toBeVisible();
  await expect(save).toBeEnabled();
  // a video removed from the form says so, and Save waits again
  await page.getByRole("button", { name: "Remove Video" }).click();
  await expect(page.getByText("Video deleted successfully")).toBeVisible();
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
  await page.getByLabel("Date & Time").fill(tomorrow().local);
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
  const shopId = ((await (await ownerPage.request.get("/api/auth/isLoggedIn")).json()).data.shop._id) as string;
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

test("a finished stream's edit page says it cannot be edited, with no form and a Back to the list", async ({ page }) => {
  await signInByCookie(page, OWNER);
  const [finished] = (await (await page.request.post("/api/live-stream/list", { params: { status: "finished" } })).json()).data as { _id: string }[];
  await page.goto(`/app/edit-streams/${finished._id}`);
  await expect(page.getByRole("heading", { name: "Edit Stream" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Finished streams cannot be edited" })).toBeVisible();
  await expect(page.getByLabel("Stream Title")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Update" })).toHaveCount(0);
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/streams$/);
});

test("the shop page's modal: choosing a staff member clears the influencer and back; Save waits for a streamer", async ({ page }) => {
  await signInByCookie(page, ADMIN);
  const [shop] = (await (await page.request.get("/api/shop/list", { params: { search: "Harbour Threads" } })).json()).data as { _id: string }[];
  await page.goto(`/app/shop/${shop._id}/streams?dialog=add-stream`);
  await hydrated(page);
  const dialog = page.getByTestId("add-stream-dialog");
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

test("the shop page's modal without JavaScript: its own messages, and both streamers at once refused", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInByCookie(page, ADMIN);
  const [shop] = (await (await page.request.get("/api/shop/list", { params: { search: "Harbour Threads" } })).json()).data as { _id: string }[];
  await page.goto(`/app/shop/${shop._id}/streams?dialog=add-stream`);
  const dialog = page.getByTestId("add-stream-dialog");
  await dialog.getByLabel("Owner or staff").selectOption("");
  await dialog.getByTestId("stream-save").click();
  for (const message of ["Please Enter The Title", "Please Enter Start and End Date", "Please Add Category", "Please Select The Streamer", "Please Upload The Video", "Please Upload The Thumbnail Image"])
    await expect(page.getByTestId("add-stream-dialog").getByText(message, { exact: true })).toBeVisible();
  await page.getByTestId("add-stream-dialog").getByLabel("Owner or staff").selectOption({ index: 1 });
  await page.getByTestId("add-stream-dialog").getByLabel("Influencer").selectOption({ index: 1 });
  await page.getByTestId("add-stream-dialog").getByTestId("stream-save").click();
  await expect(page.getByTestId("add-stream-dialog").getByText("Please choose either a staff member or an influencer, not both")).toBeVisible();
  await context.close();
});
