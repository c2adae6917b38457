/**
 * The texts the customer page shows by itself (ADR 0035). Apart from UI_MSG so that only this page ships
 * them (ADR 0021); the API's messages (the note's 'Please Enter Note!') come from MSG through the action.
 */
export const CUSTOMER_UI_MSG = {
  // ours: empty tabs
  noPurchases: "No purchases with this shop yet.",
  noWishlist: "No products of this shop in the wishlist yet.",
  noNotes: "No notes yet.",
  noProducts: "No products found.",
} as const;
