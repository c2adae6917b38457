import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";

// Demo chat (spec 2 Chat panel, Chat channel, §4 Chat; ADR 0066): each approved shop's owner in one-to-one
// (`messaging`, id 'userId_memberId') channels with three customers and an influencer, the `team` channels of the
// shop's four newest orders, and viewers' messages in every stream's `livestream` channel; conversations with an image
// attachment (a product picture of the shop, sent as 'attachment: image'). Set-based statements, after the streams'
// chats exist (seedStreamChats).

/** One conversation line: who speaks (the shop side or the customer), its text, and whether it is the picture. */
const DIRECT = [
  ["customer", "Hi! Do you have this one in a larger size?"],
  ["shop", "Hello! We do, I can keep one for you until Friday."],
  ["shop", "attachment: image"],
  ["customer", "That's the one, please keep it for me."],
  ["shop", "Done. See you at the next live show!"],
  ["customer", "Thanks, see you there"],
] as const;
const ORDER = [
  ["customer", "Hi, I have a question about my order."],
  ["shop", "Of course, how can we help?"],
  ["customer", "attachment: image"],
  ["customer", "Is this the colour I will get?"],
  ["shop", "Yes, exactly that one. It goes out with the courier tomorrow."],
  ["customer", "Great, thank you!"],
] as const;
const LIVE = ["Love this!", "What sizes are there?", "Just ordered one", "Can you show the back?", "Is shipping free?"];

const script = (lines: readonly (readonly [string, string])[]) =>
  sql.join(
    lines.map(([who, text], i) => sql`(${i + 1}::int, ${who}::text, ${text}::text)`),
    sql`, `,
  );

export async function seedChats(database: Database) {
  // in one transaction: its statements share one connection, the session the temporary table lives in (on PostgreSQL
  // a pool would send them to others); and a failed seed leaves no half of it
  await database.transaction(async (db) => {
    // the people: approved shops' owners, the first customers and the first approved influencer
    await db.execute(sql`drop table if exists seed_chat_people`);
    await db.execute(sql`create temporary table seed_chat_people as
    select s.id shop_id, s.owner_id, s.name shop_name, s.image shop_image,
      row_number() over (order by s.created_at, s.id) shop_n,
      (select p.default_image from products p where p.shop_id = s.id and p.deleted_at is null and p.default_image is not null
        order by p.created_at, p.id limit 1) picture
    from shops s where s.status = 'Approved' and s.deleted_at is null and s.owner_id is not null`);
    // one-to-one channels: every owner with three customers (a different three for each shop) and an influencer
    await db.execute(sql`insert into chat_channels (cid, type, channel_id, shop_id, created_by, data, created_at)
    select 'messaging:' || p.owner_id || '_' || u.id, 'messaging', p.owner_id || '_' || u.id, p.shop_id, p.owner_id,
      jsonb_build_object('name', trim(u.f_name || ' ' || u.l_name), 'image', u.image), now() - interval '10 days'
    from seed_chat_people p
    join lateral (
      (select id, f_name, l_name, image from users where role = 'endUser' and deleted_at is null
        order by created_at, id offset (p.shop_n - 1) * 3 limit 3)
      union all
      (select id, f_name, l_name, image from users where role = 'influencer' and status = 'Approved' and deleted_at is null
        order by created_at, id limit 1)
    ) u on true
    on conflict do nothing`);
    // the order chats of each shop's four newest orders (as POST chat makes them)
    await db.execute(sql`insert into chat_channels (cid, type, channel_id, shop_id, created_by, data, created_at)
    select 'team:' || o.order_id || '_' || p.shop_id, 'team', o.order_id || '_' || p.shop_id, p.shop_id, p.owner_id,
      jsonb_build_object('name', p.shop_name || ' · Order #' || o.order_number, 'image', p.shop_image,
        'orderId', o.order_id, 'orderNumber', o.order_number, 'shopId', p.shop_id),
      o.created_at
    from seed_chat_people p
    join lateral (select op.order_id, op.order_number, op.created_at from order_parts op
      join users b on b.id = op.buyer_id and b.role = 'endUser'
      where op.shop_id = p.shop_id order by op.created_at desc, op.order_id limit 4) o on true
    on conflict do nothing`);
    // members: the owner and the other person (the channel id's second half, or the order's buyer), since the start
    await db.execute(sql`insert into chat_members (cid, user_id, role, created_at)
    select c.cid, p.owner_id, 'owner', c.created_at from chat_channels c join seed_chat_people p on p.shop_id = c.shop_id
    where c.type in ('messaging', 'team')
    union all
    select c.cid, split_part(c.channel_id, '_', 2), 'member', c.created_at from chat_channels c
    join seed_chat_people p on p.shop_id = c.shop_id where c.type = 'messaging'
    union all
    select c.cid, op.buyer_id, 'member', c.created_at from chat_channels c
    join order_parts op on op.order_id = c.data->>'orderId' and op.shop_id = c.shop_id where c.type = 'team'
    on conflict do nothing`);
    // the conversations: the customer's lines from the member who is not the owner; the picture is a product's
    await db.execute(sql`with lines(n, who, text) as (values ${script(DIRECT)}),
    order_lines(n, who, text) as (values ${script(ORDER)}),
    channels as (
      select c.cid, c.type, p.owner_id, p.picture,
        (select m.user_id from chat_members m where m.cid = c.cid and m.user_id <> p.owner_id limit 1) customer_id,
        row_number() over (order by c.cid) k
      from chat_channels c join seed_chat_people p on p.shop_id = c.shop_id
      where c.type in ('messaging', 'team') and not exists (select 1 from chat_messages x where x.cid = c.cid)
    )
    insert into chat_messages (id, cid, user_id, text, attachments, created_at, updated_at)
    select md5(ch.cid || ':' || l.n), ch.cid, case when l.who = 'shop' then ch.owner_id else ch.customer_id end,
      case when l.text = 'attachment: image' and ch.picture is null then 'Here is a picture' else l.text end,
      case when l.text = 'attachment: image' and ch.picture is not null
        then jsonb_build_array(jsonb_build_object('type', 'image', 'image_url', ch.picture, 'thumb_url', ch.picture,
          'fallback', 'picture.jpg'))
        else '[]'::jsonb end,
      now() - ch.k * interval '3 hours' - (7 - l.n) * interval '4 minutes',
      now() - ch.k * interval '3 hours' - (7 - l.n) * interval '4 minutes'
    from channels ch
    join lateral (select * from lines where ch.type = 'messaging' union all select * from order_lines where ch.type = 'team') l
      on true
    where ch.customer_id is not null`);
    // viewers' messages in every stream's chat: five customers and the influencer
    await db.execute(sql`with viewers as (
      select id, row_number() over (order by role, created_at, id) n from (
        (select id, role, created_at from users where role = 'endUser' and deleted_at is null order by created_at, id limit 4)
        union all
        (select id, role, created_at from users where role = 'influencer' and status = 'Approved' and deleted_at is null
          order by created_at, id limit 1)) v
    ),
    live(n, text) as (values ${sql.join(
      LIVE.map((t, i) => sql`(${i + 1}::int, ${t}::text)`),
      sql`, `,
    )})
    insert into chat_messages (id, cid, user_id, text, created_at, updated_at)
    select md5(c.cid || ':' || l.n), c.cid, v.id, l.text, c.created_at + l.n * interval '2 minutes',
      c.created_at + l.n * interval '2 minutes'
    from chat_channels c join live l on true join viewers v on v.n = l.n
    where c.type = 'livestream' and not exists (select 1 from chat_messages x where x.cid = c.cid)`);
    // a viewer joins a stream's chat by watching it (ADR 0066), so those who wrote there are its members
    await db.execute(sql`insert into chat_members (cid, user_id, role, created_at)
    select m.cid, m.user_id, 'member', min(m.created_at) from chat_messages m join chat_channels c on c.cid = m.cid
    where c.type = 'livestream' group by m.cid, m.user_id
    on conflict do nothing`);
    // the channels' last message; the customers have read everything, the owners all but the last two lines
    await db.execute(sql`update chat_channels c set last_message_at = m.at
    from (select cid, max(created_at) at from chat_messages group by cid) m where m.cid = c.cid`);
    await db.execute(sql`insert into chat_reads (cid, user_id, last_read_at)
    select m.cid, m.user_id, case when m.role = 'owner' then c.last_message_at - interval '5 minutes' else now() end
    from chat_members m join chat_channels c on c.cid = m.cid
    where c.type in ('messaging', 'team') and c.last_message_at is not null
    on conflict do nothing`);
    await db.execute(sql`drop table seed_chat_people`);
  });
}
