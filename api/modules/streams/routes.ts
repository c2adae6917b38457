import {
  archiveStreamSchema,
  deleteStreamSchema,
  finishStreamSchema,
  goLiveSchema,
  streamListQuerySchema,
} from "#contract/streams/streams-api";
import { MSG } from "#contract/core/messages";
import { STREAM_STATUS_LABELS } from "#contract/streams/streams";
import type { Policy } from "#api/platform/auth/actor";
import { ok } from "#api/platform/http/http";
import { idPath } from "#api/platform/data/ids";
import { publicRoute, route } from "#api/platform/http/router";
import { csvDay, csvExport, type ExportRow } from "#api/platform/http/csv-export";
import { publicStreams, spendEmbedAllowance } from "./public";
import {
  archiveStream,
  deleteStream,
  finishStream,
  goLive,
  listStreams,
  streamDetails,
  streamProductsOf,
} from "./service";

// spec 3 §6, §7 Streams (ADR 0036). Admins and shop owners, and staff with the stream module: any of its access types
// to read; 'schedule stream' to archive or delete; 'can go live' for the streaming side's calls.
const READ: Policy = {
  roles: ["admin", "shopOwner", "staff"],
  staff: ["stream:schedule", "stream:promote", "stream:go-live"],
};
const SCHEDULE: Policy = { roles: ["admin", "shopOwner", "staff"], staff: ["stream:schedule"] };
const GO_LIVE: Policy = { roles: ["admin", "shopOwner", "staff"], staff: ["stream:go-live"] };

const streamList = route({
  method: "post",
  path: "/live-stream/list",
  summary:
    "Streams the caller sees (spec 3 §7): query shopId (repeatable; owners and staff only their own), campaignId, streamer (user id), status (created|broadcasting|finished|promoted|archived), isCampaign (true|false), category (a department id), search|searchText on the name, sort (createdAt, name, streamer, status, startDateAndTime), sortType, page|skip, limit; data, count, isNext",
  policy: READ,
  query: streamListQuerySchema,
  handler: async ({ deps, actor, query }) => listStreams(deps, actor, query),
});

export const streamRoutes = [
  // the embed script's call (ADR 0038): no session; readable from any website, limited per client address
  publicRoute({
    method: "get",
    path: idPath("/live-stream/public/:shopId"),
    summary:
      "Public (the embed script shops paste on their websites): an Approved shop's live streams, then its scheduled ones soonest first (at most 10), with only what a viewer sees: _id, name, status, startDateAndTime, image, viewURL (while live), video, likes. Any other shop id is 404. CORS open to every origin; 120 requests a minute per client address, then 429",
    handler: async ({ deps, c, params }) => {
      // set first, so a refusal (404, 429) is readable by the calling page too
      c.header("Access-Control-Allow-Origin", "*");
      await spendEmbedAllowance(deps, c);
      const data = await publicStreams(deps, params.shopId);
      c.header("Cache-Control", "public, max-age=15");
      return ok(data);
    },
  }),
  streamList,
  csvExport<ExportRow<"POST /live-stream/list">>(streamList, {
    summary: "The stream list",
    filename: "streams",
    columns: [
      { header: "Stream ID", cell: (s) => s._id },
      { header: "Name", cell: (s) => s.name },
      { header: "Shop ID", cell: (s) => s.shop._id },
      { header: "Shop", cell: (s) => s.shop.name },
      { header: "Streamer", cell: (s) => `${s.streamer.fName} ${s.streamer.lName}`.trim() },
      { header: "Department", cell: (s) => s.categories.map((c) => c.name).join(", ") },
      { header: "Status", cell: (s) => STREAM_STATUS_LABELS[s.status] },
      { header: "Start", cell: (s) => csvDay(s.startDateAndTime) },
      { header: "Campaign ID", cell: (s) => s.campaignId },
      { header: "Created", cell: (s) => csvDay(s.createdAt) },
    ],
  }),
  route({
    method: "put",
    path: "/live-stream/archive",
    summary:
      "Archive or unarchive a stream: {id, data: {status, archiveStatus}}. status archived keeps the current status in archiveStatus; any other status restores the stored archiveStatus",
    policy: SCHEDULE,
    body: archiveStreamSchema,
    handler: async ({ deps, actor, body }) => {
      const { stream, message } = await archiveStream(deps, actor, body);
      return ok(stream, message);
    },
  }),
  route({
    method: "put",
    path: idPath("/live-stream/go-live/:id"),
    summary:
      "The streaming side (mobile app or media service): a scheduled (created) stream goes live (broadcasting) with its HLS address {viewURL}",
    policy: GO_LIVE,
    body: goLiveSchema,
    handler: async ({ deps, actor, params, body }) =>
      ok(await goLive(deps, actor, params.id, body.viewURL), MSG.streamLive),
  }),
  route({
    method: "put",
    path: idPath("/live-stream/finish/:id"),
    summary: "The streaming side: a live (broadcasting) stream ends (finished) with its recording {streamVideo}",
    policy: GO_LIVE,
    body: finishStreamSchema,
    handler: async ({ deps, actor, params, body }) =>
      ok(await finishStream(deps, actor, params.id, body.streamVideo), MSG.streamFinished),
  }),
  route({
    method: "get",
    path: idPath("/live-stream/:id"),
    summary: "One stream the caller sees, with its products (spec 3 §3 Stream, Stream product)",
    policy: READ,
    handler: async ({ deps, actor, params }) => ok(await streamDetails(deps, actor, params.id)),
  }),
  route({
    method: "delete",
    path: "/live-stream",
    summary: "Delete a stream as spec 3 §7 writes the call: {id} in the body; the same as DELETE live-stream/{id}",
    policy: SCHEDULE,
    body: deleteStreamSchema,
    handler: async ({ deps, actor, body }) => ok(await deleteStream(deps, actor, body.id), MSG.streamDeleted),
  }),
  route({
    method: "delete",
    path: idPath("/live-stream/:id"),
    summary: "Delete a stream (soft: orders placed from it keep pointing at it); refused while it is live",
    policy: SCHEDULE,
    handler: async ({ deps, actor, params }) => ok(await deleteStream(deps, actor, params.id), MSG.streamDeleted),
  }),
  route({
    method: "get",
    path: idPath("/product/stream/:id"),
    summary:
      "A stream's products: data.products, each {productId {name, department, defaultImage, stock, price, …}, discountPrice (the promotion price), minAndMax}",
    policy: READ,
    handler: async ({ deps, actor, params }) => ok({ products: await streamProductsOf(deps, actor, params.id) }),
  }),
];
