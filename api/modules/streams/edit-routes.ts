import { MSG } from "#contract/core/messages";
import { streamFormOptionsQuerySchema, streamWriteSchema } from "#contract/streams/streams-edit-api";
import type { Policy } from "#api/platform/auth/actor";
import { ok } from "#api/platform/http/http";
import { idPath } from "#api/platform/data/ids";
import { route } from "#api/platform/http/router";
import { createStream, streamFormOptions, updateStream } from "./edit";

// spec 3 §7 Streams: create and update (ADR 0037). Admins (any shop, named by shopId), owners
// (their shop) and staff with the stream module's 'schedule stream'.
const SCHEDULE: Policy = { roles: ["admin", "shopOwner", "staff"], staff: ["stream:schedule"] };

export const streamEditRoutes = [
  route({
    method: "get",
    path: "/live-stream/form-options",
    summary:
      "What the add and edit stream forms choose from: the shop's departments (categories), its owner and staff, and approved influencers (Stream By); shopId for an admin. With campaignId (a campaign of the shop, else 404): the campaign's window (from, until in epoch ms; null for a draft) and its accepted influencers as the only streamers",
    policy: SCHEDULE,
    query: streamFormOptionsQuerySchema,
    handler: async ({ deps, actor, query }) => ok(await streamFormOptions(deps, actor, query.shopId, query.campaignId)),
  }),
  route({
    method: "post",
    path: "/live-stream/web",
    summary:
      "Schedule a stream (spec 3 §7): name, startDateAndTime and endDateAndTime (epoch ms), categories (department ids of the shop), streamer (the owner, a staff member or an influencer), image|thumbnail and video|videoFile (stream uploads of the caller), shopId (admins), campaignId (a published campaign of the shop: title 5 to 20 characters, start within its dates and not before today, streamer an influencer who accepted it; staff also need campaign edit)",
    policy: SCHEDULE,
    body: streamWriteSchema,
    handler: async ({ deps, actor, body }) => ok(await createStream(deps, actor, body), MSG.streamAdded),
  }),
  route({
    method: "post",
    path: "/live-stream",
    summary:
      "Schedule a stream at spec 3 §7's other create path (POST live-stream): the same payload, rules and answer as POST live-stream/web",
    policy: SCHEDULE,
    body: streamWriteSchema,
    handler: async ({ deps, actor, body }) => ok(await createStream(deps, actor, body), MSG.streamAdded),
  }),
  route({
    method: "put",
    path: idPath("/live-stream/:id"),
    summary:
      "Update a stream with the same payload as POST live-stream/web (its shop does not change); finished streams are refused",
    policy: SCHEDULE,
    body: streamWriteSchema,
    handler: async ({ deps, actor, params, body }) =>
      ok(await updateStream(deps, actor, params.id, body), MSG.streamUpdated),
  }),
];
