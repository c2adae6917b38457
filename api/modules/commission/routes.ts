import {
  addCommissionSchema,
  commissionListQuerySchema,
  deleteCommissionSchema,
  editCommissionSchema,
} from "#contract/shops/commission-api";
import { MSG } from "#contract/core/messages";
import { ADMIN_ONLY, ANY_CONSOLE_USER } from "#api/platform/auth/actor";
import { ok } from "#api/platform/http/http";
import { route, type RouteDef } from "#api/platform/http/router";
import { csvExport, type ExportRow } from "#api/platform/http/csv-export";
import { idPath } from "#api/platform/data/ids";
import { addCommission, deleteCommission, editCommission, listCommissions } from "./service";

const commissionList = route({
  method: "get",
  path: idPath("/shop/commission/:shopId"),
  summary:
    "A shop's sub-category commissions {categoryId: {_id, name, parent: {_id, name}}, percentage}: skip|page, limit (10), search on the sub-category or category name; owners and staff their own shop only (else 404/1004)",
  policy: ANY_CONSOLE_USER,
  query: commissionListQuerySchema,
  handler: async ({ deps, actor, params, query }) => listCommissions(deps, actor, params.shopId, query),
});

// spec 1 §7 Shops: a shop's category commission. Everyone on the shop's page reads it (owners and staff their own shop
// only); only admins add, edit or delete it (spec 1 §6).
export const commissionRoutes: RouteDef[] = [
  commissionList,
  csvExport<ExportRow<"GET /shop/commission/:shopId">>(commissionList, {
    summary: "A shop's commission list",
    filename: "commission",
    columns: [
      { header: "Sub-category ID", cell: (c) => c.categoryId._id },
      { header: "Sub-category", cell: (c) => c.categoryId.name },
      { header: "Category ID", cell: (c) => c.categoryId.parent._id },
      { header: "Category", cell: (c) => c.categoryId.parent.name },
      { header: "Commission (%)", cell: (c) => c.percentage },
      { header: "Default Commission (%)", cell: (c) => c.defaultPercentage },
    ],
  }),
  route({
    method: "post",
    path: "/shop/commission",
    summary:
      "Add a shop's commission on a sub-category {shopId, categoryId, percentage: integer 1–100}; a sub-category at most once per shop",
    policy: ADMIN_ONLY,
    body: addCommissionSchema,
    handler: async ({ deps, body }) => ok(await addCommission(deps, body), MSG.commissionAdded),
  }),
  route({
    method: "put",
    path: "/shop/commission",
    summary: "Change a shop's commission on a sub-category {shopId, categoryId, percentage: integer 1–100}",
    policy: ADMIN_ONLY,
    body: editCommissionSchema,
    handler: async ({ deps, body }) => ok(await editCommission(deps, body), MSG.commissionUpdated),
  }),
  route({
    method: "delete",
    path: "/shop/commission",
    summary:
      "Remove a shop's commission on a sub-category {shopId, categoryId}; the sub-category's default applies again",
    policy: ADMIN_ONLY,
    body: deleteCommissionSchema,
    handler: async ({ deps, body }) => ok(await deleteCommission(deps, body), MSG.commissionDeleted),
  }),
];
