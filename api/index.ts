import { Hono } from "hono";
import { MSG } from "#contract/core/messages";
import { authRoutes } from "./modules/auth";
import { profileRoutes } from "./modules/profile";
import { uploadRoutes } from "./modules/uploads";
import { smsRoutes } from "./modules/sms";
import { userRoutes } from "./modules/users";
import { shopRoutes } from "./modules/shops";
import { categoryRoutes } from "./modules/categories";
import { attributeRoutes } from "./modules/attributes";
import { brandRoutes } from "./modules/brands";
import { productRoutes } from "./modules/products";
import { influencerAppRoutes, influencerRoutes } from "./modules/influencers";
import { staffRoutes } from "./modules/staff";
import { commissionRoutes } from "./modules/commission";
import { registrationRoutes } from "./modules/registration";
import { geoRoutes } from "./modules/geo";
// orders and payments
import { orderReadRoutes, orderRoutes } from "./modules/orders";
// coupons
import { couponRoutes } from "./modules/coupons";
// campaign payouts and payments
import { influencerPayoutRoutes, payoutRoutes, revenueRoutes } from "./modules/payouts";
// the customer page
import { customerRecordRoutes } from "./modules/customers";
// customers list and add flow
import { customerAddRoutes, userListRoutes } from "./modules/customers";
// streams
import { streamEditRoutes, streamPromotionRoutes, streamRoomRoutes, streamRoutes } from "./modules/streams";
// campaigns
import { campaignRoutes, influencerCampaignRoutes } from "./modules/campaigns";
// chat (ADR 0066)
// the audit log (ADR 0071)
import { auditRoutes } from "./modules/audit";
import { CHAT_BASE_PATH, CHAT_PROTOCOL_PATHS, chatProtocol, chatRoutes } from "./modules/chat";
// the console's search box (ADR 0069)
import { searchRoutes } from "./modules/search";
import type { Deps } from "./platform/deps";
import { mountDocs } from "./platform/http/docs";
import { ApiError } from "./platform/http/http";
import { openApiDocument } from "./platform/http/openapi";
import { errorResponse, mountRoutes, type ApiEnv, type RouteDef, type RouteRegistry } from "./platform/http/router";
import { BASE_SECURITY_HEADERS, CLOSED_CSP, isCrossSiteWrite } from "#server-shared/security";
import { actorFor, sessionToken, type PageRequestEnv } from "./platform/auth/sessions";

/**
 * Each area's routes, in the order of the spec's "Calls" sections. The order carries no meaning: id parameters accept
 * only ids (idPath), so a fixed path such as `shop/commission` is never taken for `shop/{id}`.
 */
export const API_MODULES: readonly RouteDef[][] = [
  authRoutes,
  registrationRoutes,
  profileRoutes,
  uploadRoutes,
  influencerRoutes,
  staffRoutes,
  userListRoutes,
  userRoutes,
  commissionRoutes,
  shopRoutes,
  categoryRoutes,
  attributeRoutes,
  brandRoutes,
  productRoutes,
  orderReadRoutes,
  geoRoutes,
  smsRoutes,
  // coupons
  couponRoutes,
  // campaign payouts and payments
  payoutRoutes,
  revenueRoutes,
  // orders and payments
  orderRoutes,
  // the customer page
  customerRecordRoutes,
  // customers list and add flow
  customerAddRoutes,
  // streams
  streamRoutes,
  // streams
  streamEditRoutes,
  // promoted products of a stream
  streamPromotionRoutes,
  // the live room
  streamRoomRoutes,
  // the influencers' app door (ADR 0057)
  influencerAppRoutes,
  // campaigns
  campaignRoutes,
  // the influencers' campaign calls (ADR 0057)
  influencerCampaignRoutes,
  // chat (ADR 0066)
  chatRoutes,
  // the console's search box (ADR 0069)
  searchRoutes,
  // the influencers' payouts and payments (ADR 0057, 0060)
  influencerPayoutRoutes,
  // the audit log (ADR 0071)
  auditRoutes,
];

/** Where the embedded chat service answers Stream's protocol, under /api (ADR 0066). */
const CHAT_MOUNT = CHAT_BASE_PATH.replace(/^\/api/, "");

/**
 * Paths that are not API calls and so carry no policy: the reference, its assets, and stored files; and Stream's chat
 * protocol, whose calls the chat token guards (ADR 0066), documented there and not in the OpenAPI document.
 */
export const UNGUARDED_PATHS = [
  "/openapi.json",
  "/docs",
  "/docs/assets/:file",
  ...CHAT_PROTOCOL_PATHS.map((p) => `${CHAT_MOUNT}${p}`),
];

/** The OpenAPI document of the mounted routes (served at /api/openapi.json, linted by `npm run lint:openapi`). */
export const apiDocument = (registry: RouteRegistry, env: Pick<Deps["env"], "BRAND_NAME">) =>
  openApiDocument(registry, { title: `${env.BRAND_NAME} back-office API`, version: "1.0.0" });

export function createApi(deps: Deps, modules = API_MODULES, opts: { audit?: boolean } = {}) {
  const registry: RouteRegistry = new Map();
  // strict: false: the spec writes some calls with a trailing slash (`GET product/`, `POST product/`)
  const app = new Hono<ApiEnv>({ strict: false }).basePath("/api");

  app.use("*", async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) c.res.headers.set(name, value);
    if (!c.res.headers.has("Content-Security-Policy")) c.res.headers.set("Content-Security-Policy", CLOSED_CSP);
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  app.use("*", async (c, next) => {
    if (isCrossSiteWrite(c.req.raw, deps.env.PUBLIC_URL)) throw new ApiError(403, MSG.crossSite);
    c.set("deps", deps);
    const page = c.env as PageRequestEnv | undefined;
    c.set("actor", await (page ? (page.actor ??= actorFor(deps, sessionToken(c))) : actorFor(deps, sessionToken(c))));
    await next();
  });

  for (const routes of modules) mountRoutes(app, registry, routes, opts);
  app.route(CHAT_MOUNT, chatProtocol());
  app.get("/openapi.json", (c) => c.json(apiDocument(registry, deps.env)));
  mountDocs(app, deps.env.BRAND_NAME);

  app.notFound((c) => c.json({ success: false, message: MSG.notFound, status: 1004, data: null }, 404));
  app.onError((error, c) => errorResponse(c, error));
  return Object.assign(app, { registry });
}
export type Api = ReturnType<typeof createApi>;
