import { listQuerySchema } from "../core/list";
import { MSG } from "../core/messages";
import { personFields } from "../people/person-api";
import { z, idField } from "../core/zod";

// The customer page's calls (spec 2 §3 Customer, §7 Customer; ADR 0035): GET user/customer/{id},
// GET user/purchases, GET user/wishlist/{cusId}, PUT user/wishlist, GET user/notes/{cusId}, PUT user/notes.
// Server only: pages import the types.

const customerIdField = idField(MSG.customerRequired);

/** spec 2 §3 Customer: _id, fName, email, gender, mobile, countryCode, countryFlag, image (and lName). */
export const customerRecordSchema = z.object(personFields);
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

/** spec 2 §3 Purchase: createdAt, totalPrice, products (id, quantity, price), productsData keyed by product id. */
export const purchaseSchema = z.object({
  _id: z.string(),
  orderId: z.number(),
  createdAt: z.string(),
  /** admins: the order's total; owners and staff: their shop's part (its lines, their tax, less their coupon share) */
  totalPrice: z.number(),
  products: z.array(z.object({ _id: z.string(), id: z.string(), quantity: z.number(), price: z.number() })),
  productsData: z.record(
    z.string(),
    z.object({ _id: z.string(), name: z.string(), defaultImage: z.string().nullable() }),
  ),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** spec 2 §3 Wishlist entry: product (name, images, price). */
export const wishlistEntrySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  product: z.object({
    _id: z.string(),
    shopId: z.string(),
    name: z.string(),
    images: z.array(z.string()),
    defaultImage: z.string().nullable(),
    price: z.number(),
  }),
});
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

/** spec 2 §3 Note: note, time, addedBy {fName, image}; shopId null is an admin's (platform) note. */
export const customerNoteSchema = z.object({
  _id: z.string(),
  note: z.string(),
  time: z.string(),
  shopId: z.string().nullable(),
  addedBy: z.object({ _id: z.string().nullable(), fName: z.string(), lName: z.string(), image: z.string().nullable() }),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

/** GET user/purchases: sort (createdAt, totalPrice), sortType, limit (10 on the page), page|skip, customerId. */
export const purchasesQuerySchema = z.intersection(
  listQuerySchema(["createdAt", "totalPrice"]),
  z.object({ customerId: customerIdField }),
);
/** GET user/wishlist/{cusId}: sort createdAt, sortType, limit, page|skip (cusId accepted again in the query). */
export const wishlistQuerySchema = z.intersection(
  listQuerySchema(["createdAt"]),
  z.object({ cusId: z.string().max(64).optional() }),
);
/** GET user/notes/{cusId}: newest first, limit (5 on the page), page|skip. */
export const notesQuerySchema = wishlistQuerySchema;

export const WISHLIST_ACTIONS = ["add", "remove"] as const;
/** PUT user/wishlist: prodId, action (add or remove), customerId. */
export const wishlistWriteSchema = z.object({
  prodId: idField(MSG.wishlistProductRequired),
  action: z.enum(WISHLIST_ACTIONS, { error: MSG.wishlistAction }),
  customerId: customerIdField,
});
export type WishlistWrite = z.infer<typeof wishlistWriteSchema>;

export const NOTE_ACTIONS = ["add", "remove"] as const;
/** PUT user/notes: {action 'add', cusId, note} or {action 'remove', cusId, noteId (or the id in note)}. */
export const noteWriteSchema = z
  .object({
    action: z.enum(NOTE_ACTIONS, { error: MSG.noteAction }),
    cusId: customerIdField,
    note: z.string().max(1000, MSG.noteTooLong).optional().nullable(),
    noteId: z.string().trim().max(64).optional(),
  })
  .transform((b, ctx) => {
    if (b.action === "add") {
      const note = (b.note ?? "").trim();
      if (!note) ctx.addIssue({ code: "custom", path: ["note"], message: MSG.noteRequired });
      return { action: "add" as const, cusId: b.cusId, note };
    }
    const noteId = b.noteId || (b.note ?? "").trim();
    if (!noteId || noteId.length > 64) ctx.addIssue({ code: "custom", path: ["noteId"], message: MSG.noteIdRequired });
    return { action: "remove" as const, cusId: b.cusId, noteId };
  });
export type NoteWrite = z.output<typeof noteWriteSchema>;

/** What PUT user/wishlist answers: the product and whether it is now in the wishlist. */
export const wishlistWrittenSchema = z.object({
  prodId: z.string(),
  customerId: z.string(),
  isInWishList: z.boolean(),
});
/** What PUT user/notes answers: the note added, or the removed note's id. */
export const noteWrittenSchema = z.union([customerNoteSchema, z.object({ _id: z.string(), removed: z.literal(true) })]);
