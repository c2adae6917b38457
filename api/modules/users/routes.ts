import { MSG } from "#contract/core/messages";
import type { UserListQuery } from "#contract/people/users-api";
import { userListWithBuyersQuerySchema, type CustomerListQuery } from "#contract/customers/customer-list-api";
import { CUSTOMER_LIST, listCustomers } from "#api/modules/customers";
import { ADMIN_ONLY } from "#api/platform/actor";
import { forbidden, ok } from "#api/platform/http";
import { route } from "#api/platform/router";
import { idPath } from "#api/platform/ids";
import { reachesEveryShop } from "#api/platform/tenancy";
import { deleteUser, listUsers, userDetails } from "./service";

// spec 1 §6: the user list is admin-only
export const userRoutes = [
  // customers list (ADR 0034): with buyerId, the shop's customers
  route({
    method: "get",
    path: "/user/list",
    summary:
      "Users (admins only; never admins): search, role (repeated) and gender filters, sort, skip, limit; data, count, isNext. " +
      "With buyerId (a shop id, or 'all'): that shop's customers (owners and staff with customer view or add: their own shop; another is 404), " +
      "each with orderCount, spent and lastOrderAt with the shop (admins with 'all': every customer, figures over every shop); sort createdAt, fName, email, orderCount, spent, lastOrderAt",
    policy: CUSTOMER_LIST,
    query: userListWithBuyersQuerySchema,
    handler: async ({ deps, actor, query }) => {
      if (query.buyerId) return listCustomers(deps, actor, query as CustomerListQuery);
      // the users list is the whole marketplace's people: only a caller who reaches every shop lists them
      if (!reachesEveryShop(actor)) throw forbidden();
      return listUsers(deps, query as UserListQuery);
    },
  }),
  route({
    method: "get",
    path: idPath("/user/:id"),
    summary:
      "One user for the details drawer, with the shop of an owner or staff member and a staff member's designation",
    policy: ADMIN_ONLY,
    handler: async ({ deps, params }) => ok(await userDetails(deps, params.id)),
  }),
  route({
    method: "delete",
    path: idPath("/user/:id"),
    summary: "Soft-delete a user and end their sessions; refused for yourself and for the owner of a live shop",
    policy: ADMIN_ONLY,
    handler: async ({ deps, actor, params }) => ok(await deleteUser(deps, actor, params.id), MSG.userDeleted),
  }),
];
