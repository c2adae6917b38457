import {
  addCampaignSchema,
  campaignInfluencerActionSchema,
  campaignInfluencerQuerySchema,
  campaignListQuerySchema,
  updateCampaignSchema,
} from "#contract/campaigns/campaigns-api";
import { MSG } from "#contract/core/messages";
import type { Policy } from "#api/platform/auth/actor";
import { ok } from "#api/platform/http/http";
import { route } from "#api/platform/http/router";
import { csvDay, csvExport, type ExportRow } from "#api/platform/http/csv-export";
import { idPath } from "#api/platform/data/ids";
import {
  INFLUENCER_ACTION_MESSAGES,
  addCampaign,
  campaignDetails,
  campaignInfluencerAction,
  listCampaignInfluencers,
  listCampaigns,
  updateCampaign,
} from "./service";

// spec 3 §6, §7 Campaigns. Admins (every shop), shop owners (their own) and staff with the campaign module (add, edit,
// view) read; adding needs campaign:add, editing and the influencer moves campaign:edit. Another shop's campaign is
// 404 like one that does not exist.
const READ: Policy = {
  roles: ["admin", "shopOwner", "staff"],
  staff: ["campaign:add", "campaign:edit", "campaign:view"],
};
const ADD: Policy = { roles: ["admin", "shopOwner", "staff"], staff: ["campaign:add"] };
const EDIT: Policy = { roles: ["admin", "shopOwner", "staff"], staff: ["campaign:edit"] };

const campaignList = route({
  method: "get",
  path: "/campaign",
  summary:
    "Campaigns the caller sees (spec 3 §7): shopId (admins; owners and staff always their own), search|searchText on the title, sort (createdAt, title, start, end), sortType, page|skip, limit; rows carry status (Draft, Upcoming, Ongoing, Past) derived from isDraft and the dates; data, count, isNext",
  policy: READ,
  query: campaignListQuerySchema,
  handler: async ({ deps, actor, query }) => listCampaigns(deps, actor, query),
});

export const campaignRoutes = [
  campaignList,
  csvExport<ExportRow<"GET /campaign">>(campaignList, {
    summary: "The campaign list",
    filename: "campaigns",
    columns: [
      { header: "Campaign ID", cell: (c) => c._id },
      { header: "Title", cell: (c) => c.title },
      { header: "Shop ID", cell: (c) => c.shopId },
      { header: "Shop", cell: (c) => c.shopName },
      { header: "Start", cell: (c) => csvDay(c.start) },
      { header: "End", cell: (c) => csvDay(c.end) },
      { header: "Status", cell: (c) => c.status },
      { header: "Created", cell: (c) => csvDay(c.createdAt) },
    ],
  }),
  route({
    method: "post",
    path: "/campaign",
    summary:
      "Add a campaign (spec 3 §5): shopId (admins name the shop), title (5–100), description (at least 10), start, end (days, Australia/Sydney; not before today; the start not after the end; the end saved at 23:59:59), thumbnail (a streamThumbnail upload of the caller), video (a streamVideo upload), isDraft (true: a draft, which needs only a valid title)",
    policy: ADD,
    body: addCampaignSchema,
    handler: async ({ deps, actor, body }) =>
      ok(await addCampaign(deps, actor, body), body.isDraft ? MSG.campaignDraftSaved : MSG.campaignAdded),
  }),
  route({
    method: "get",
    path: idPath("/campaign/influencer/:id"),
    summary:
      "The influencers of a campaign in one state: type (invited|requested|accepted), page|skip, limit; rows {_id, campaignId, state, influencer {_id, fName, lName, email, image}}",
    policy: READ,
    query: campaignInfluencerQuerySchema,
    handler: async ({ deps, actor, params, query }) => listCampaignInfluencers(deps, actor, params.id, query),
  }),
  route({
    method: "put",
    path: idPath("/campaign/influencer/:id"),
    summary:
      "Move an influencer of a campaign (spec 3 §4): {action, influencer}; invite (an Approved influencer; not on a draft or an ended campaign), accept-invitation (only one who asked to join), block (Remove: an invited, requesting or accepted influencer)",
    policy: EDIT,
    body: campaignInfluencerActionSchema,
    handler: async ({ deps, actor, params, body }) =>
      ok(await campaignInfluencerAction(deps, actor, params.id, body), INFLUENCER_ACTION_MESSAGES[body.action]),
  }),
  route({
    method: "get",
    path: idPath("/campaign/:id"),
    summary: "One campaign the caller sees",
    policy: READ,
    handler: async ({ deps, actor, params }) => ok(await campaignDetails(deps, actor, params.id)),
  }),
  route({
    method: "put",
    path: idPath("/campaign/:id"),
    summary:
      "Change a campaign: the fields of POST (an absent one keeps its value; shopId is not read); the dates are locked once it is Ongoing or Past; isDraft false publishes a draft (every rule then applies); a published campaign never returns to draft",
    policy: EDIT,
    body: updateCampaignSchema,
    handler: async ({ deps, actor, params, body }) =>
      ok(await updateCampaign(deps, actor, params.id, body), MSG.campaignUpdated),
  }),
];
