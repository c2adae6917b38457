import { MSG } from "#contract/core/messages";
import { shopEditSchema } from "#contract/shops/shop-profile-api";
import { ok } from "#api/platform/http/http";
import { route, type RouteDef } from "#api/platform/http/router";
import { editShop } from "./profile";

// spec 1 §7 Shops: POST shop/edit (the shop profile, spec 1 §5 Shop profile edits); helper C
export const shopProfileRoutes: RouteDef[] = [
  route({
    method: "post",
    path: "/shop/edit",
    summary:
      "Change a shop's profile: _id (ownerId accepted and ignored) plus any of name, email, website (' ' for none), location {address, placeId}, " +
      "story (HTML, sanitised), categories (department ids), timings (weekday → slots), image, coverImage ('null' removes). " +
      "Admins any shop; the owner their own; staff their own with shop:edit-details. Answers the shop as GET shop/getdetails/{id}",
    policy: { roles: ["admin", "shopOwner", "staff"], staff: ["shop:edit-details"] },
    body: shopEditSchema,
    handler: async ({ deps, actor, body }) => {
      const removedImage =
        (body.image === null && body.coverImage === undefined) ||
        (body.coverImage === null && body.image === undefined);
      return ok(await editShop(deps, actor, body), removedImage ? MSG.shopImageRemoved : MSG.shopUpdated);
    },
  }),
];
