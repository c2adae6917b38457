import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { addDays, zoneDay, zoneInstant } from "#contract/core/days";
import { MSG } from "#contract/core/messages";
import type { StreamWriteInput } from "#contract/streams/streams-edit-api";
import type { UploadPurpose } from "#contract/uploads/uploads";
import {
  campaignInfluencers,
  campaigns,
  categories,
  products,
  shopCategories,
  shopStaff,
  shops,
  streamCategories,
  streamProducts,
  streams,
  users,
} from "#api/db/schema";
import { can } from "#contract/access/rights";
import { CAMPAIGN_STREAM_NAME_MAX, CAMPAIGN_STREAM_NAME_MIN } from "#contract/streams/streams-edit";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { badRequest, fieldError, forbidden, notFound } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";
import { actingShop } from "#api/platform/auth/tenancy";
import { openStreamChat } from "#api/modules/chat";
import { ownImageUpload } from "#api/modules/uploads";
import { STREAM_EDITABLE, editableStream, streamDetails } from "./service";

// Creating and editing a stream (spec 3 §5 Shop-level add stream form, §7 POST live-stream/web and the update by id;
// ADR 0037). The shop is decided by tenancy (an admin names it); everything the stream points at is checked
// to belong to that shop (departments, streamer) or to this user (the uploads), and a finished stream is never changed.

const THUMBNAIL_PURPOSES: readonly UploadPurpose[] = ["streamThumbnail", "streamModalThumbnail"];
const VIDEO_PURPOSES: readonly UploadPurpose[] = ["streamVideo", "streamModalVideo"];
const INFLUENCER_CHOICES = 500;

const fullName = (u: { fName: string; lName: string }) => `${u.fName} ${u.lName}`.trim();

/** A shop that exists (not deleted), or 404. */
async function liveShop(deps: Deps, shopId: string) {
  const [shop] = await deps.db
    .select({ id: shops.id, ownerId: shops.ownerId })
    .from(shops)
    .where(and(eq(shops.id, shopId), isNull(shops.deletedAt)));
  if (!shop) throw notFound();
  return shop;
}

type CampaignRow = Pick<typeof campaigns.$inferSelect, "id" | "title" | "isDraft" | "startAt" | "endAt">;

/** A live campaign of the shop (spec 3 §2 Campaign streams): another shop's campaign, or none, is 404. */
async function shopCampaign(deps: Deps, shopId: string, campaignId: string): Promise<CampaignRow> {
  const [campaign] = await deps.db
    .select({
      id: campaigns.id,
      title: campaigns.title,
      isDraft: campaigns.isDraft,
      startAt: campaigns.startAt,
      endAt: campaigns.endAt,
    })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.shopId, shopId), isNull(campaigns.deletedAt)));
  if (!campaign) throw notFound();
  return campaign;
}

/**
 * spec 3 §5 Campaign stream form: a campaign's stream starts within the campaign's dates and not before today (in the
 * marketplace's zone), as epoch ms; null for a draft (ADR 0063: a draft campaign has no streams).
 */
function campaignWindow(deps: Deps, campaign: CampaignRow) {
  if (campaign.isDraft || !campaign.startAt || !campaign.endAt) return null;
  const today = zoneInstant(zoneDay(deps.now())).getTime();
  return { from: Math.max(campaign.startAt.getTime(), today), until: campaign.endAt.getTime() };
}

/** The influencers who accepted the campaign: its only streamers (spec 3 §2). */
const acceptedInfluencers = (deps: Deps, campaignId: string) =>
  deps.db
    .select({ id: users.id, fName: users.fName, lName: users.lName, role: users.role })
    .from(campaignInfluencers)
    .innerJoin(users, eq(users.id, campaignInfluencers.influencerId))
    .where(
      and(
        eq(campaignInfluencers.campaignId, campaignId),
        eq(campaignInfluencers.state, "accepted"),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(users.fName), asc(users.lName), asc(users.id));

/**
 * GET live-stream/form-options: the shop's departments, its owner and staff, and the approved influencers. For a
 * campaign's stream (campaignId): the campaign's window, no staff, and the campaign's accepted influencers.
 */
export async function streamFormOptions(
  deps: Deps,
  actor: Actor,
  requestedShop: string | undefined,
  campaignId?: string,
) {
  const shopId = actingShop(actor, requestedShop);
  if (!shopId) throw fieldError("shopId", MSG.orderShopRequired);
  const shop = await liveShop(deps, shopId);
  const campaign = campaignId ? await shopCampaign(deps, shopId, campaignId) : null;
  const [departments, team, influencers] = await Promise.all([
    deps.db
      .select({ _id: categories.id, name: categories.name })
      .from(shopCategories)
      .innerJoin(categories, eq(categories.id, shopCategories.categoryId))
      .where(eq(shopCategories.shopId, shopId))
      .orderBy(asc(categories.name)),
    deps.db
      .select({ id: users.id, fName: users.fName, lName: users.lName, role: users.role })
      .from(users)
      .leftJoin(shopStaff, and(eq(shopStaff.userId, users.id), eq(shopStaff.shopId, shopId)))
      .where(and(isNull(users.deletedAt), sql`(${users.id} = ${shop.ownerId} or ${shopStaff.userId} is not null)`))
      .orderBy(sql`${users.id} <> ${shop.ownerId}`, asc(users.fName), asc(users.lName)),
    campaign
      ? acceptedInfluencers(deps, campaign.id)
      : deps.db
          .select({ id: users.id, fName: users.fName, lName: users.lName, role: users.role })
          .from(users)
          .where(and(eq(users.role, "influencer"), eq(users.status, "Approved"), isNull(users.deletedAt)))
          .orderBy(asc(users.fName), asc(users.lName), asc(users.id))
          .limit(INFLUENCER_CHOICES),
  ]);
  const person = (u: { id: string; fName: string; lName: string; role: string }) => ({
    _id: u.id,
    name: fullName(u),
    role: u.role,
  });
  if (!campaign)
    return { shopId, categories: departments, staff: team.map(person), influencers: influencers.map(person) };
  const window = campaignWindow(deps, campaign);
  return {
    shopId,
    categories: departments,
    staff: [],
    influencers: influencers.map(person),
    campaign: {
      _id: campaign.id,
      title: campaign.title,
      isDraft: campaign.isDraft,
      from: window?.from ?? null,
      until: window?.until ?? null,
    },
  };
}

/** spec 3 §6 Stream By: the shop's owner, one of its staff, or an approved influencer. */
async function checkStreamer(deps: Deps, shop: { id: string; ownerId: string }, streamerId: string) {
  if (streamerId === shop.ownerId) return;
  const [person] = await deps.db
    .select({ role: users.role, status: users.status, staffShop: shopStaff.shopId })
    .from(users)
    .leftJoin(shopStaff, eq(shopStaff.userId, users.id))
    .where(and(eq(users.id, streamerId), isNull(users.deletedAt)));
  const ok =
    person &&
    ((person.role === "staff" && person.staffShop === shop.id) ||
      (person.role === "influencer" && person.status === "Approved"));
  if (!ok) throw fieldError("streamer", MSG.streamerNotAllowed);
}

/** spec 3 §2: categories are departments of the shop. */
async function checkCategories(deps: Deps, shopId: string, ids: string[]) {
  const found = await deps.db
    .select({ id: shopCategories.categoryId })
    .from(shopCategories)
    .where(and(eq(shopCategories.shopId, shopId), inArray(shopCategories.categoryId, ids)));
  if (found.length !== ids.length) throw fieldError("categories", MSG.streamCategoryNotShop);
}

/** A new thumbnail or video must be this user's checked upload for a stream; keeping the current one is fine. */
async function checkUpload(
  deps: Deps,
  actor: Actor,
  field: "image" | "video",
  location: string,
  current: string | null,
  purposes: readonly UploadPurpose[],
) {
  if (location === current) return;
  if (!(await ownImageUpload(deps, actor, location, purposes))) throw fieldError(field, MSG.streamFileNotUploaded);
}

/** spec 3 §5: dates before yesterday cannot be chosen (in the marketplace's zone). */
function checkStart(deps: Deps, startDateAndTime: number) {
  const yesterday = zoneInstant(addDays(zoneDay(deps.now()), -1));
  if (startDateAndTime < yesterday.getTime()) throw fieldError("startDateAndTime", MSG.streamDateBeforeYesterday);
}

/**
 * spec 3 §5 Campaign stream form (ADR 0063): staff also need 'campaign edit'; the campaign is published; the title is 5
 * to 20 characters; a new start lies within the campaign's dates and not before today; the streamer accepted the campaign.
 */
async function checkCampaignWrite(
  deps: Deps,
  actor: Actor,
  campaign: CampaignRow,
  input: StreamWriteInput,
  startChanged: boolean,
) {
  if (!can(actor, "campaign:edit")) throw forbidden();
  const window = campaignWindow(deps, campaign);
  if (!window) throw badRequest(MSG.campaignStreamDraft);
  if (input.name.length < CAMPAIGN_STREAM_NAME_MIN) throw fieldError("name", MSG.campaignStreamTitleShort);
  if (input.name.length > CAMPAIGN_STREAM_NAME_MAX) throw fieldError("name", MSG.campaignStreamTitleMax);
  if (startChanged) {
    const today = zoneInstant(zoneDay(deps.now())).getTime();
    if (input.startDateAndTime < today) throw fieldError("startDateAndTime", MSG.campaignStreamBeforeToday);
    if (input.startDateAndTime < window.from || input.startDateAndTime > window.until)
      throw fieldError("startDateAndTime", MSG.campaignStreamOutsideDates);
  }
  const [accepted] = await deps.db
    .select({ id: campaignInfluencers.id })
    .from(campaignInfluencers)
    .where(
      and(
        eq(campaignInfluencers.campaignId, campaign.id),
        eq(campaignInfluencers.influencerId, input.streamer),
        eq(campaignInfluencers.state, "accepted"),
      ),
    );
  if (!accepted) throw fieldError("streamer", MSG.campaignStreamerNotAccepted);
}

async function checkWrite(
  deps: Deps,
  actor: Actor,
  shop: { id: string; ownerId: string },
  input: StreamWriteInput,
  current: { image: string | null; video: string | null; startAt: Date | null },
  campaign: CampaignRow | null,
) {
  const startChanged = !current.startAt || current.startAt.getTime() !== input.startDateAndTime;
  if (campaign) await checkCampaignWrite(deps, actor, campaign, input, startChanged);
  else if (startChanged) checkStart(deps, input.startDateAndTime);
  await checkCategories(deps, shop.id, input.categories);
  if (!campaign) await checkStreamer(deps, shop, input.streamer);
  await checkUpload(deps, actor, "image", input.image, current.image, THUMBNAIL_PURPOSES);
  await checkUpload(deps, actor, "video", input.video, current.video, VIDEO_PURPOSES);
}

const fields = (input: StreamWriteInput) => ({
  name: input.name,
  startAt: new Date(input.startDateAndTime),
  endAt: input.endDateAndTime === null ? null : new Date(input.endDateAndTime),
  streamerId: input.streamer,
  image: input.image,
  video: input.video,
});

/**
 * POST live-stream/web: a scheduled (created) stream of the acting shop, of one of its campaigns when campaignId is
 * given, with its live chat (spec 3 §7): a `livestream` channel opened in the same transaction, the caller its member,
 * its descriptor kept as streamChat.
 */
export async function createStream(deps: Deps, actor: Actor, input: StreamWriteInput) {
  const shopId = actingShop(actor, input.shopId);
  if (!shopId) throw fieldError("shopId", MSG.orderShopRequired);
  const shop = await liveShop(deps, shopId);
  const campaign = input.campaignId ? await shopCampaign(deps, shopId, input.campaignId) : null;
  await checkWrite(deps, actor, shop, input, { image: null, video: null, startAt: null }, campaign);
  const promoted = input.products;
  // the products it promotes from the start (ADR 0070): staff need 'promote stream', as for the promotion calls
  if (promoted.length && !can(actor, "stream:promote")) throw forbidden();
  const id = newId();
  await deps.db.transaction(async (tx) => {
    const row = { id, shopId, campaignId: campaign?.id ?? null, ...fields(input) };
    const streamChat = await openStreamChat(deps, tx, actor.id, row);
    await tx.insert(streams).values({ ...row, status: "created", createdBy: actor.id, streamChat });
    await tx
      .insert(streamCategories)
      .values(input.categories.map((categoryId, position) => ({ streamId: id, categoryId, position })));
    if (promoted.length) {
      // the shop's live products only, share-locked so none is deleted under the new stream
      const found = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, promoted), eq(products.shopId, shopId), isNull(products.deletedAt)))
        .for("share");
      if (found.length !== promoted.length) throw fieldError("products", MSG.streamProductsUnknown);
      await tx
        .insert(streamProducts)
        .values(promoted.map((productId, position) => ({ id: newId(), streamId: id, productId, position })));
    }
  });
  return streamDetails(deps, actor, id);
}

/**
 * PUT live-stream/{id}: the same fields; the stream stays in its shop and its campaign (a shopId in the payload is not
 * read; another campaignId is refused), and a campaign's stream meets the campaign's rules. A finished stream (or an
 * archived one that was finished) is refused, by the read and again by the UPDATE's condition.
 */
export async function updateStream(deps: Deps, actor: Actor, id: string, input: StreamWriteInput) {
  const row = await editableStream(deps, actor, id);
  if (input.campaignId && input.campaignId !== row.campaignId) throw notFound();
  const shop = await liveShop(deps, row.shopId);
  const campaign = row.campaignId ? await shopCampaign(deps, row.shopId, row.campaignId) : null;
  const current = { image: row.image, video: row.video, startAt: row.startAt };
  await checkWrite(deps, actor, shop, input, current, campaign);
  await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(streams)
      .set({ ...fields(input), updatedAt: deps.now() })
      .where(and(eq(streams.id, id), isNull(streams.deletedAt), STREAM_EDITABLE))
      .returning({ id: streams.id });
    if (!updated) throw badRequest(MSG.streamFinishedNoEdit);
    await tx.delete(streamCategories).where(eq(streamCategories.streamId, id));
    await tx
      .insert(streamCategories)
      .values(input.categories.map((categoryId, position) => ({ streamId: id, categoryId, position })));
  });
  return streamDetails(deps, actor, id);
}
