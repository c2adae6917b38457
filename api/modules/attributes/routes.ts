import {
  attributeIdsQuerySchema,
  attributeListQuerySchema,
  attributePushSchema,
  createAttributeSchema,
} from "#contract/catalogue/attributes-api";
import { MSG } from "#contract/core/messages";
import { ATTRIBUTE_TYPE_LABELS } from "#contract/catalogue/attributes";
import { ADMIN_ONLY, ANY_CONSOLE_USER, type Policy } from "#api/platform/auth/actor";
import { ok } from "#api/platform/http/http";
import { route } from "#api/platform/http/router";
import { csvDay, csvExport, type ExportRow } from "#api/platform/http/csv-export";
import { idPath } from "#api/platform/data/ids";
import { attributeById, attributeDefinitions, createAttribute, listAttributes, pushAttributeOption } from "./service";

/** The product form lets shop people add a missing option to an attribute (ADR: attribute options from the product form). */
const PRODUCT_EDITORS = {
  roles: ["admin", "shopOwner", "staff"],
  staff: ["product:add", "product:edit"],
} as const satisfies Policy;

const attributeList = route({
  method: "get",
  path: "/attr",
  summary:
    "Attributes: search (name or label), isForVariation (or isVariation) filter, sort, page or skip, limit; data, count, isNext",
  policy: ANY_CONSOLE_USER,
  query: attributeListQuerySchema,
  handler: async ({ deps, query }) => listAttributes(deps, query),
});

// spec 2 §7 Attribute. Every console user reads attributes (the product form needs them); only admins create them.
export const attributeRoutes = [
  attributeList,
  csvExport<ExportRow<"GET /attr">>(attributeList, {
    summary: "The attribute list",
    filename: "attributes",
    columns: [
      { header: "Attribute ID", cell: (a) => a._id },
      { header: "Name", cell: (a) => a.name },
      { header: "Label", cell: (a) => a.label },
      { header: "Type", cell: (a) => ATTRIBUTE_TYPE_LABELS[a.type] },
      { header: "Variation", cell: (a) => (a.isForVariation ? "Yes" : "No") },
      { header: "Options", cell: (a) => a.list.join(", ") },
      { header: "Unit", cell: (a) => a.unit },
      { header: "Created", cell: (a) => csvDay(a.createdAt) },
    ],
  }),
  route({
    method: "post",
    path: "/attr",
    summary:
      "Add an attribute: name (unique in any case), label, type, isForVariation, list (unless text or number), hint, map of option colours",
    policy: ADMIN_ONLY,
    body: createAttributeSchema,
    handler: async ({ deps, body }) => ok(await createAttribute(deps, body), MSG.attributeAdded),
  }),
  route({
    method: "get",
    path: "/attr/multiple",
    summary:
      "Attribute definitions for the product form, in the order of the ids asked (id repeated or comma-separated, at most 100); unknown ids skipped",
    policy: ANY_CONSOLE_USER,
    query: attributeIdsQuerySchema,
    handler: async ({ deps, query }) => ok(await attributeDefinitions(deps, query.id)),
  }),
  route({
    method: "get",
    path: idPath("/attr/:id"),
    summary: "One attribute",
    policy: ANY_CONSOLE_USER,
    handler: async ({ deps, params }) => ok(await attributeById(deps, params.id)),
  }),
  route({
    method: "put",
    path: idPath("/attr/push/:id"),
    summary:
      "Add an option (data.field 'list', value the option) or an option's colour (data.field 'map', value {name, value '#RRGGBB'})",
    policy: PRODUCT_EDITORS,
    body: attributePushSchema,
    handler: async ({ deps, params, body }) =>
      ok(await pushAttributeOption(deps, params.id, body), MSG.attributeOptionAdded),
  }),
];
