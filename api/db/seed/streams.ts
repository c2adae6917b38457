import { asc, eq, isNull, sql } from "drizzle-orm";
import type { StreamStatus, StreamArchivableStatus } from "#contract/streams/streams";
import { uploadKey } from "#api/modules/uploads";
import type { Database } from "../client";
import { products, shopCategories, shopStaff, shops, uploads, users } from "../schema";
import { storeSeedFile, type SeedFiles } from "./catalogue";
import { Canvas, hsl } from "./images";
import { createStream, type StreamProductFields } from "./stream-factories";

// Demo streams (ADR 0036): streams in every state across the demo shops, presented by owners, staff and
// influencers, tagged with their shop's departments and showing a few of its products (some at a promotion price).
// Past streams play the short recordings in public/media/streams; the first shop's live stream plays the simulated
// live playlist /media/live/demo.m3u8 (app/routes/media.live.$playlist.ts). Runs after the products are seeded.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
export const LIVE = "/media/live/demo.m3u8";
export const RECORDINGS = ["/media/streams/demo-recording.mp4", "/media/streams/demo-recording-2.mp4"];

interface Plan {
  name: string;
  status: StreamStatus;
  archiveStatus?: StreamArchivableStatus;
  /** start, in days from the seeding (negative: in the past) */
  inDays: number;
  streamer: "owner" | "staff" | "influencer";
  likes?: number;
  products: number;
  promotion?: "flat" | "percentage";
  campaign?: boolean;
}

// the showcase shop shows every state (its live stream is the simulated one); the others a few each
const FIRST_SHOP: Plan[] = [
  {
    name: "Spring Streetwear Drop",
    status: "broadcasting",
    inDays: 0,
    streamer: "owner",
    likes: 128,
    products: 4,
    promotion: "percentage",
  },
  { name: "Weekend Denim Try-On", status: "created", inDays: 2, streamer: "staff", products: 3 },
  {
    name: "Linen Shirts Q&A",
    status: "created",
    inDays: 5,
    streamer: "influencer",
    products: 2,
    promotion: "flat",
    campaign: true,
  },
  {
    name: "Autumn Layers Recap",
    status: "finished",
    inDays: -3,
    streamer: "owner",
    likes: 42,
    products: 3,
    promotion: "flat",
  },
  {
    name: "Best Sellers Replay",
    status: "promoted",
    inDays: -10,
    streamer: "influencer",
    likes: 256,
    products: 2,
    promotion: "percentage",
  },
  {
    name: "Winter Clearance 2025",
    status: "archived",
    archiveStatus: "finished",
    inDays: -40,
    streamer: "owner",
    likes: 17,
    products: 2,
  },
  {
    name: "Cancelled Pop-Up",
    status: "archived",
    archiveStatus: "created",
    inDays: -1,
    streamer: "staff",
    products: 0,
  },
];
const OTHER_SHOPS: Plan[] = [
  { name: "New Arrivals Live", status: "created", inDays: 3, streamer: "owner", products: 3, promotion: "percentage" },
  { name: "Customer Favourites", status: "finished", inDays: -6, streamer: "staff", likes: 64, products: 2 },
  {
    name: "Holiday Gift Guide",
    status: "archived",
    archiveStatus: "promoted",
    inDays: -25,
    streamer: "influencer",
    likes: 8,
    products: 1,
  },
];

/** A thumbnail drawn in code (a gradient with a play mark), stored as an upload of the shop's owner. */
export async function thumbnail(db: Database, files: SeedFiles, ownerId: string, name: string, hue: number, at: Date) {
  const canvas = new Canvas(320, 180);
  canvas.gradient(hsl(hue, 0.65, 0.6), hsl(hue + 40, 0.6, 0.3), Math.PI / 5);
  canvas.circle(160, 90, 34, [255, 255, 255], 0.85);
  const png = canvas.toPng();
  const fileName = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.png`;
  const key = uploadKey(files.host, "shopImage", fileName, at);
  await storeSeedFile(files, key, png);
  await db.insert(uploads).values({
    key,
    userId: ownerId,
    fileName,
    contentType: "image/png",
    size: png.length,
    status: "stored",
    createdAt: at,
  });
  return files.storage.location(key);
}

/** `showcaseShopId`: the shop that gets a stream in every state (the first demo owner's). */
export async function seedStreams(db: Database, files: SeedFiles, showcaseShopId: string) {
  const now = Date.now();
  const found = await db
    .select({ id: shops.id, ownerId: shops.ownerId, name: shops.name })
    .from(shops)
    .where(isNull(shops.deletedAt))
    .orderBy(asc(shops.createdAt), asc(shops.id));
  const allShops = [...found.filter((s) => s.id === showcaseShopId), ...found.filter((s) => s.id !== showcaseShopId)];
  const influencers = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "influencer"))
    .orderBy(asc(users.createdAt), asc(users.id));
  let n = 0;
  for (const [s, shop] of allShops.entries()) {
    const staff = await db
      .select({ id: shopStaff.userId })
      .from(shopStaff)
      .where(eq(shopStaff.shopId, shop.id))
      .orderBy(asc(shopStaff.createdAt));
    const departments = (
      await db.select({ id: shopCategories.categoryId }).from(shopCategories).where(eq(shopCategories.shopId, shop.id))
    ).map((d) => d.id);
    const stock = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.shopId, shop.id))
      .orderBy(asc(products.createdAt), asc(products.id))
      .limit(12);
    const plans = s === 0 ? FIRST_SHOP : OTHER_SHOPS;
    for (const [p, plan] of plans.entries()) {
      const streamerId =
        plan.streamer === "staff" && staff.length
          ? staff[0].id
          : plan.streamer === "influencer" && influencers.length
            ? influencers[n % influencers.length].id
            : shop.ownerId;
      const startAt = new Date(
        Math.floor((now + plan.inDays * DAY) / (15 * 60 * 1000)) * 15 * 60 * 1000 +
          (plan.status === "broadcasting" ? -20 * 60 * 1000 : 0),
      );
      const shown = plan.archiveStatus ?? plan.status;
      const wentLive = shown !== "created";
      const chosen: StreamProductFields[] = stock
        .slice(
          (p * 2) % Math.max(1, stock.length - plan.products),
          ((p * 2) % Math.max(1, stock.length - plan.products)) + plan.products,
        )
        .map((product, i) => ({
          productId: product.id,
          // every other product at a promotion price: 10–25% off, or $2–$5 off (never more than the cheapest price)
          ...(plan.promotion && i % 2 === 0
            ? plan.promotion === "percentage"
              ? { promotionType: "percentage" as const, promotionPercent: 10 + ((n + i) % 4) * 5 }
              : { promotionType: "flat" as const, promotionCents: 200 + ((n + i) % 4) * 100 }
            : {}),
        }));
      await createStream(
        db,
        {
          shopId: shop.id,
          streamerId,
          name: plan.name,
          status: plan.status,
          archiveStatus: plan.archiveStatus ?? null,
          startAt,
          endAt: new Date(startAt.getTime() + HOUR),
          image: await thumbnail(
            db,
            files,
            shop.ownerId,
            `${shop.name} ${plan.name}`,
            (s * 67 + p * 29) % 360,
            new Date(now - 60 * DAY),
          ),
          video: RECORDINGS[(n + 1) % 2],
          streamVideo: wentLive && shown !== "broadcasting" ? RECORDINGS[n % 2] : null,
          viewUrl: shown === "broadcasting" ? LIVE : null,
          startedAt: wentLive ? startAt : null,
          finishedAt: wentLive && shown !== "broadcasting" ? new Date(startAt.getTime() + 50 * 60 * 1000) : null,
          likes: plan.likes ?? 0,
          viewersCount: plan.likes ? plan.likes * 3 : 0,
          campaignId: null,
          createdBy: shop.ownerId,
          createdAt: new Date(now - (30 - p) * DAY - s * HOUR),
          updatedAt: new Date(now - (30 - p) * DAY - s * HOUR),
        },
        { categories: departments.slice(0, 4), products: chosen },
      );
      n++;
    }
  }
}

/**
 * spec 3 §7: every stream has its live chat. The demo streams without one get their `livestream` channel (its
 * creator, else its streamer, the member) and keep its descriptor as streamChat: three set-based statements.
 */
export async function seedStreamChats(db: Database) {
  await db.execute(sql`insert into chat_channels (cid, type, channel_id, shop_id, created_by, data, created_at)
    select 'livestream:' || id, 'livestream', id, shop_id, coalesce(created_by, streamer_id),
      jsonb_build_object('name', name, 'image', image, 'streamId', id, 'shopId', shop_id), created_at
    from streams where stream_chat is null
    on conflict do nothing`);
  await db.execute(sql`insert into chat_members (cid, user_id, role)
    select 'livestream:' || id, coalesce(created_by, streamer_id), 'owner' from streams where stream_chat is null
    on conflict do nothing`);
  await db.execute(sql`update streams s set stream_chat = jsonb_build_object('cid', c.cid, 'id', c.channel_id,
      'type', c.type, 'data', c.data)
    from chat_channels c where s.stream_chat is null and c.cid = 'livestream:' || s.id`);
}
