import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignStatus } from "#contract/campaigns/campaigns";
import { hostPart } from "#api/modules/uploads";
import { campaignInfluencers, campaigns, shops } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { seedDemo } from "./index";

let t: TestApi;
beforeAll(async () => {
  t = await testApi();
  await seedDemo(t.db, { storage: t.deps.storage, host: hostPart(t.deps, undefined) }, { orders: 0 });
});
afterAll(() => t.close());

describe("demo campaigns", () => {
  it("every approved shop has a campaign of each status, and influencers in every state", async () => {
    const approved = await t.db.select({ id: shops.id }).from(shops).where(eq(shops.status, "Approved"));
    expect(approved.length).toBeGreaterThanOrEqual(3);
    for (const shop of approved) {
      const rows = await t.db.select().from(campaigns).where(eq(campaigns.shopId, shop.id));
      const statuses = rows.map((c) =>
        campaignStatus({
          isDraft: c.isDraft,
          start: c.startAt?.toISOString() ?? null,
          end: c.endAt?.toISOString() ?? null,
        }),
      );
      expect(new Set(statuses)).toEqual(new Set(["Draft", "Upcoming", "Ongoing", "Past"]));
      const states = await t.db
        .select({ state: campaignInfluencers.state })
        .from(campaignInfluencers)
        .where(eq(campaignInfluencers.shopId, shop.id));
      expect(new Set(states.map((s) => s.state))).toEqual(new Set(["invited", "requested", "accepted"]));
    }
  });
});
