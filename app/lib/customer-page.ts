// The customer page (spec 2 §2 Customers list and detail; ADR 0035). Client-safe: the page's `handle` and
// its components read these.

/** Who reaches the customer pages: admins, owners, and staff with the customer module (the page also needs 'view'). */
export const CUSTOMER_ACCESS = { roles: ["admin", "shopOwner", "staff"], module: "customer" } as const;

/** spec 2 §2: Purchases (default), Wishlist, Chat, Notes. */
export const CUSTOMER_TABS = [
  { value: "purchases", label: "Purchases" },
  { value: "wishlist", label: "Wishlist" },
  { value: "chat", label: "Chat" },
  { value: "notes", label: "Notes" },
] as const;
export type CustomerTab = (typeof CUSTOMER_TABS)[number]["value"];

/** The Chat tab's right: staff need the chat module's direct chat (as on /app/chat and the order's Chat tag). */
export const CUSTOMER_CHAT = "chat:direct-chat" as const;

export const tabOf = (value: string | null): CustomerTab =>
  CUSTOMER_TABS.find((t) => t.value === value)?.value ?? "purchases";

/** spec 2 §9: purchase and wishlist pages 10, notes 5. The product picker shows 10 more each time. */
export const PAGE_SIZE = { purchases: 10, wishlist: 10, notes: 5, picker: 10 } as const;

/** The picker's URL state: the open drawer, its search and how many products it shows. */
export const PICKER = { drawer: "products", search: "q", shown: "shown" } as const;
