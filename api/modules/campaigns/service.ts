import { and, desc, eq, ilike, inArray, isNull, sql, type SQL } from "drizzle-orm";
import {
  campaignDatesLocked,
  campaignEndAt,
  campaignStartAt,
  campaignStatus,
  type CampaignInfluencerTab,
} from "#contract/campaigns/campaigns";
import type {
  AddCampaignInput,
  CampaignEntity,
  CampaignInfluencerActionInput,
  CampaignInfluencerQuery,
  CampaignInfluencerRow,
  CampaignListQuery,
  UpdateCampaignInput,
} from "#contract/campaigns/campaigns-api";
import { zoneDay } from "#contract/core/days";
import { MSG } from "#contract/core/messages";
import type { InviteCandidate, UserListQuery } from "#contract/people/users-api";
import type { UploadPurpose } from "#contract/uploads/uploads";
import { campaignInfluencers, campaigns, shops, users } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { actingShop, visibleTo } from "#api/platform/auth/tenancy";
import { badRequest, fieldError, notFound } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";
import { likePattern, listPage, orderBy } from "#api/platform/data/list";
import { ownImageUpload } from "#api/modules/uploads";
import { locationsOf, userEntity, userListPage } from "#api/modules/users";

// spec 3 §3 Campaign, §4 Campaign status and Influencer in a campaign, §5 Campaign, §7 Campaigns. A campaign belongs to
// one shop: admins see and change every shop's, owners and staff only their own shop's (another shop's is 404 like
// one that does not exist). The status shown is derived from the draft flag and the dates (campaignStatus).

/** The campaign page's uploads follow the stream page's rule (spec 3 §5 and §9 give both the same types and 50 MB). */
const THUMBNAIL_PURPOSES: readonly UploadPurpose[] = ["streamThumbnail"];
const VIDEO_PURPOSES: readonly UploadPurpose[] = ["streamVideo"];

type Row = typeof campaigns.$inferSelect;

const withShop = (deps: Deps, where: SQL | undefined) =>
  deps.db
    .select({ campaign: campaigns, shopName: shops.name })
    .from(campaigns)
    .innerJoin(shops, eq(shops.id, campaigns.shopId))
    .where(where);

export function toEntity(c: Row, shopName: string, now: Date): CampaignEntity {
  const start = c.startAt?.toISOString() ?? null;
  const end = c.endAt?.toISOString() ?? null;
  return {
    _id: c.id,
    shopId: c.shopId,
    shopName,
    title: c.title,
    description: c.description,
    start,
    end,
    thumbnail: c.thumbnail,
    video: c.video,
    isDraft: c.isDraft,
    status: campaignStatus({ isDraft: c.isDraft, start, end }, now),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The campaigns this actor may see: every live one for an admin (or the shop they name), their shop's for owners and staff. */
const visible = (actor: Actor, shopId?: string) =>
  and(isNull(campaigns.deletedAt), visibleTo(actor, campaigns.shopId, shopId));

/** GET campaign: the caller's campaigns, searched by title and sorted by an indexed column (default createdAt desc). */
export async function listCampaigns(deps: Deps, actor: Actor, q: CampaignListQuery) {
  const term = q.search ? likePattern(q.search) : null;
  const where = and(visible(actor, q.shopId), term ? ilike(campaigns.title, term) : undefined);
  const sorting = orderBy(
    q,
    {
      createdAt: campaigns.createdAt,
      title: sql`lower(${campaigns.title})`,
      start: campaigns.startAt,
      end: campaigns.endAt,
    },
    campaigns.id,
  );
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      withShop(deps, where)
        .orderBy(...sorting)
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: campaigns, where },
  );
  const now = deps.now();
  return { ...page, data: page.data.map((r) => toEntity(r.campaign, r.shopName, now)) };
}

/** One campaign this actor may see; another shop's is 404/1004 like one that does not exist. */
async function visibleCampaign(deps: Deps, actor: Actor, id: string) {
  const [row] = await withShop(deps, and(eq(campaigns.id, id), visible(actor)));
  if (!row) throw notFound();
  return row;
}

export async function campaignDetails(deps: Deps, actor: Actor, id: string) {
  const row = await visibleCampaign(deps, actor, id);
  return toEntity(row.campaign, row.shopName, deps.now());
}

/** A new thumbnail or video must be this user's checked upload; keeping the current one is fine. */
async function checkUpload(
  deps: Deps,
  actor: Actor,
  field: "thumbnail" | "video",
  location: string | null | undefined,
  current: string | null,
  purposes: readonly UploadPurpose[],
) {
  if (!location || location === current) return;
  if (!(await ownImageUpload(deps, actor, location, purposes))) throw fieldError(field, MSG.campaignFileNotUploaded);
}

/** spec 3 §5: days before today (in the marketplace's zone) cannot be chosen. */
function checkNotPast(deps: Deps, field: "start" | "end", day: string | undefined) {
  if (day && day < zoneDay(deps.now())) throw fieldError(field, MSG.campaignDateBeforeToday);
}

/** The rules a published campaign's merged values must meet (spec 3 §5): description, both dates, start before end. */
function checkPublishable(v: { description: string; start?: string; end?: string }) {
  if (!v.description.trim()) throw fieldError("description", MSG.campaignDescriptionRequired);
  if (!v.start) throw fieldError("start", MSG.campaignStartRequired);
  if (!v.end) throw fieldError("end", MSG.campaignEndRequired);
}

/** A shop that exists (not deleted), or 404. */
async function liveShop(deps: Deps, shopId: string) {
  const [shop] = await deps.db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, shopId), isNull(shops.deletedAt)));
  if (!shop) throw notFound();
}

/**
 * POST campaign: a campaign of the acting shop (an admin names it), saved as a draft (a valid title alone) or
 * published (every rule of spec 3 §5). The end is 23:59:59 of its last day.
 */
export async function addCampaign(deps: Deps, actor: Actor, input: AddCampaignInput) {
  const shopId = actingShop(actor, input.shopId);
  if (!shopId) throw fieldError("shopId", MSG.orderShopRequired);
  await liveShop(deps, shopId);
  const isDraft = input.isDraft === true;
  const description = input.description ?? "";
  if (!isDraft) checkPublishable({ description, start: input.start, end: input.end });
  checkNotPast(deps, "start", input.start);
  checkNotPast(deps, "end", input.end);
  await checkUpload(deps, actor, "thumbnail", input.thumbnail, null, THUMBNAIL_PURPOSES);
  await checkUpload(deps, actor, "video", input.video, null, VIDEO_PURPOSES);
  const now = deps.now();
  const id = newId();
  await deps.db.insert(campaigns).values({
    id,
    shopId,
    title: input.title,
    description,
    startAt: input.start ? campaignStartAt(input.start) : null,
    endAt: input.end ? campaignEndAt(input.end) : null,
    thumbnail: input.thumbnail ?? null,
    video: input.video ?? null,
    isDraft,
    publishedAt: isDraft ? null : now,
    createdBy: actor.id,
    createdAt: now,
    updatedAt: now,
  });
  return campaignDetails(deps, actor, id);
}

/**
 * PUT campaign/{id}: change the fields sent (an absent one keeps its value). The dates cannot change once the campaign
 * is Ongoing or Past (spec 3 §4); a changed date is not before today; isDraft false publishes a draft, whose merged
 * values must then meet every rule; a published campaign never returns to draft. The row is locked while it is
 * checked and written, so two edits never interleave.
 */
export async function updateCampaign(deps: Deps, actor: Actor, id: string, input: UpdateCampaignInput) {
  await visibleCampaign(deps, actor, id);
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, id), isNull(campaigns.deletedAt)))
      .for("update");
    if (!current) throw notFound();
    if (!current.isDraft && input.isDraft === true) throw fieldError("isDraft", MSG.campaignBackToDraft);
    const publishing = current.isDraft && input.isDraft === false;
    const now = deps.now();
    const status = campaignStatus(
      {
        isDraft: current.isDraft,
        start: current.startAt?.toISOString() ?? null,
        end: current.endAt?.toISOString() ?? null,
      },
      now,
    );
    const stored = {
      start: current.startAt ? zoneDay(current.startAt) : undefined,
      end: current.endAt ? zoneDay(current.endAt) : undefined,
    };
    const startChanged = input.start !== undefined && input.start !== stored.start;
    const endChanged = input.end !== undefined && input.end !== stored.end;
    if (campaignDatesLocked(status)) {
      if (startChanged) throw fieldError("start", MSG.campaignDatesLocked);
      if (endChanged) throw fieldError("end", MSG.campaignDatesLocked);
    }
    const merged = {
      description: input.description ?? current.description,
      start: input.start ?? stored.start,
      end: input.end ?? stored.end,
    };
    if (!current.isDraft || publishing) checkPublishable(merged);
    // a changed date, and every date of a campaign being published, is not before today
    checkNotPast(deps, "start", startChanged || publishing ? merged.start : undefined);
    checkNotPast(deps, "end", endChanged || publishing ? merged.end : undefined);
    if (merged.start && merged.end && merged.start > merged.end) throw fieldError("end", MSG.campaignStartAfterEnd);
    await checkUpload(deps, actor, "thumbnail", input.thumbnail, current.thumbnail, THUMBNAIL_PURPOSES);
    await checkUpload(deps, actor, "video", input.video, current.video, VIDEO_PURPOSES);
    await tx
      .update(campaigns)
      .set({
        title: input.title,
        description: merged.description,
        startAt: merged.start ? campaignStartAt(merged.start) : null,
        endAt: merged.end ? campaignEndAt(merged.end) : null,
        ...(input.thumbnail !== undefined ? { thumbnail: input.thumbnail } : {}),
        ...(input.video !== undefined ? { video: input.video } : {}),
        ...(publishing ? { isDraft: false, publishedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(campaigns.id, id));
  });
  return campaignDetails(deps, actor, id);
}

// ---- influencers of a campaign (spec 3 §2 Influencers card, §4 Influencer in a campaign)

const memberColumns = {
  member: campaignInfluencers,
  fName: users.fName,
  lName: users.lName,
  email: users.email,
  image: users.image,
};

function toMemberRow(r: {
  member: typeof campaignInfluencers.$inferSelect;
  fName: string;
  lName: string;
  email: string | null;
  image: string | null;
}): CampaignInfluencerRow {
  return {
    _id: r.member.id,
    campaignId: r.member.campaignId,
    state: r.member.state,
    influencer: { _id: r.member.influencerId, fName: r.fName, lName: r.lName, email: r.email, image: r.image },
    createdAt: r.member.createdAt.toISOString(),
    updatedAt: r.member.updatedAt.toISOString(),
  };
}

/** GET campaign/influencer/{id}?type: the influencers of a campaign the caller sees, in one state, latest move first. */
export async function listCampaignInfluencers(deps: Deps, actor: Actor, id: string, q: CampaignInfluencerQuery) {
  await visibleCampaign(deps, actor, id);
  const where = and(
    eq(campaignInfluencers.campaignId, id),
    eq(campaignInfluencers.state, q.type as CampaignInfluencerTab),
  );
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      deps.db
        .select(memberColumns)
        .from(campaignInfluencers)
        .innerJoin(users, eq(users.id, campaignInfluencers.influencerId))
        .where(where)
        .orderBy(desc(campaignInfluencers.updatedAt), desc(campaignInfluencers.id))
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: campaignInfluencers, where },
  );
  return { ...page, data: page.data.map(toMemberRow) };
}

async function memberRow(deps: Deps, memberId: string) {
  const [row] = await deps.db
    .select(memberColumns)
    .from(campaignInfluencers)
    .innerJoin(users, eq(users.id, campaignInfluencers.influencerId))
    .where(eq(campaignInfluencers.id, memberId));
  return toMemberRow(row);
}

/** An Approved influencer (spec 3 §7: only they are invited), or the refusal. */
async function approvedInfluencer(deps: Deps, influencerId: string) {
  const [person] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, influencerId),
        eq(users.role, "influencer"),
        eq(users.status, "Approved"),
        isNull(users.deletedAt),
      ),
    );
  if (!person) throw fieldError("influencer", MSG.campaignInfluencerNotApproved);
}

/**
 * PUT campaign/influencer/{id} {action, influencer}: the shop's moves (spec 3 §4). `invite` an Approved influencer to a
 * published campaign that has not ended (anew after a refusal or a removal); `accept-invitation` of an influencer who
 * asked to join; `block` (Remove) an invited, requesting or accepted influencer. Each move is one conditional write, so
 * two moves on the same influencer never both succeed from the same state.
 */
export async function campaignInfluencerAction(
  deps: Deps,
  actor: Actor,
  id: string,
  input: CampaignInfluencerActionInput,
) {
  const { campaign } = await visibleCampaign(deps, actor, id);
  const now = deps.now();
  const member = and(eq(campaignInfluencers.campaignId, id), eq(campaignInfluencers.influencerId, input.influencer));
  let moved: { id: string } | undefined;
  if (input.action === "invite") {
    const status = campaignStatus(
      {
        isDraft: campaign.isDraft,
        start: campaign.startAt?.toISOString() ?? null,
        end: campaign.endAt?.toISOString() ?? null,
      },
      now,
    );
    if (status === "Draft") throw badRequest(MSG.campaignInviteDraft);
    if (status === "Past") throw badRequest(MSG.campaignInvitePast);
    await approvedInfluencer(deps, input.influencer);
    [moved] = await deps.db
      .insert(campaignInfluencers)
      .values({
        id: newId(),
        campaignId: id,
        shopId: campaign.shopId,
        influencerId: input.influencer,
        state: "invited",
        changedBy: actor.id,
        invitedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [campaignInfluencers.campaignId, campaignInfluencers.influencerId],
        set: { state: "invited", changedBy: actor.id, invitedAt: now, updatedAt: now },
        setWhere: inArray(campaignInfluencers.state, ["declined", "removed"]),
      })
      .returning({ id: campaignInfluencers.id });
    if (!moved) throw fieldError("influencer", MSG.campaignInfluencerAlreadyIn);
  } else if (input.action === "accept-invitation") {
    [moved] = await deps.db
      .update(campaignInfluencers)
      .set({ state: "accepted", changedBy: actor.id, acceptedAt: now, updatedAt: now })
      .where(and(member, eq(campaignInfluencers.state, "requested")))
      .returning({ id: campaignInfluencers.id });
    if (!moved) throw fieldError("influencer", MSG.campaignInfluencerNotRequested);
  } else {
    [moved] = await deps.db
      .update(campaignInfluencers)
      .set({ state: "removed", changedBy: actor.id, removedAt: now, updatedAt: now })
      .where(and(member, inArray(campaignInfluencers.state, ["invited", "requested", "accepted"])))
      .returning({ id: campaignInfluencers.id });
    if (!moved) throw fieldError("influencer", MSG.campaignInfluencerNotIn);
  }
  return memberRow(deps, moved.id);
}

/**
 * GET user/list with campaignId (spec 3 §2 Invite-influencer list, §7; ADR 0061): the Approved influencers the caller
 * may invite to a campaign they see (another shop's is 404), with the users list's filters, each with where they
 * stand in it (invited, requested, accepted; null: not in it).
 */
export async function inviteCandidates(deps: Deps, actor: Actor, id: string, q: UserListQuery) {
  await visibleCampaign(deps, actor, id);
  const page = await userListPage(deps, q, {
    scope: and(eq(users.role, "influencer"), eq(users.status, "Approved")),
    social: true,
  });
  const ids = page.data.map((u) => u.id);
  const members = ids.length
    ? await deps.db
        .select({ influencerId: campaignInfluencers.influencerId, state: campaignInfluencers.state })
        .from(campaignInfluencers)
        .where(and(eq(campaignInfluencers.campaignId, id), inArray(campaignInfluencers.influencerId, ids)))
    : [];
  const stateOf = new Map(members.map((m) => [m.influencerId, m.state]));
  const data = await Promise.all(
    page.data.map(async (u): Promise<InviteCandidate> => ({
      ...userEntity(u),
      locations: await locationsOf(u),
      instaProfileId: u.instaProfileId,
      tiktokProfileId: u.tiktokProfileId,
      campaignState: stateOf.get(u.id) ?? null,
    })),
  );
  return { ...page, data };
}

/** The success message of each move. */
export const INFLUENCER_ACTION_MESSAGES = {
  invite: MSG.campaignInfluencerInvited,
  "accept-invitation": MSG.campaignInfluencerAccepted,
  block: MSG.campaignInfluencerRemoved,
} as const;
