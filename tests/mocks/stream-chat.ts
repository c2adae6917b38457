import { createHmac } from "node:crypto";
import { HttpResponse, http } from "msw";

// Stream's chat HTTP API as the server SDK calls it in Stream mode (ADR 0066, the seam): upsert users, get-or-create a
// channel, a channel's partial update, and channel bans (our live-stream mutes). Checks the API key and the server
// token (HS256 with the secret, claim `server: true`) as Stream does, and answers Stream's shapes and error shape.

export const STREAM_TEST_KEY = "stream-test-key";
export const STREAM_TEST_SECRET = "stream-test-secret-stream-test-secret";
const BASE = "https://chat.stream-io-api.com";

export interface StreamChannelRecord {
  type: string;
  id: string;
  data: Record<string, unknown>;
  members: string[];
  createdBy: string;
}
/** What Stream holds: users, channels by cid, and bans as `cid user`. */
export const streamState = {
  users: new Map<string, Record<string, unknown>>(),
  channels: new Map<string, StreamChannelRecord>(),
  bans: new Set<string>(),
  /** set to answer the next calls with Stream's 500 */
  failing: false,
};

const streamError = (status: number, code: number, message: string) =>
  HttpResponse.json({ code, message, StatusCode: status, duration: "0.01ms", more_info: "" }, { status });

/** A server-side call: the app's key and a JWT with `server: true` signed with the app's secret. */
function refused(request: Request) {
  if (new URL(request.url).searchParams.get("api_key") !== STREAM_TEST_KEY)
    return streamError(401, 2, "api_key not found");
  const [header, payload, sig] = (request.headers.get("authorization") ?? "").split(".");
  const expected = createHmac("sha256", STREAM_TEST_SECRET).update(`${header}.${payload}`).digest("base64url");
  if (!sig || sig !== expected) return streamError(401, 5, "signature is not valid, make sure the token is signed");
  if (!JSON.parse(Buffer.from(payload, "base64url").toString()).server)
    return streamError(403, 17, "server-side calls need a server token");
  if (streamState.failing) return streamError(500, -1, "Stream is down");
  return null;
}

const channelResponse = (c: StreamChannelRecord) => ({
  channel: {
    ...c.data,
    id: c.id,
    type: c.type,
    cid: `${c.type}:${c.id}`,
    created_by: streamState.users.get(c.createdBy) ?? { id: c.createdBy },
    created_at: "2026-11-28T00:00:00Z",
    updated_at: "2026-11-28T00:00:00Z",
    member_count: c.members.length,
    config: { name: c.type, commands: [] },
  },
  members: c.members.map((id) => ({ user_id: id, user: streamState.users.get(id) ?? { id } })),
  messages: [],
  pinned_messages: [],
  read: [],
  duration: "0.01ms",
});

export const streamChatHandlers = [
  http.post(`${BASE}/users`, async ({ request }) => {
    const no = refused(request);
    if (no) return no;
    const { users } = (await request.json()) as { users: Record<string, Record<string, unknown>> };
    for (const [id, user] of Object.entries(users)) streamState.users.set(id, user);
    return HttpResponse.json({ users, duration: "0.01ms" });
  }),
  http.post(`${BASE}/channels/:type/:id/query`, async ({ request, params }) => {
    const no = refused(request);
    if (no) return no;
    const { data } = (await request.json()) as { data: Record<string, unknown> & { members?: string[] } };
    const cid = `${params.type}:${params.id}`;
    const { members = [], created_by_id, ...rest } = data;
    for (const id of members)
      if (!streamState.users.has(id)) return streamError(400, 4, `The following users don't exist: ${id}`);
    let channel = streamState.channels.get(cid);
    if (!channel) {
      channel = {
        type: String(params.type),
        id: String(params.id),
        data: rest,
        members,
        createdBy: String(created_by_id),
      };
      streamState.channels.set(cid, channel);
    }
    return HttpResponse.json(channelResponse(channel));
  }),
  http.patch(`${BASE}/channels/:type/:id`, async ({ request, params }) => {
    const no = refused(request);
    if (no) return no;
    const channel = streamState.channels.get(`${params.type}:${params.id}`);
    if (!channel) return streamError(404, 16, "channel not found");
    const { set = {}, unset = [] } = (await request.json()) as { set?: Record<string, unknown>; unset?: string[] };
    channel.data = { ...channel.data, ...set };
    for (const key of unset) delete channel.data[key];
    return HttpResponse.json({ channel: channelResponse(channel).channel, members: [], duration: "0.01ms" });
  }),
  http.post(`${BASE}/moderation/ban`, async ({ request }) => {
    const no = refused(request);
    if (no) return no;
    const ban = (await request.json()) as { target_user_id: string; type: string; id: string };
    if (!streamState.channels.has(`${ban.type}:${ban.id}`)) return streamError(404, 16, "channel not found");
    streamState.bans.add(`${ban.type}:${ban.id} ${ban.target_user_id}`);
    return HttpResponse.json({ duration: "0.01ms" });
  }),
  http.delete(`${BASE}/moderation/ban`, ({ request }) => {
    const no = refused(request);
    if (no) return no;
    const q = new URL(request.url).searchParams;
    streamState.bans.delete(`${q.get("type")}:${q.get("id")} ${q.get("target_user_id")}`);
    return HttpResponse.json({ duration: "0.01ms" });
  }),
];
