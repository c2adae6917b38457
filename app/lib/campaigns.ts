// The campaign pages' access and return addresses: client-safe, so the routes' `handle` can name them.

/** Who opens the campaign pages (spec 3 §2, §6): admins, owners, and staff with the campaign module (add, edit, view). */
export const CAMPAIGN_PAGE = { roles: ["admin", "shopOwner", "staff"] as const, module: "campaign" as const };

/**
 * spec 3 §2: after saving, a shop owner (and their staff) goes to /app/campaign; other users (admins) to the shop's
 * campaigns list.
 */
export const campaignListHref = (isAdmin: boolean, shopId: string) =>
  isAdmin ? `/app/shop/${shopId}/campaigns` : "/app/campaign";
