import {
  addInfluencerSchema,
  addUserRoleSchema,
  editInfluencerSchema,
  influencerStatusSchema,
} from "#contract/people/influencers-api";
import { MSG } from "#contract/core/messages";
import { ownerPayloadSchema } from "#contract/shops/shops-api";
import type { z } from "#contract/core/zod";
import { ADMIN_ONLY } from "#api/platform/auth/actor";
import { badRequest, ok, zodErrors } from "#api/platform/http/http";
import { route, type RouteDef } from "#api/platform/http/router";
import { bulkRoute } from "#api/platform/http/bulk";
import { idPath } from "#api/platform/data/ids";
import { createShopOwner } from "#api/modules/shops";
import { userEntity } from "#api/modules/users";
import { userListRoute } from "#api/modules/customers";
import { addInfluencer, changeInfluencerStatus, editInfluencer, influencerDetails } from "./service";

/** A payload checked against the schema its `role` names; refusals as every route gives them. */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const errors = zodErrors(parsed.error);
    throw badRequest(Object.values(errors)[0]?.[0] ?? MSG.somethingWrong, errors);
  }
  return parsed.data;
}

/**
 * Who reads one influencer: admins (the influencers list), and those who invite influencers to campaigns (spec 3 §2
 * Influencer profile (invite view): owners, staff with campaign add or edit), who see only Approved ones.
 */
const INFLUENCER_READ = {
  roles: ["admin", "shopOwner", "staff"],
  staff: ["campaign:add", "campaign:edit"],
} as const;

/** PUT user/verification: also the single action of the influencers list's bulk verification. */
const influencerVerification = route({
  method: "put",
  path: "/user/verification",
  summary:
    "Influencer verification (spec 1 §4; the spec leaves the path unnamed, ADR 0016): PUT /api/user/verification {userId, status}. " +
    "Pending → Approved or Rejected, Approved → Rejected, Rejected → Approved; the same status or none is 'Please Change the Status'",
  policy: ADMIN_ONLY,
  body: influencerStatusSchema,
  handler: async ({ deps, body }) =>
    ok(await changeInfluencerStatus(deps, body), MSG.influencerStatusChanged(body.status)),
});

// spec 1 §6–§7: influencers are managed by admins only; shops read an Approved one's profile to invite them.
export const influencerRoutes: RouteDef[] = [
  route({
    method: "get",
    path: idPath("/user/influencer/:id"),
    summary:
      "One influencer: spec 1 §3 User with every Influencer extra (dob, ethnicity, country, state, city, social ids, bio, portfolio, customizeGender, status). " +
      "Shop owners and staff with campaign add or edit (the invite view, spec 3 §2): Approved influencers only (any other is 404), without the phone number",
    policy: INFLUENCER_READ,
    handler: async ({ deps, actor, params }) => ok(await influencerDetails(deps, params.id, actor)),
  }),
  route({
    method: "post",
    path: "/user/add-user",
    summary:
      "Add a user, by `role`: `influencer` (spec 1 §5 Add Influencer: image and 1–8 portfolio images uploaded by the caller; starts Pending, no password) " +
      "or `shopOwner` (spec 1 §3 Owner payload: fName, gender, countryCode, countryFlag, mobile; then POST shop/add with ownerId)",
    policy: ADMIN_ONLY,
    body: addUserRoleSchema,
    handler: async ({ deps, actor, body }) => {
      if (body.role === "shopOwner") {
        const owner = await createShopOwner(deps.db, parse(ownerPayloadSchema, body), deps.now());
        return ok(userEntity(owner), MSG.shopOwnerAdded);
      }
      return ok(await addInfluencer(deps, actor, parse(addInfluencerSchema, body)), MSG.influencerAdded);
    },
  }),
  route({
    method: "put",
    path: idPath("/user/edit-user/:userId"),
    summary:
      "Edit an influencer with the Add Influencer rules; image and portfolio may be left out (the current ones stay)",
    policy: ADMIN_ONLY,
    body: editInfluencerSchema,
    handler: async ({ deps, actor, body, params }) =>
      ok(await editInfluencer(deps, actor, params.userId, body), MSG.influencerUpdated),
  }),
  influencerVerification,
  // the influencers list's bulk verification (ADR 0074): PUT user/verification on each row, admins only
  bulkRoute(influencerVerification, {
    path: "/user/bulk/verification",
    summary:
      "Change the verification status of influencers (the influencers list: GET user/list's query with role influencer)",
    list: userListRoute,
    fields: { status: influencerStatusSchema.shape.status },
    request: (userId, { status }) => ({ body: { userId, status } }),
    name: async (deps, actor, id) => {
      const influencer = await influencerDetails(deps, id, actor);
      return `${influencer.fName} ${influencer.lName}`.trim();
    },
  }),
];
