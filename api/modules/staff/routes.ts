import { MSG } from "#contract/core/messages";
import { addStaffSchema, editStaffSchema, removeStaffSchema } from "#contract/people/staff-api";
import { ANY_CONSOLE_USER } from "#api/platform/auth/actor";
import { ok } from "#api/platform/http/http";
import { route, type RouteDef } from "#api/platform/http/router";
import { idPath } from "#api/platform/data/ids";
import { addStaff, editStaff, memberPermissions, removeStaff } from "./service";

const SHOP_PEOPLE = ["admin", "shopOwner", "staff"] as const;

// spec 1 §7 Users (staff calls) and ARCHITECTURE §5: staff need `staff:add` to add, `staff:edit` to edit or delete
export const staffRoutes: RouteDef[] = [
  route({
    method: "post",
    path: "/user/add-shopstaff",
    summary:
      "Add a staff member (no password; phone counts as verified) with their access modules; admins name the shop",
    policy: { roles: SHOP_PEOPLE, staff: ["staff:add"] },
    body: addStaffSchema,
    handler: async ({ deps, actor, body }) => ok(await addStaff(deps, actor, body), MSG.staffAdded),
  }),
  route({
    method: "post",
    path: "/user/edit-shopstaff",
    summary: "Edit a team member (userId) and their access modules; the owner's phone and role are read-only",
    policy: { roles: SHOP_PEOPLE, staff: ["staff:edit"] },
    body: editStaffSchema,
    handler: async ({ deps, actor, body }) => ok(await editStaff(deps, actor, body), MSG.staffUpdated),
  }),
  route({
    method: "post",
    path: "/user/remove-shopstaff",
    summary: "Remove a staff member (shopId, userId): soft delete, their sessions end; never the owner",
    policy: { roles: SHOP_PEOPLE, staff: ["staff:edit"] },
    body: removeStaffSchema,
    handler: async ({ deps, actor, body }) => ok(await removeStaff(deps, actor, body), MSG.staffRemoved),
  }),
  route({
    method: "get",
    path: idPath("/auth/user-permission/:id"),
    summary:
      "A team member of the caller's shop (admins: any) with data.access_module: the nine modules and audit (ADR 0071), on when any access type is chosen",
    policy: ANY_CONSOLE_USER,
    handler: async ({ deps, actor, params }) => ok(await memberPermissions(deps, actor, params.id)),
  }),
];
