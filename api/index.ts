import { Hono } from "hono";
import { MSG } from "#contract/messages";
import { authRoutes } from "./modules/auth/routes";
import { profileRoutes } from "./modules/profile/routes";
import { uploadRoutes } from "./modules/uploads/routes";
import { smsRoutes } from "./modules/sms/routes";
import { userRoutes } from "./modules/users/routes";
import { shopRoutes } from "./modules/shops/routes";
import { categoryRoutes } from "./modules/categories/routes";
import { attributeRoutes } from "./modules/attributes/routes";
import { brandRoutes } from "./modules/brands/routes";
import { productRoutes } from "./modules/products/routes";
import { influencerRoutes } from "./modules/influencers/routes";
import { staffRoutes } from "./modules/staff/routes";
import { commissionRoutes } from "./modules/commission/routes";
import { registrationRoutes } from "./modules/registration/routes";
import { geoRoutes } from "./modules/geo/routes";
import type { Deps } from "./platform/deps";
import { mountDocs } from "./platform/docs";
import { ApiError } from "./platform/http";
import { openApiDocument } from "./platform/openapi";
import { errorResponse, mountRoutes, type ApiEnv, type RouteDef, type RouteRegistry } from "./platform/router";
import { BASE_SECURITY_HEADERS, CLOSED_CSP, isCrossSiteWrite } from "./platform/security";
import { actorFor, sessionToken } from "./platform/sessions";

/** Each area's routes, in the order of the spec's "Calls" sections. */
// commission before shops: DELETE shop/commission must be matched before DELETE shop/{id}
const MODULES: RouteDef[][] = [
  authRoutes,
  registrationRoutes,
  profileRoutes,
  uploadRoutes,
  influencerRoutes,
  staffRoutes,
  userRoutes,
  commissionRoutes,
  shopRoutes,
  categoryRoutes,
  attributeRoutes,
  brandRoutes,
  productRoutes,
  geoRoutes,
  smsRoutes,
];

/** Paths that are not API calls and so carry no policy: the reference, its assets, and stored files. */
export const UNGUARDED_PATHS = ["/openapi.json", "/docs", "/docs/assets/:file"];

/** The OpenAPI document of the mounted routes (served at /api/openapi.json, linted by `npm run lint:openapi`). */
export const apiDocument = (registry: RouteRegistry, env: Pick<Deps["env"], "BRAND_NAME">) =>
  openApiDocument(registry, { title: `${env.BRAND_NAME} back-office API`, version: "1.0.0" });

export function createApi(deps: Deps) {
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
    c.set("actor", await actorFor(deps, sessionToken(c)));
    await next();
  });

  for (const routes of MODULES) mountRoutes(app, registry, routes);
  app.get("/openapi.json", (c) => c.json(apiDocument(registry, deps.env)));
  mountDocs(app, deps.env.BRAND_NAME);

  app.notFound((c) => c.json({ success: false, message: MSG.notFound, status: 1004, data: null }, 404));
  app.onError((error, c) => errorResponse(c, error));
  return Object.assign(app, { registry });
}
export type Api = ReturnType<typeof createApi>;
