import { MSG } from "#contract/core/messages";
import { ADMIN_ONLY } from "#api/platform/auth/actor";
import { ok } from "#api/platform/http/http";
import { route } from "#api/platform/http/router";
import { idPath } from "#api/platform/data/ids";
import { deleteUser, userDetails } from "./service";

/** DELETE user/{id}: also the single action of the users list's bulk delete (POST user/bulk/delete, with the list). */
export const deleteUserRoute = route({
  method: "delete",
  path: idPath("/user/:id"),
  summary: "Soft-delete a user and end their sessions; refused for yourself and for the owner of a live shop",
  policy: ADMIN_ONLY,
  handler: async ({ deps, actor, params }) => ok(await deleteUser(deps, actor, params.id), MSG.userDeleted),
});

// spec 1 §6: a user's details and delete are admin-only; GET user/list, which also lists a shop's customers, is the
// customers module's (userListRoutes), with the list's bulk delete
export const userRoutes = [
  route({
    method: "get",
    path: idPath("/user/:id"),
    summary:
      "One user for the details drawer, with the shop of an owner or staff member and a staff member's designation",
    policy: ADMIN_ONLY,
    handler: async ({ deps, params }) => ok(await userDetails(deps, params.id)),
  }),
  deleteUserRoute,
];
