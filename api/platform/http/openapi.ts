import { z } from "zod";
import { CALLS, type CallSpec } from "#contract/core/calls";
import { PATH_PARAM, callKey, type RouteDef, type RouteRegistry } from "./router";

// The OpenAPI 3.1 document, built from the route registry and the call table: the request schemas the routes
// validate with and the response schemas of contract/core/calls.ts, so the document cannot drift from either.

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without its `$schema` line. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** The call table's entry for a route; every route has one (checked by api/platform/http/openapi.test.ts). */
export function callSpec(def: Pick<RouteDef, "method" | "path">): CallSpec {
  const spec = (CALLS as Record<string, CallSpec>)[callKey(def)];
  if (!spec) throw new Error(`No entry in contract/core/calls.ts for ${callKey(def)}`);
  return spec;
}

/** The success status a route answers with: 201 where it creates (POST product), else 200. */
export const successStatus = (spec: CallSpec) => ("status" in spec && spec.status ? spec.status : 200);

/** A route path's parameters: `:name`, `:name{pattern}`, and a trailing `*` (a storage key, slashes included). */
function pathParams(path: string) {
  const params = [...path.matchAll(PATH_PARAM)].map((m) => ({ name: m[1], pattern: m[2] }));
  return path.endsWith("/*") ? [...params, { name: "key", pattern: undefined, rest: true }] : params;
}

/** `/user/:id{[0-9a-z]+}` → `/api/user/{id}`; `/files/*` → `/api/files/{key}`. */
export const openApiPath = (path: string) => `/api${path.replace(PATH_PARAM, "{$1}").replace(/\/\*$/, "/{key}")}`;

/** `GET /user/:id` → `getUserById`; unique across the document. */
export function operationId(def: Pick<RouteDef, "method" | "path">) {
  const words = def.path
    .replace(PATH_PARAM, ":$1")
    .split("/")
    .filter((part) => part && part !== "*")
    .map((part) => (part.startsWith(":") ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[-_]/))
    .map((word) => word[0].toUpperCase() + word.slice(1));
  return def.method + words.join("");
}

const errorBody = {
  type: "object",
  required: ["success", "message", "data"],
  properties: {
    success: { const: false },
    message: { type: "string" },
    data: { type: "null" },
    status: { type: "integer", description: "1001: not signed in; 1004: not found or not yours" },
    errors: {
      type: "object",
      additionalProperties: { type: "array", items: { type: "string" } },
      description: "messages keyed by field",
    },
  },
  additionalProperties: false,
};
const refusal = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Refusal" } } },
});

/** The success envelope: `{ success, message, data }`, and for a list `count`, `countEstimated` and `isNext`. */
function envelope(spec: CallSpec & { data: z.ZodType }): JsonSchema {
  const isList = "list" in spec && spec.list;
  return {
    type: "object",
    required: ["success", "message", "data", ...(isList ? ["count", "isNext"] : [])],
    properties: {
      success: { const: true },
      message: { type: "string" },
      data: jsonSchema(spec.data, "output"),
      ...(isList
        ? {
            count: { type: "integer", minimum: 0 },
            countEstimated: { const: true, description: "present when `count` is PostgreSQL's estimate (large lists)" },
            isNext: { type: "boolean" },
          }
        : {}),
    },
    additionalProperties: false,
  };
}

/** A stored file: its bytes, whole or the asked byte range. */
const FILE_RESPONSES = {
  200: {
    description: "The file, with its checked content type",
    headers: {
      "Accept-Ranges": { schema: { const: "bytes" } },
      "Content-Length": { schema: { type: "integer" } },
    },
    content: { "*/*": { schema: { type: "string", contentMediaType: "application/octet-stream" } } },
  },
  206: {
    description: "The byte range asked with `Range`",
    headers: {
      "Content-Range": {
        schema: { type: "string", pattern: "^bytes \\d+-\\d+/\\d+$" },
        description: "`bytes start-end/size`",
      },
      "Content-Length": { schema: { type: "integer" } },
    },
    content: { "*/*": { schema: { type: "string", contentMediaType: "application/octet-stream" } } },
  },
  416: {
    description: "The range cannot be satisfied; `Content-Range: bytes */size` gives the file's size",
    headers: { "Content-Range": { schema: { type: "string", pattern: "^bytes \\*/\\d+$" } } },
  },
  404: refusal("No stored file with this key: `status: 1004`"),
};
/** A list's CSV export (ADR 0068): the rows streamed as RFC 4180 text; a refusal comes before the file starts, as JSON. */
const CSV_RESPONSES = {
  200: {
    description:
      "The list's rows as CSV (UTF-8 with a BOM, CRLF line ends, a header record; cells a spreadsheet would run as a formula are prefixed with '), sent as an attachment",
    headers: {
      "Content-Disposition": { schema: { type: "string", pattern: '^attachment; filename="[\\w-]+\\.csv"$' } },
    },
    content: { "text/csv": { schema: { type: "string" } } },
  },
  400: refusal("Invalid input: `errors` keyed by field, `message` the first"),
  401: refusal("Not signed in: `status: 1001`"),
  403: refusal("Not allowed for this role or these rights"),
  404: refusal("Not found or not yours: `status: 1004`"),
};
/**
 * Server-sent events (ADR 0040): each event's `data` is one JSON value of the schema in `x-event-data` (OpenAPI 3.1
 * has no place for the schema of a stream's items); lines starting with `:` are heartbeats. A refusal comes before the
 * stream starts, as JSON.
 */
const eventStreamResponses = (events: z.ZodType) => ({
  200: {
    description:
      "An event stream: `data:` lines holding one JSON value each (`x-event-data`); `:` lines are heartbeats",
    content: { "text/event-stream": { schema: { type: "string" }, "x-event-data": jsonSchema(events, "output") } },
  },
  401: refusal("Not signed in: `status: 1001`"),
  403: refusal("Not allowed for this role or these rights, or a cross-site request"),
  404: refusal("Not found or not yours: `status: 1004`"),
  429: refusal("Too many event streams open for this session or client address: close one first"),
});
const RANGE_HEADER = {
  name: "Range",
  in: "header",
  required: false,
  description: "One byte range, `bytes=start-end`, `bytes=start-` or `bytes=-suffix`",
  schema: { type: "string", pattern: "^bytes=(\\d+-\\d*|-\\d+)$" },
};

/** A route's query parameters; one is required only when the route refuses a request without it. */
function queryParams(query: z.ZodType) {
  const js = jsonSchema(query, "input") as {
    properties?: Record<string, JsonSchema>;
    allOf?: { properties?: Record<string, JsonSchema> }[];
  };
  const properties = {
    ...Object.assign({}, ...(js.allOf ?? []).map((part) => part.properties ?? {})),
    ...(js.properties ?? {}),
  } as Record<string, JsonSchema>;
  const missing = new Set((query.safeParse({}).error?.issues ?? []).map((issue) => String(issue.path[0])));
  return Object.entries(properties).map(([name, schema]) => {
    const { description, ...rest } = schema;
    const repeatable =
      rest.type === "array" || (rest.anyOf as JsonSchema[] | undefined)?.some((s) => s.type === "array");
    return {
      name,
      in: "query",
      required: missing.has(name),
      ...(description ? { description } : {}),
      ...(repeatable ? { style: "form", explode: true } : {}),
      schema: rest,
    };
  });
}

const TAGS: Record<string, string> = {
  auth: "Sign-in, sign-out, phone codes, single sign-on and the public influencer registration",
  upload: "Signed uploads and one-request uploads",
  files: "Stored files, with byte ranges",
  user: "The signed-in user's profile, users, influencers and shop staff",
  shop: "Shops, their profile, verification and category commission",
  category: "The category tree: departments, categories and sub-categories",
  attr: "Managed product attributes",
  brand: "Brands",
  product: "Products, their variations and discounts",
  geo: "Countries, states, cities and address search",
  sms: "The demo SMS outbox",
  // orders and payments
  order: "Orders: placed by customers through the mobile app, their line statuses and deletion",
  influencer: "The mobile app's influencer calls: an Approved influencer's own profile, invitations and campaigns",
  payment: "Refunds of order lines",
};

/** OpenAPI 3.1 from the registry and the call table: paths, policies, request and response schemas. */
export function openApiDocument(registry: RouteRegistry, info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  const ids = new Set<string>();
  for (const def of registry.values()) {
    const spec = callSpec(def);
    const { policy: rule } = def;
    const isPublic = "public" in rule;
    const id = operationId(def);
    if (ids.has(id)) throw new Error(`operationId ${id} is used twice`);
    ids.add(id);
    const parameters: unknown[] = pathParams(def.path).map((p) => ({
      name: p.name,
      in: "path",
      required: true,
      ...("rest" in p ? { description: "The storage key; it may contain slashes" } : {}),
      schema: { type: "string", ...(p.pattern ? { pattern: `^${p.pattern}$` } : {}) },
    }));
    if (def.query) parameters.push(...queryParams(def.query));
    if ("binary" in spec) parameters.push(RANGE_HEADER);
    const policy =
      "public" in rule
        ? "public"
        : "customer" in rule
          ? "a customer's bearer token (the mobile app)"
          : "influencer" in rule
            ? "an Approved influencer's bearer token (the mobile app)"
            : "anySignedIn" in rule
              ? "any console user, or a customer's or an Approved influencer's bearer token (the mobile app)"
              : `roles: ${rule.roles.join(", ")}${rule.staff ? `; staff need one of ${rule.staff.join(", ")}` : ""}`;
    const validates = def.body || def.query || def.rawBody;
    (paths[openApiPath(def.path)] ??= {})[def.method] = {
      operationId: id,
      tags: [def.path.split("/")[1]],
      summary: def.summary,
      description: `Who may call: ${policy}.`,
      // the mobile app's calls take only their own role's bearer token (ADR 0057)
      security: isPublic
        ? []
        : "customer" in rule
          ? [{ customerToken: [] }]
          : "influencer" in rule
            ? [{ influencerToken: [] }]
            : "anySignedIn" in rule
              ? [{ session: [] }, { customerToken: [] }, { influencerToken: [] }]
              : [{ session: [] }],
      parameters,
      ...(def.body
        ? {
            requestBody: { required: true, content: { "application/json": { schema: jsonSchema(def.body, "input") } } },
          }
        : def.rawBody
          ? {
              requestBody: {
                required: true,
                content: { [def.rawBody]: { schema: { type: "string", contentMediaType: def.rawBody } } },
              },
            }
          : {}),
      responses:
        "binary" in spec
          ? FILE_RESPONSES
          : "csv" in spec
            ? CSV_RESPONSES
            : "events" in spec
              ? eventStreamResponses(spec.events)
              : {
                  [successStatus(spec)]: {
                    description: "Success",
                    content: { "application/json": { schema: envelope(spec) } },
                  },
                  ...(validates ? { 400: refusal("Invalid input: `errors` keyed by field, `message` the first") } : {}),
                  ...(isPublic ? {} : { 401: refusal("Not signed in: `status: 1001`") }),
                  403: refusal(
                    isPublic
                      ? "A cross-site request"
                      : "Not allowed for this role or these rights, or a cross-site request",
                  ),
                  404: refusal("Not found or not yours: `status: 1004`"),
                },
    };
  }
  const used = new Set(
    Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => (op as { tags: string[] }).tags)),
  );
  return {
    openapi: "3.1.0",
    info: { ...info, license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" } },
    servers: [{ url: "/" }],
    tags: [...used].map((name) => ({ name, description: TAGS[name] ?? name })),
    components: {
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "ls_session",
          description: "Also accepted as `Authorization: Bearer <token>`",
        },
        customerToken: {
          type: "http",
          scheme: "bearer",
          description:
            "The mobile app's customer token, `data.token` of `POST auth/verify-otp/customer`; it opens only the customer calls",
        },
        influencerToken: {
          type: "http",
          scheme: "bearer",
          description:
            "The mobile app's influencer token, `data.token` of `POST auth/verify-otp/influencer` (type `influencer-login`); it opens only the influencer calls",
        },
      },
      schemas: { Refusal: errorBody },
    },
    paths,
  };
}
