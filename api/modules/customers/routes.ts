import { ROLE_LABELS } from "#contract/people/users";
import { MSG } from "#contract/core/messages";
import {
  confirmCustomerSchema,
  registerCustomerSchema,
  registerSendOtpSchema,
  searchCustomerSchema,
  userListWithBuyersQuerySchema,
  type CustomerListQuery,
} from "#contract/customers/customer-list-api";
import type { UserListQuery } from "#contract/people/users-api";
import { can } from "#contract/access/rights";
import { inviteCandidates } from "#api/modules/campaigns";
import { deleteUserRoute, listUsers, userDetails } from "#api/modules/users";
import { requirePermission } from "#api/platform/auth/actor";
import { forbidden, ok } from "#api/platform/http/http";
import { idPath } from "#api/platform/data/ids";
import { route } from "#api/platform/http/router";
import { bulkRoute } from "#api/platform/http/bulk";
import { csvDay, csvMoney, csvPhone, type CsvColumn, csvExport, type ExportRow } from "#api/platform/http/csv-export";
import { reachesEveryShop } from "#api/platform/auth/tenancy";
import { confirmCustomer, registerCustomer, searchCustomer, sendConfirmationCode, sendRegistrationCode } from "./add";
import { listCustomers } from "./list";

/** The customers list: admins, owners, and staff with the customer module's view or add (spec 2 §6). */
export const CUSTOMER_LIST = {
  roles: ["admin", "shopOwner", "staff"],
  staff: ["customer:view", "customer:add"],
} as const;
/** The add flow: admins, owners, and staff with customer add. */
export const CUSTOMER_ADD = { roles: ["admin", "shopOwner", "staff"], staff: ["customer:add"] } as const;
/** A found customer's confirmation: owners and staff with customer add (an admin has no shop to be confirmed for). */
const CUSTOMER_CONFIRM = { roles: ["shopOwner", "staff"], staff: ["customer:add"] } as const;

/**
 * Who calls GET user/list: the customers list's callers, and those who invite influencers to campaigns (owners, staff
 * with campaign edit). Each use then checks its own right (USER_LIST_USES).
 */
const USER_LIST = {
  roles: ["admin", "shopOwner", "staff"],
  staff: [...CUSTOMER_LIST.staff, "campaign:edit"],
} as const;

/**
 * GET user/list: the users list (spec 1 §7), with buyerId a shop's customers (spec 2 §6, ADR 0034), with campaignId
 * a campaign's invite candidates (spec 3 §7, ADR 0061). It lives here, not in the users module, so the dependency runs
 * one way: customers read people through the users module's index and the candidates through the campaigns module's.
 */
type UserListRow = ExportRow<"GET /user/list">;
const fullName = (p: { fName: string; lName: string }) => `${p.fName} ${p.lName}`.trim();

/** The users list's export (spec 1 §7 columns, with the id). */
const USER_EXPORT_COLUMNS: CsvColumn<UserListRow>[] = [
  { header: "User ID", cell: (u) => u._id },
  { header: "Name", cell: fullName },
  { header: "E-mail", cell: (u) => u.email },
  { header: "Phone", cell: csvPhone },
  { header: "Role", cell: (u) => ROLE_LABELS[u.role.role] },
  { header: "Gender", cell: (u) => u.gender },
  { header: "Status", cell: (u) => u.status },
  { header: "Created", cell: (u) => csvDay(u.createdAt) },
];

/** A shop's customers' export: the list's columns and the figures it sorts by. */
const CUSTOMER_EXPORT_COLUMNS: CsvColumn<UserListRow>[] = [
  { header: "Customer ID", cell: (u) => u._id },
  { header: "Name", cell: fullName },
  { header: "Phone", cell: csvPhone },
  { header: "E-mail", cell: (u) => u.email },
  { header: "Orders", cell: (u) => ("orderCount" in u ? u.orderCount : "") },
  { header: "Spent (AUD)", cell: (u) => ("spent" in u ? csvMoney(u.spent) : "") },
  { header: "Last Order", cell: (u) => ("lastOrderAt" in u ? csvDay(u.lastOrderAt) : "") },
  { header: "Created", cell: (u) => csvDay(u.createdAt) },
];

export const userList = route({
  method: "get",
  path: "/user/list",
  summary:
    "Users (admins only; never admins): search, role (repeated) and gender filters, location (part of an address), ageMin and ageMax (1–100, whole years from the date of birth), sort, skip, limit; data, count, isNext. " +
    "With buyerId (a shop id, or 'all'): that shop's customers (owners and staff with customer view or add: their own shop; another is 404), " +
    "each with orderCount, spent and lastOrderAt with the shop (admins with 'all': every customer, figures over every shop); sort createdAt, fName, email, orderCount, spent, lastOrderAt. " +
    "With campaignId (spec 3 §2 Invite-influencer list): the Approved influencers who may be invited to that campaign (admins; its shop's owner and staff with campaign edit; another shop's campaign is 404), with the same filters (role, if given, only influencer), each with instaProfileId, tiktokProfileId and campaignState (invited, requested, accepted, declined, removed or null: never asked; declined and removed ones may be invited again)",
  policy: USER_LIST,
  query: userListWithBuyersQuerySchema,
  handler: async ({ deps, actor, query }) => {
    if (query.campaignId) {
      requirePermission(actor, "campaign:edit");
      return inviteCandidates(deps, actor, query.campaignId, query as UserListQuery);
    }
    if (!can(actor, "customer:view") && !can(actor, "customer:add")) throw forbidden();
    if (query.buyerId) return listCustomers(deps, actor, query as CustomerListQuery);
    // the users list is the whole marketplace's people: only a caller who reaches every shop lists them
    if (!reachesEveryShop(actor)) throw forbidden();
    return listUsers(deps, query as UserListQuery);
  },
});

export const userListRoutes = [
  userList,
  csvExport<ExportRow<"GET /user/list">>(userList, {
    summary: "The users list, or with buyerId a shop's customers,",
    filename: (query: { buyerId?: string; role?: string[] }) =>
      query.buyerId
        ? "customers"
        : query.role?.length === 1 && query.role[0] === "influencer"
          ? "influencers"
          : "users",
    columns: (query: { buyerId?: string }) => (query.buyerId ? CUSTOMER_EXPORT_COLUMNS : USER_EXPORT_COLUMNS),
  }),
  // the users and influencers lists' bulk delete (ADR 0074): DELETE user/{id} on each row, admins only
  bulkRoute(deleteUserRoute, {
    path: "/user/bulk/delete",
    summary: "Delete users (the users list, or the influencers list with role influencer)",
    list: userList,
    request: (id) => ({ params: { id } }),
    name: async (deps, _actor, id) => fullName(await userDetails(deps, id)),
  }),
];

// spec 2 §4 Customer add flow, §7 Customer (ADR 0034). The list itself is GET user/list with buyerId (userListRoutes).
export const customerAddRoutes = [
  route({
    method: "post",
    path: "/user/search-customer",
    summary:
      "The add flow's step 1: {type: 'mobile', mobile, countryCode or countryFlag}. Found: a customer the caller's shop knows (admins: any) whole; another shop's customer as name and masked phone and e-mail only (needsConfirmation), until they confirm with a code (user/customer/{id}/send-otp, verify-otp); not found: found false",
    policy: CUSTOMER_ADD,
    body: searchCustomerSchema,
    handler: async ({ deps, actor, body }) => {
      const result = await searchCustomer(deps, actor, body);
      return ok(result, result.found ? MSG.customerFound : MSG.customerNotFound);
    },
  }),
  route({
    method: "post",
    path: "/auth/register/send-otp",
    summary:
      "The add flow's step 3 and 'Resend OTP': text a 6-digit code to a new customer's phone {mobile, countryFlag, countryCode, optional email}; refused when an account uses the number (or the e-mail); the project's send limits",
    policy: CUSTOMER_ADD,
    body: registerSendOtpSchema,
    handler: async ({ deps, c, actor, body }) =>
      ok(await sendRegistrationCode(deps, c, actor, body), MSG.customerCodeSent),
  }),
  route({
    method: "post",
    path: idPath("/auth/register/:id"),
    summary:
      "The add flow's step 4: register a customer for shop {id} (owners and staff: their own shop) with the texted code: {role: 'endUser', fName, email, gender, mobile, countryFlag, countryCode, optional image, otp}",
    policy: CUSTOMER_ADD,
    body: registerCustomerSchema,
    handler: async ({ deps, actor, params, body }) =>
      ok(await registerCustomer(deps, actor, params.id, body), MSG.customerRegistered),
  }),
  route({
    method: "post",
    path: idPath("/user/customer/:id/send-otp"),
    summary:
      "A found customer the shop does not know yet: text a 6-digit code to their phone, for them to confirm the shop may see them (also 'Resend OTP'); answers the number masked; the project's send limits",
    policy: CUSTOMER_CONFIRM,
    handler: async ({ deps, c, actor, params }) =>
      ok(await sendConfirmationCode(deps, c, actor, params.id), MSG.customerConfirmCodeSent),
  }),
  route({
    method: "post",
    path: idPath("/user/customer/:id/verify-otp"),
    summary:
      "The customer's code {otp} confirms them: the caller's shop now counts them, and the answer is their record (spec 2 §3 Customer); a wrong code is 400 on otp",
    policy: CUSTOMER_CONFIRM,
    body: confirmCustomerSchema,
    handler: async ({ deps, actor, params, body }) =>
      ok(await confirmCustomer(deps, actor, params.id, body.otp), MSG.customerConfirmed),
  }),
];
