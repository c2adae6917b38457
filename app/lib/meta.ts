/**
 * Every page's meta description, rendered once by root's Layout: the deepest route's `handle.description`, else the
 * console's own. Remix renders only the deepest route's `meta`, and a route's `meta` names its title, so a description
 * there would have to be repeated in every route; pages give theirs in `handle` instead (never in `meta`: two tags).
 */
export function pageDescription(handles: readonly unknown[], brand: string): string {
  for (const handle of [...handles].reverse()) {
    const description =
      typeof handle === "object" && handle !== null && "description" in handle ? handle.description : undefined;
    if (typeof description === "string" && description) return description;
  }
  return `${brand || "The"} back office: the users, influencers, shops, catalogue, orders and live streams of the marketplace.`;
}
