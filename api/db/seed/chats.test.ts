import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostPart } from "#api/modules/uploads";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { seedDemo } from "./index";

// the demo chats (seed/chats.ts): one-to-one, order and stream channels with messages and a picture
let t: TestApi;
beforeAll(async () => {
  t = await testApi();
  await seedDemo(t.db, { storage: t.deps.storage, host: hostPart(t.deps, undefined) }, { orders: 40 });
}, 600_000);
afterAll(() => t.close());

/** The rows of a query: PGlite answers `{ rows }`, postgres.js the rows themselves. */
const rows = async (query: ReturnType<typeof sql>) => {
  const answer = (await t.db.execute(query)) as unknown as
    Record<string, unknown>[] | { rows: Record<string, unknown>[] };
  return Array.isArray(answer) ? answer : answer.rows;
};

describe("demo chats", () => {
  it("has one-to-one, order and stream channels, each with messages and a last message time", async () => {
    const counts = await rows(sql`select c.type, count(distinct c.cid)::int channels, count(m.id)::int messages,
      count(*) filter (where c.last_message_at is null)::int without_last
      from chat_channels c left join chat_messages m on m.cid = c.cid group by c.type order by c.type`);
    const byType = Object.fromEntries(counts.map((r) => [r.type, r]));
    for (const type of ["livestream", "messaging", "team"]) {
      expect(byType[type]?.channels).toBeGreaterThan(0);
      expect(byType[type]?.messages).toBeGreaterThan(byType[type]?.channels as number);
      expect(byType[type]?.without_last).toBe(0);
    }
  });

  it("sends pictures as 'attachment: image' with the image inline, from members of the channel (a stream's viewers too)", async () => {
    const [pictures] = await rows(sql`select count(*)::int n from chat_messages
      where text = 'attachment: image' and attachments->0->>'image_url' is not null`);
    expect(pictures.n).toBeGreaterThan(0);
    const [strangers] = await rows(sql`select count(*)::int n from chat_messages m join chat_channels c on c.cid = m.cid
      where not exists (select 1 from chat_members x where x.cid = m.cid and x.user_id = m.user_id)`);
    expect(strangers.n).toBe(0);
  });

  it("names one-to-one channels 'userId_memberId' with the owner of the channel's shop as the first", async () => {
    const wrong = await rows(sql`select c.cid from chat_channels c join shops s on s.id = c.shop_id
      where c.type = 'messaging' and split_part(c.channel_id, '_', 1) <> s.owner_id`);
    expect(wrong).toEqual([]);
  });
});
