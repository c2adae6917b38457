import type { Context } from "hono";
import { and, asc, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import { shops, streams } from "#api/db/schema";
import type { Deps } from "#api/platform/deps";
import { ApiError, notFound } from "#api/platform/http/http";
import { pgLimit } from "#api/platform/http/rate-limit";
import { clientIp } from "#api/platform/auth/sessions";

// The embed script's one call (spec 1 §9, ADR 0038): anyone, from any website, may ask for an Approved shop's
// live and upcoming streams, with only what a viewer sees. Nobody signs in, so it is limited per client address.

/** Requests per client address per window: a page view costs one, so a busy office behind one address still fits. */
export const EMBED_LIMIT = { points: 120, windowSeconds: 60 } as const;
/** At most this many streams: the circle shows the first, the carousel scrolls through them all. */
export const EMBED_STREAMS = 10;
/** A scheduled stream still counts as upcoming this long after its start time (streams often start late). */
const LATE_START_MS = 12 * 60 * 60 * 1000;

/** Spends one request of the caller's address, or refuses it (429) when the window's allowance is used up. */
export async function spendEmbedAllowance(deps: Deps, c: Context) {
  const over = await pgLimit(deps.db, "embed-ip", EMBED_LIMIT.points, EMBED_LIMIT.windowSeconds).hit(clientIp(c));
  if (over) throw new ApiError(429, MSG.embedThrottled);
}

/**
 * GET live-stream/public/{shopId}: the shop's broadcasting streams, then its scheduled ones soonest first. A shop that
 * does not exist, is not Approved or is closed answers the same 404, so the call tells nobody which ids are shops.
 */
export async function publicStreams(deps: Deps, shopId: string) {
  const [shop] = await deps.db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.status, "Approved"), isNull(shops.deletedAt)));
  if (!shop) throw notFound();
  const since = new Date(deps.now().getTime() - LATE_START_MS);
  const rows = await deps.db
    .select({
      id: streams.id,
      name: streams.name,
      status: streams.status,
      startAt: streams.startAt,
      image: streams.image,
      viewUrl: streams.viewUrl,
      streamVideo: streams.streamVideo,
      video: streams.video,
      likes: streams.likes,
    })
    .from(streams)
    .where(
      and(
        eq(streams.shopId, shop.id),
        isNull(streams.deletedAt),
        inArray(streams.status, ["broadcasting", "created"]),
        or(eq(streams.status, "broadcasting"), gte(streams.startAt, since)),
      ),
    )
    .orderBy(sql`case when ${streams.status} = 'broadcasting' then 0 else 1 end`, asc(streams.startAt), asc(streams.id))
    .limit(EMBED_STREAMS);
  return rows.map((s) => ({
    _id: s.id,
    name: s.name,
    status: s.status as "broadcasting" | "created",
    startDateAndTime: s.startAt.getTime(),
    image: s.image,
    viewURL: s.status === "broadcasting" ? s.viewUrl : null,
    video: s.streamVideo ?? s.video,
    likes: s.likes,
  }));
}
