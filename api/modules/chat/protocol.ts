import { Hono, type Context } from "hono";
import { UPLOAD_PURPOSES } from "#contract/uploads/uploads";
import { CHAT_IMAGE_TYPES } from "#contract/chat/chat";
import { boundByGrantedRights } from "#contract/access/rights";
import type { Deps } from "#api/platform/deps";
import { ApiError } from "#api/platform/http/http";
import { hostPart, uploadFile } from "#api/modules/uploads";
import { ChatHub } from "./hub";
import {
  CHANNEL_ID,
  CHAT_CODES,
  ChatError,
  channelFor,
  channelStates,
  chatBadInput,
  chatNotFound,
  chatUserById,
  cidOf,
  createChannel,
  joinLivestream,
  deleteMessage,
  distinctChannelId,
  isChannelType,
  markRead,
  queryChannels,
  queryUsers,
  readableChannel,
  sendEvent,
  sendMessage,
  updateMessage,
  writableChannel,
  type ChatUser,
  type StateOptions,
} from "./service";
import { chatProvider, verifyChatToken } from "./tokens";

// The part of Stream's chat REST API the official clients use (ADR 0066), under CHAT_BASE_PATH: the `stream-chat`
// client sends its `api_key` as a query parameter and the user's token in the Authorization header; answers are
// Stream's shapes, refusals Stream's `{code, message, StatusCode}`.

type ChatEnv = { Variables: { deps: Deps } };

/** Paths of the subset, relative to the base path (the policy test lets them through: the chat token guards them). */
export const CHAT_PROTOCOL_PATHS = [
  "/hi",
  "/channels",
  "/channels/:type/query",
  "/channels/:type/:id/query",
  "/channels/:type/:id/stop-watching",
  "/channels/:type/:id/message",
  "/channels/:type/:id/read",
  "/channels/:type/:id/event",
  "/channels/:type/:id/image",
  "/channels/:type/:id/file",
  "/messages/:id",
  "/users",
  "/members",
  "*",
] as const;

const duration = () => "0.00ms";
const answer = (c: Context, body: object, status = 201) => c.json({ ...body, duration: duration() }, status as 201);

/** Stream's error body. */
export const chatErrorBody = (status: number, code: number, message: string) => ({
  code,
  message,
  StatusCode: status,
  duration: duration(),
  more_info: "https://getstream.io/chat/docs/api_errors_response",
});

/** The caller, from the api_key parameter and the token in the Authorization header. */
export async function chatCaller(deps: Deps, apiKey: string | undefined, token: string | undefined) {
  const provider = chatProvider(deps.env);
  if (apiKey !== provider.apiKey) throw new ChatError(401, 2, "api_key not valid");
  const raw = token?.replace(/^Bearer\s+/i, "");
  if (!raw) throw new ChatError(401, CHAT_CODES.auth, "Authorization header is missing");
  const checked = verifyChatToken(provider.secret, raw, deps.now());
  if ("error" in checked)
    throw checked.error === "expired"
      ? new ChatError(401, CHAT_CODES.tokenExpired, "JWTAuth error: token is expired")
      : new ChatError(401, CHAT_CODES.auth, "JWTAuth error: signature is not valid");
  const user = await chatUserById(deps, checked.userId);
  if (!user) throw new ChatError(401, CHAT_CODES.auth, "JWTAuth error: the token's user cannot chat");
  return user;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** A JSON body (an empty one is {}); anything but an object is refused. */
async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.length > 1024 * 1024) throw new ChatError(413, CHAT_CODES.tooLarge, "The request body is too large");
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw chatBadInput("The request body is not valid JSON");
  }
  if (!isObject(value)) throw chatBadInput("The request body must be a JSON object");
  return value;
}

/** The `payload` query parameter GET calls carry their JSON in. */
function queryPayload(c: Context) {
  const text = c.req.query("payload");
  if (!text) return {};
  try {
    const value = JSON.parse(text);
    if (isObject(value)) return value;
  } catch {
    /* refused below */
  }
  throw chatBadInput("payload must be a JSON object");
}

function int(v: unknown, name: string, fallback: number, max: number) {
  if (v === undefined || v === null) return fallback;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0) throw chatBadInput(`${name} must be a whole number`);
  return Math.min(v, max);
}
function optionalString(v: unknown, name: string) {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw chatBadInput(`${name} must be a string`);
  return v;
}

/** A channel's type and id from the path; an unknown type or a malformed id is refused. */
function pathCid(c: Context) {
  const type = c.req.param("type") ?? "";
  const id = c.req.param("id") ?? "";
  if (!isChannelType(type)) throw chatBadInput(`channel type ${type} does not exist`);
  if (!CHANNEL_ID.test(id)) throw chatBadInput("a channel id holds letters, digits and -_! (at most 64)");
  return { type, id, cid: cidOf(type, id) };
}

/** The keys of a channel's custom data the client may not set (they are the channel's own fields). */
const RESERVED = new Set([
  "id",
  "type",
  "cid",
  "members",
  "created_by",
  "created_by_id",
  "config",
  "own_capabilities",
  "member_count",
  "shop_id",
  "created_at",
  "updated_at",
  "last_message_at",
]);
/** A channel's custom data (name, image, …): plain values only, at most 20 keys and 5 KB. */
function channelData(v: unknown) {
  if (v === undefined || v === null) return {};
  if (!isObject(v)) throw chatBadInput("data must be an object");
  const kept = Object.fromEntries(
    Object.entries(v).filter(
      ([k, x]) => !RESERVED.has(k) && (typeof x === "string" || typeof x === "number" || typeof x === "boolean"),
    ),
  );
  if (Object.keys(kept).length > 20 || JSON.stringify(kept).length > 5000)
    throw chatBadInput("data holds at most 20 fields and 5000 characters");
  return kept;
}
function memberIds(v: unknown) {
  if (v === undefined || v === null) return [];
  const list = Array.isArray(v) ? v : null;
  const ids = list?.map((m) => (typeof m === "string" ? m : isObject(m) ? m.user_id : undefined));
  if (!ids || ids.some((id) => typeof id !== "string") || ids.length > 100)
    throw chatBadInput("members must be a list of at most 100 user ids");
  return ids as string[];
}

function stateOptions(body: Record<string, unknown>): StateOptions {
  const messages = isObject(body.messages) ? body.messages : {};
  const members = isObject(body.members) ? body.members : {};
  return {
    messages: {
      limit: int(messages.limit, "messages.limit", 25, 300),
      id_lt: optionalString(messages.id_lt, "messages.id_lt"),
      id_gt: optionalString(messages.id_gt, "messages.id_gt"),
    },
    members: {
      limit: int(members.limit, "members.limit", 100, 300),
      offset: int(members.offset, "members.offset", 0, 10_000),
    },
  };
}

/** Starts watching `cid` on the caller's WebSocket connection when the call asks to (watch and a connection_id). */
async function watchIfAsked(deps: Deps, c: Context, user: ChatUser, body: Record<string, unknown>, cid: string) {
  const connection = c.req.query("connection_id");
  if (body.watch === true && connection) await ChatHub.watch(deps, connection, user, cid);
}

/** The Hono app of the protocol subset, to be mounted at CHAT_BASE_PATH under the API. */
export function chatProtocol() {
  const app = new Hono<ChatEnv>({ strict: false });
  const caller = (c: Context<ChatEnv>) =>
    chatCaller(c.get("deps"), c.req.query("api_key"), c.req.header("authorization"));

  app.get("/hi", (c) => c.json({ duration: duration() }));

  // query channels: the channel list
  app.post("/channels", async (c) => {
    const deps = c.get("deps");
    const user = await caller(c);
    const body = await jsonBody(c);
    const filter = body.filter_conditions ?? {};
    if (!isObject(filter)) throw chatBadInput("filter_conditions must be an object");
    const sort = body.sort ?? [];
    if (!Array.isArray(sort) || !sort.every((s) => isObject(s) && typeof s.field === "string"))
      throw chatBadInput("sort must be a list of {field, direction}");
    const rows = await queryChannels(deps, user, {
      filter,
      sort: sort.map((s) => ({ field: String(s.field), direction: Number(s.direction) < 0 ? -1 : 1 })),
      limit: int(body.limit, "limit", 10, 30),
      offset: int(body.offset, "offset", 0, 10_000),
    });
    const states = await channelStates(deps, user, rows, {
      messageLimit: int(body.message_limit, "message_limit", 25, 300),
      memberLimit: int(body.member_limit, "member_limit", 100, 300),
    });
    for (const s of states) await watchIfAsked(deps, c, user, body, s.channel.cid);
    return answer(c, { channels: states });
  });

  // query (and create, watch) one channel
  const queryOne = async (c: Context<ChatEnv>, type: string, id: string | undefined) => {
    const deps = c.get("deps");
    const user = await caller(c);
    const body = await jsonBody(c);
    const data = isObject(body.data) ? body.data : {};
    if (!isChannelType(type)) throw chatBadInput(`channel type ${type} does not exist`);
    const members = memberIds(data.members);
    const channelId = id ?? (members.length ? distinctChannelId([user.id, ...members]) : undefined);
    if (!channelId) throw chatBadInput("A channel without an id needs its members");
    if (!CHANNEL_ID.test(channelId)) throw chatBadInput("a channel id holds letters, digits and -_! (at most 64)");
    const cid = cidOf(type, channelId);
    // a client may open a one-to-one (messaging) channel it is in; order and stream channels are made by the product
    if (type === "messaging" && !(await channelFor(deps, user, cid))) {
      if (boundByGrantedRights(user) && !user.permissions.has("chat:direct-chat")) throw chatNotFound();
      await createChannel(deps, user, { type, id: channelId, members, data: channelData(data) });
    }
    // a stream's live chat is open to the app's viewers (Stream's livestream type): querying it joins it
    if (type === "livestream") await joinLivestream(deps, user, cid);
    const found = await readableChannel(deps, user, cid);
    await watchIfAsked(deps, c, user, body, cid);
    const [state] = await channelStates(deps, user, [found], stateOptions(body));
    return answer(c, state);
  };
  app.post("/channels/:type/query", (c) => queryOne(c, c.req.param("type"), undefined));
  app.post("/channels/:type/:id/query", (c) => queryOne(c, c.req.param("type"), c.req.param("id")));

  app.post("/channels/:type/:id/stop-watching", async (c) => {
    const deps = c.get("deps");
    const user = await caller(c);
    const { cid } = pathCid(c);
    await readableChannel(deps, user, cid);
    return answer(c, {});
  });

  app.post("/channels/:type/:id/message", async (c) => {
    const user = await caller(c);
    const { cid } = pathCid(c);
    const body = await jsonBody(c);
    if (!isObject(body.message)) throw chatBadInput("message is required");
    const message = await sendMessage(c.get("deps"), user, cid, body.message);
    return answer(c, { message });
  });

  app.post("/channels/:type/:id/read", async (c) => {
    const user = await caller(c);
    const { cid } = pathCid(c);
    const body = await jsonBody(c);
    const event = await markRead(c.get("deps"), user, cid, body.message_id as string | undefined);
    return answer(c, { event });
  });

  app.post("/channels/:type/:id/event", async (c) => {
    const user = await caller(c);
    const { cid } = pathCid(c);
    const body = await jsonBody(c);
    const event = isObject(body.event) ? body.event : {};
    return answer(c, { event: await sendEvent(c.get("deps"), user, cid, event.type, event.parent_id) });
  });

  // uploads: the file is kept by the project's storage and checked like every upload (type sniffed, size)
  const upload = (kind: "image" | "file") => async (c: Context<ChatEnv>) => {
    const deps = c.get("deps");
    const user = await caller(c);
    const { cid } = pathCid(c);
    await writableChannel(deps, user, cid);
    const rule = UPLOAD_PURPOSES.chatMedia;
    if (Number(c.req.header("content-length") ?? 0) > rule.maxBytes + 64 * 1024)
      throw new ChatError(413, CHAT_CODES.tooLarge, rule.sizeMessage);
    let file: FormDataEntryValue | null;
    try {
      file = (await c.req.formData()).get("file");
    } catch {
      throw chatBadInput("The upload must be a multipart form with a file");
    }
    if (!(file instanceof File)) throw chatBadInput("The upload must hold a file");
    if (kind === "image" && !(CHAT_IMAGE_TYPES as readonly string[]).includes(file.type))
      throw chatBadInput(rule.typeMessage);
    const host = hostPart(deps, c.req.header("x-forwarded-host") ?? c.req.header("host") ?? new URL(c.req.url).host);
    try {
      const stored = await uploadFile(deps, user, host, {
        fileName: file.name || kind,
        contentType: file.type,
        purpose: "chatMedia",
        contentLength: file.size,
        body: file.stream(),
      });
      if (kind === "image" && !stored.contentType.startsWith("image/")) throw chatBadInput(rule.typeMessage);
      const url = new URL(stored.location, new URL(c.req.url).origin).toString();
      return answer(c, kind === "image" ? { file: url, thumb_url: url } : { file: url });
    } catch (error) {
      if (error instanceof ApiError) throw new ChatError(error.status, error.status === 413 ? 22 : 4, error.message);
      throw error;
    }
  };
  app.post("/channels/:type/:id/image", upload("image"));
  app.post("/channels/:type/:id/file", upload("file"));

  app.get("/messages/:id", async (c) => {
    const deps = c.get("deps");
    const user = await caller(c);
    const id = c.req.param("id");
    const { messageById } = await import("./service");
    const found = await messageById(deps.db, id);
    if (!found || !(await channelFor(deps, user, found.row.cid))?.access.read) throw chatNotFound("Message");
    return answer(c, { message: found.response }, 200);
  });
  app.post("/messages/:id", async (c) => {
    const user = await caller(c);
    const body = await jsonBody(c);
    if (!isObject(body.message)) throw chatBadInput("message is required");
    const message = await updateMessage(c.get("deps"), user, c.req.param("id"), body.message);
    return answer(c, { message });
  });
  app.delete("/messages/:id", async (c) => {
    const user = await caller(c);
    return answer(c, { message: await deleteMessage(c.get("deps"), user, c.req.param("id")) }, 200);
  });

  app.get("/users", async (c) => {
    const user = await caller(c);
    const payload = queryPayload(c);
    const filter = isObject(payload.filter_conditions) ? payload.filter_conditions : {};
    let ids: string[] | undefined;
    let name: string | undefined;
    for (const [field, cond] of Object.entries(filter)) {
      const ops = isObject(cond) ? cond : { $eq: cond };
      const [[op, value]] = Object.entries(ops).length === 1 ? Object.entries(ops) : [["", undefined]];
      if (field === "id" && (op === "$in" || op === "$eq")) {
        ids = (Array.isArray(value) ? value : [value]).filter((x): x is string => typeof x === "string");
      } else if (field === "name" && (op === "$autocomplete" || op === "$eq") && typeof value === "string") {
        name = value;
      } else throw chatBadInput(`QueryUsers failed with error: "field ${field} cannot be filtered on"`);
    }
    const users = await queryUsers(c.get("deps"), user, {
      ids,
      name,
      limit: int(payload.limit, "limit", 30, 100),
      offset: int(payload.offset, "offset", 0, 1000),
    });
    return answer(c, { users }, 200);
  });

  app.get("/members", async (c) => {
    const deps = c.get("deps");
    const user = await caller(c);
    const payload = queryPayload(c);
    if (typeof payload.type !== "string" || typeof payload.id !== "string")
      throw chatBadInput("QueryMembers needs the channel's type and id");
    const found = await readableChannel(deps, user, cidOf(payload.type, payload.id));
    const [state] = await channelStates(deps, user, [found], {
      messageLimit: 0,
      members: { limit: int(payload.limit, "limit", 100, 300), offset: int(payload.offset, "offset", 0, 10_000) },
    });
    return answer(c, { members: state.members }, 200);
  });

  app.all("*", () => {
    throw new ChatError(404, CHAT_CODES.notFound, "This call is not part of the chat service");
  });
  app.onError((error, c) => {
    if (error instanceof ChatError)
      return c.json(chatErrorBody(error.status, error.code, error.message), error.status as 400);
    if (error instanceof ApiError) return c.json(chatErrorBody(error.status, 4, error.message), error.status as 400);
    throw error;
  });
  return app;
}
