import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { OWNER, apiAs, data, holdRefresh, hydrated, returnToList, signInByCookie } from "./support";

// spec 3 §2 Campaign streams table, Campaign stream add and edit page; §5 Campaign stream form; ADR 0063. The streams
// are added to the owner's seeded Ongoing campaign (Live Summer Sale), whose accepted influencers stream them.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from("ftypisom", "latin1"),
  Buffer.alloc(64 * 1024, 7),
]);
const unique = (stem: string) => `${stem} ${Date.now().toString(36).slice(-4)}`;
const toast = (page: Page) => page.getByTestId("toast");
const SHOTS = process.env.SHOTS_DIR ?? "/tmp";
/** Tomorrow at 18:30 (within the Ongoing campaign's dates), as the form writes it (spec 3 §9). */
const tomorrow = () => `${new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10)} 18:30:00`;
const streamsCard = (page: Page) => page.getByTestId("campaign-streams");
const rowOf = (page: Page, name: string) => streamsCard(page).locator("tbody tr").filter({ hasText: name });

async function ongoingCampaign(request: APIRequestContext) {
  const rows = await data<{ _id: string; title: string }[]>(
    await request.get("/api/campaign", { params: { search: "Live Summer Sale", limit: 5 } }),
  );
  expect(rows.length, "the seeded Ongoing campaign").toBeGreaterThan(0);
  return rows[0]._id;
}

/** Products of the owner's shop without variations (one discount field), by name. */
async function plainProducts(request: APIRequestContext) {
  const products = await data<{ name: string; price: number; isVariationAvailable: boolean }[]>(
    await request.get("/api/product", { params: { limit: 100 } }),
  );
  return products.filter((p) => !p.isVariationAvailable && p.price >= 5).map((p) => p.name);
}

/** On an Add Stream page: the Promoted Products card's drawer, a product found and promoted; the card lists it. */
async function stageProduct(page: Page, name: string, js: boolean) {
  const card = page.getByRole("region", { name: "Promoted Products" });
  await card.getByRole("link", { name: "Add", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Add Promoted Products" });
  await expect(drawer).toBeVisible();
  await drawer.getByLabel("Search products").fill(name);
  // without JavaScript the search is a plain GET form; with it, the search lands in the URL after its debounce
  if (!js) await drawer.getByLabel("Search products").press("Enter");
  await expect(page).toHaveURL(/psearch=/);
  const product = drawer.getByRole("listitem", { name, exact: true });
  await product.getByRole("link", { name: `Promote ${name}`, exact: true }).click();
  await expect(product.getByRole("link", { name: `Promoted ${name}`, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/products=[0-9a-f]{24}/);
  await drawer.getByRole("link", { name: "Close" }).click();
  await expect(drawer).toHaveCount(0);
  const row = card.getByRole("table", { name: "Chosen products" }).locator("tbody tr").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByTestId("promoted-price")).toHaveText("-");
}

const created: string[] = [];
test.afterAll(async ({ browser }) => {
  const owner = await apiAs(browser, OWNER);
  const listed = await data<{ _id: string; name: string }[]>(
    await owner.request.post("/api/live-stream/list", { params: { search: "Camp", limit: 100 } }),
  );
  for (const s of listed)
    if (created.some((n) => s.name.startsWith(n))) await owner.request.delete(`/api/live-stream/${s._id}`);
  await owner.close();
});

test("with JavaScript: add a campaign stream, it is listed and sorts, edit it and promote a product", async ({
  page,
}) => {
  await signInByCookie(page, OWNER);
  const campaignId = await ongoingCampaign(page.request);
  await page.goto(`/app/edit-campaign/${campaignId}`);
  await hydrated(page);
  await expect(streamsCard(page).getByRole("heading", { name: "Streams" })).toBeVisible();
  for (const header of ["Name", "Stream By", "Department", "Status", "Stream At"])
    await expect(streamsCard(page).getByRole("columnheader", { name: header })).toBeVisible();
  await streamsCard(page).getByRole("link", { name: "Add", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/app/edit-campaign/${campaignId}/add-stream$`));
  await expect(page.getByRole("heading", { name: "Add Stream" })).toBeVisible();
  await hydrated(page);
  // a product the new stream promotes from the start (POST live-stream/web products, ADR 0070)
  const [productName, stagedName] = await plainProducts(page.request);
  await stageProduct(page, stagedName!, true);
  const title = unique("Camp JS");
  created.push("Camp JS");
  await page.getByLabel("Stream Title").fill(title);
  await page.getByLabel("Date & Time").fill(tomorrow());
  await page.getByLabel("Categories").selectOption({ index: 0 });
  await page.getByLabel("Streamer").selectOption({ index: 1 });
  await page.locator("#campaign-stream-image").setInputFiles({ name: "thumb.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("thumb.png file uploaded successfully")).toBeVisible();
  await page.locator("#campaign-stream-video").setInputFiles({ name: "clip.mp4", mimeType: "video/mp4", buffer: MP4 });
  await expect(page.getByText("clip.mp4 file uploaded successfully")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/cstreams-add-js.png`, fullPage: true });
  await page.getByTestId("stream-save").click();
  await expect(toast(page)).toContainText("Stream added successfully");
  await expect(page).toHaveURL(new RegExp(`/app/edit-campaign/${campaignId}$`));
  await expect(rowOf(page, title)).toBeVisible();
  await expect(rowOf(page, title)).toContainText("SCHEDULED");

  // sorting lives in the card's own params
  await streamsCard(page).getByRole("link", { name: /^Name/ }).click();
  await expect(page).toHaveURL(/sSort=name&sSortType=asc/);
  await expect(streamsCard(page).getByRole("columnheader", { name: /^Name/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  const names = await streamsCard(page).locator("tbody tr td:first-child").allInnerTexts();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
  await page.screenshot({ path: `${SHOTS}/cstreams-card-js.png`, fullPage: true });

  // View opens the viewer with the archive toggle
  await rowOf(page, title)
    .getByRole("link", { name: `View ${title}` })
    .click();
  await expect(page.getByRole("dialog", { name: `${title}'s Stream` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Archive" })).toBeVisible();
  await page.goto(`/app/edit-campaign/${campaignId}`);

  await rowOf(page, title)
    .getByRole("link", { name: `Edit ${title}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/app/edit-campaign/${campaignId}/edit-stream/[0-9a-f]{24}$`));
  await expect(page.getByRole("heading", { name: "Edit Stream" })).toBeVisible();
  await hydrated(page);
  await expect(page.getByLabel("Stream Title")).toHaveValue(title);
  // the product chosen on the Add page is the stream's, without a discount yet
  const promoted = page.getByRole("region", { name: "Promoted Products" });
  await expect(promoted.locator("tbody tr").filter({ hasText: stagedName! }).getByTestId("promoted-price")).toHaveText(
    "-",
  );
  // another promoted through the Promoted Products card, with a discount
  await promoted.getByRole("link", { name: "Add", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Add Promoted Products" });
  await drawer.getByLabel("Search products").fill(productName!);
  // the search writes the URL after a pause: wait for it, so its navigation cannot undo the Promote link's
  await expect(page).toHaveURL(/psearch=/);
  await drawer
    .getByRole("listitem", { name: productName!, exact: true })
    .getByRole("link", { name: `Promote ${productName}`, exact: true })
    .click();
  await page.getByTestId("promote-dialog").getByLabel("Product discount type").selectOption("flat");
  await page.getByTestId("promote-dialog").getByLabel("Product discount", { exact: true }).fill("1");
  await page.getByTestId("promote-dialog").getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Product Promoted Added Successfully.");
  await expect(promoted.locator("tbody tr").filter({ hasText: productName! })).toBeVisible();

  const renamed = unique("Camp Ed");
  created.push("Camp Ed");
  await page.getByLabel("Stream Title").fill(renamed);
  await page.getByTestId("stream-save").click();
  await expect(toast(page).filter({ hasText: "Stream updated successfully" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/edit-campaign/${campaignId}$`));
  await expect(rowOf(page, renamed)).toBeVisible();
});

test("without JavaScript: the spec's messages, then a campaign stream with its files; sort and page in the URL", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInByCookie(page, OWNER);
  const campaignId = await ongoingCampaign(page.request);
  await holdRefresh(page);
  await page.goto(`/app/edit-campaign/${campaignId}/add-stream`);
  await expect(page.getByRole("heading", { name: "Add Stream" })).toBeVisible();
  await page.getByTestId("stream-save").click();
  for (const message of [
    "Please Enter The Stream Title",
    "Please Select The Date & Time",
    "Please Select The Categories",
    "Please Select The Streamer",
    "Please Upload Image",
    "Please Upload Video",
  ])
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  await page.getByLabel("Stream Title").fill("Camp");
  await page.getByTestId("stream-save").click();
  await expect(page.getByText("Stream Title Is Too Short")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/cstreams-add-nojs-errors.png`, fullPage: true });
  // the Promoted Products card works without JavaScript: the chosen products live in the URL
  const [stagedName] = await plainProducts(page.request);
  await stageProduct(page, stagedName!, false);
  await page.screenshot({ path: `${SHOTS}/cstreams-add-nojs-products.png`, fullPage: true });
  const title = unique("Camp NoJS");
  created.push("Camp NoJS");
  await page.getByLabel("Stream Title").fill(title);
  await page.getByLabel("Date & Time").fill(tomorrow());
  await page.getByLabel("Categories").selectOption({ index: 0 });
  await page.getByLabel("Streamer").selectOption({ index: 1 });
  await page.locator("#campaign-stream-image").setInputFiles({ name: "thumb.png", mimeType: "image/png", buffer: PNG });
  await page.locator("#campaign-stream-video").setInputFiles({ name: "clip.mp4", mimeType: "video/mp4", buffer: MP4 });
  await page.getByTestId("stream-save").click();
  await expect(toast(page)).toContainText("Stream added successfully");
  await returnToList(page, new RegExp(`^/app/edit-campaign/${campaignId}$`), 2);
  await expect(rowOf(page, title)).toBeVisible();

  await page.goto(`/app/edit-campaign/${campaignId}?sSort=startDateAndTime&sSortType=desc&sLimit=5`);
  await expect(streamsCard(page).getByRole("columnheader", { name: /^Stream At/ })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect(streamsCard(page).getByLabel("Rows per page")).toHaveValue("5");
  await page.screenshot({ path: `${SHOTS}/cstreams-card-nojs.png`, fullPage: true });
  await rowOf(page, title)
    .getByRole("link", { name: `Edit ${title}` })
    .click();
  await expect(page.getByRole("heading", { name: "Edit Stream" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", `/app/edit-campaign/${campaignId}`);
  await expect(
    page.getByRole("region", { name: "Promoted Products" }).locator("tbody tr").filter({ hasText: stagedName! }),
  ).toBeVisible();
  await context.close();
});
