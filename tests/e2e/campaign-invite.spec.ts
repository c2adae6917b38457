import { expect, test, type Page } from "@playwright/test";
import { OWNER, signInByCookie } from "./support";

// spec 3 §2 Invite-influencer list, Influencer profile (invite view), Influencers card (Invite, View); ADR 0061

/** DD/MM/YYYY of a day `n` days from today, in the marketplace's zone. */
function dmy(n: number) {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(Date.now() + n * 86_400_000);
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}

/**
 * A published campaign of the owner's shop made for this test (every demo campaign already holds the three approved
 * demo influencers, so none would be left to invite): its edit page's address.
 */
async function openCampaign(page: Page) {
  const res = await page.request.post("/api/campaign", {
    data: {
      title: `Invite Week ${Date.now().toString(36)}`,
      description: "A week of streams with new faces.",
      start: dmy(2),
      end: dmy(9),
      isDraft: false,
    },
  });
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: { _id: string } };
  const path = `/app/edit-campaign/${data._id}`;
  await page.goto(path);
  return path;
}

const range = (page: Page) => page.getByTestId("list-range");
const cards = (page: Page) => page.getByRole("list", { name: "Influencers" }).getByRole("listitem");

async function inviteFlow(page: Page, shot: string) {
  await signInByCookie(page, OWNER);
  const campaign = await openCampaign(page);
  await page.getByRole("link", { name: "Invite", exact: true }).click();
  await expect(page).toHaveURL(`${campaign}/invite-influencer`);
  await expect(page.getByRole("heading", { name: "Invite Influencer" })).toBeVisible();
  const all = await range(page).textContent();

  // each filter narrows the list, and lives in the URL
  await page.getByLabel("Gender").selectOption("Male");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/gender=Male/);
  await expect(range(page)).not.toHaveText(all ?? "");
  await page.goto(`${campaign}/invite-influencer?location=Melbourne`);
  await expect(cards(page).first()).toContainText("Melbourne");
  await expect(range(page)).not.toHaveText(all ?? "");
  await page.getByLabel("Age min").fill("30");
  await page.getByLabel("Age max").fill("34");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/ageMin=30/);
  await expect(page).toHaveURL(/location=Melbourne/);
  await page.goto(`${campaign}/invite-influencer?ageMin=200`);
  await expect(page.getByRole("alert")).toContainText("Age must be a whole number from 1 to 100");
  await page.goto(`${campaign}/invite-influencer`);
  await page.screenshot({ path: `/tmp/invite-${shot}-list.png`, fullPage: true });

  // someone not yet in the campaign: search them by name
  const free = cards(page)
    .filter({ hasNot: page.getByText(/^(Invited|Requested to join|Accepted)$/) })
    .first();
  const name = (await free.getByRole("paragraph").first().textContent())!.trim();
  await page.goto(`${campaign}/invite-influencer?search=${encodeURIComponent(name)}`);
  await expect(cards(page).first()).toContainText(name);
  await cards(page)
    .filter({ hasNot: page.getByText(/^(Invited|Requested to join|Accepted)$/) })
    .first()
    .getByRole("link", { name: `Profile of ${name}` })
    .click();
  await expect(page.getByRole("heading", { name: "Influencer Profile" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Profile tabs" });
  await tabs.getByRole("link", { name: "Streams" }).click();
  await expect(page).toHaveURL(/tab=streams/);
  await tabs.getByRole("link", { name: "Portfolio" }).click();
  await page.screenshot({ path: `/tmp/invite-${shot}-profile.png`, fullPage: true });
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByText("Influencer invited successfully")).toBeVisible();

  // back on the campaign: in the Invited tab; View shows the profile without Invite
  await page.goto(`${campaign}?tab=invited`);
  const invited = page.getByRole("table", { name: "Invited influencers" });
  await expect(invited).toContainText(name);
  await invited
    .getByRole("link", { name: `View ${name}` })
    .first()
    .click();
  await expect(page).toHaveURL(/view=false/);
  await expect(page.getByRole("heading", { name: "Influencer Profile" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Invite" })).toHaveCount(0);
  await page.screenshot({ path: `/tmp/invite-${shot}-view.png`, fullPage: true });
}

test.describe("invite influencers without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("filter, open a profile, invite; the campaign shows them invited", async ({ page }) => {
    await inviteFlow(page, "nojs");
  });
});

test.describe("invite influencers with JavaScript", () => {
  test("filter, open a profile, invite; the campaign shows them invited", async ({ page }) => {
    await inviteFlow(page, "js");
  });
});
