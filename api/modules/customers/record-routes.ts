import { MSG } from "#contract/core/messages";
import {
  noteWriteSchema,
  notesQuerySchema,
  purchasesQuerySchema,
  wishlistQuerySchema,
  wishlistWriteSchema,
} from "#contract/customers/customer-record-api";
import { ok } from "#api/platform/http/http";
import { idPath } from "#api/platform/data/ids";
import { route } from "#api/platform/http/router";
import { writeNote, customerNotesList } from "./notes";
import { customerPurchases, customerRecord } from "./record";
import { customerWishlist, writeWishlist } from "./wishlist";

/** The customer page's reads: admins, owners, and staff with the customer module's 'view' (ADR 0035). */
export const CUSTOMER_VIEW = { roles: ["admin", "shopOwner", "staff"], staff: ["customer:view"] } as const;
/** Its writes (notes, wishlist): staff need the customer module's 'add'. */
export const CUSTOMER_WRITE = { roles: ["admin", "shopOwner", "staff"], staff: ["customer:add"] } as const;

// spec 2 §7 Customer: the customer page's calls (ADR 0035). Owners and staff reach only customers of their
// shop (isCustomerOf): anyone else is 404; they see their shop's part of the purchases, its products in the wishlist
// and its notes only.
export const customerRecordRoutes = [
  route({
    method: "get",
    path: idPath("/user/customer/:id"),
    summary:
      "One customer (spec 2 §3 Customer): fName, lName, email, gender, mobile, countryCode, countryFlag, image; owners and staff: only a customer of their shop (else 404)",
    policy: CUSTOMER_VIEW,
    handler: async ({ deps, actor, params }) => ok(await customerRecord(deps, actor, params.id)),
  }),
  route({
    method: "get",
    path: "/user/purchases",
    summary:
      "A customer's purchases (spec 2 §3 Purchase; the path is ours): customerId, sort (createdAt, totalPrice), sortType, limit, page|skip; owners and staff: the orders with lines of their shop, those lines and their part's total; data, count, isNext",
    policy: CUSTOMER_VIEW,
    query: purchasesQuerySchema,
    handler: async ({ deps, actor, query }) => customerPurchases(deps, actor, query),
  }),
  route({
    method: "get",
    path: idPath("/user/wishlist/:cusId"),
    summary:
      "A customer's wishlist (spec 2 §3 Wishlist entry): owners and staff see the entries of their shop's products; newest first, limit, page|skip; data, count, isNext",
    policy: CUSTOMER_VIEW,
    query: wishlistQuerySchema,
    handler: async ({ deps, actor, params, query }) => customerWishlist(deps, actor, params.cusId, query),
  }),
  route({
    method: "put",
    path: "/user/wishlist",
    summary:
      "Add or remove a product in a customer's wishlist: {prodId, action add|remove, customerId}; owners and staff: their shop's products only (another's is 404)",
    policy: CUSTOMER_WRITE,
    body: wishlistWriteSchema,
    handler: async ({ deps, actor, body }) => {
      const written = await writeWishlist(deps, actor, body);
      return ok(written, written.isInWishList ? MSG.wishlistAdded : MSG.wishlistRemoved);
    },
  }),
  route({
    method: "get",
    path: idPath("/user/notes/:cusId"),
    summary:
      "A shop's notes about a customer (spec 2 §3 Note), newest first, limit (5 on the page), page|skip; owners and staff: their shop's notes only, admins: all; data, count, isNext",
    policy: CUSTOMER_VIEW,
    query: notesQuerySchema,
    handler: async ({ deps, actor, params, query }) => customerNotesList(deps, actor, params.cusId, query),
  }),
  route({
    method: "put",
    path: "/user/notes",
    summary:
      "Add {action 'add', cusId, note} ('Please Enter Note!' when empty) or remove {action 'remove', cusId, noteId} a note; owners and staff: their shop's notes only (another's is 404); an admin's note belongs to no shop",
    policy: CUSTOMER_WRITE,
    body: noteWriteSchema,
    handler: async ({ deps, actor, body }) => {
      const written = await writeNote(deps, actor, body);
      return ok(written, body.action === "add" ? MSG.noteAdded : MSG.noteRemoved);
    },
  }),
];
