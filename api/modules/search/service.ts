import { and, desc, eq, ilike, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { CONSOLE_ROLES } from "#contract/access/roles";
import { can, type Access } from "#contract/access/rights";
import { SEARCH_KINDS, SEARCH_PER_KIND, type SearchHit, type SearchKind } from "#contract/search/search";
import type { SearchResult } from "#contract/search/search";
import { campaigns, orderParts, orders, products, shops, streams, users } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { likePattern } from "#api/platform/data/list";
import { reachesNoShop, shopScope, visibleTo } from "#api/platform/auth/tenancy";
import { visibleCustomer } from "#api/modules/customers";
import { userIndexedSearch } from "#api/modules/users";

// GET search (the console's one search box, ADR 0069): a few records of each kind the caller may list, found the way
// each list's search finds them, on indexes (trigram on names, e-mails and phones; the order number's unique index).
// Each kind is open to exactly those whose list call it is: a kind the caller cannot list is left out, not empty.

/** Who lists each kind: the policies of the list calls (GET order/list, product, user/list with buyerId, shop/list, user/list, live-stream/list, campaign). */
const KIND_ACCESS: Record<SearchKind, Access> = {
  orders: { roles: CONSOLE_ROLES, module: "order" },
  products: { roles: CONSOLE_ROLES, module: "product" },
  customers: { roles: CONSOLE_ROLES, module: "customer" },
  // the marketplace's shops and people are the admin's lists only
  shops: { roles: ["admin"] },
  users: { roles: ["admin"] },
  influencers: { roles: ["admin"] },
  streams: { roles: CONSOLE_ROLES, module: "stream" },
  campaigns: { roles: CONSOLE_ROLES, module: "campaign" },
};

/** One more than shown: the extra one says the list holds more. */
const TAKE = SEARCH_PER_KIND + 1;
/** The most customers whose orders are read by buyer; past it the customers stay a subquery (as the orders list does, ADR 0033). */
const FEW_BUYERS = 300;

const fullName = sql<string>`trim(${users.fName} || ' ' || ${users.lName})`;

type Finder = (deps: Deps, actor: Actor, term: string) => Promise<SearchHit[]>;

/** "#123" or "123": an order number (a phone's digits are searched as well, by the customers' match). */
const orderNumberOf = (term: string) => (/^#?\d{1,15}$/.test(term) ? Number(term.replace(/^#/, "")) : null);

/** Orders by number, then the newest orders of the customers the term names; owners and staff through their shop's parts. */
const findOrders: Finder = async (deps, actor, term) => {
  if (reachesNoShop(actor)) return [];
  const shopId = shopScope(actor);
  const number = orderNumberOf(term);
  const found = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(userIndexedSearch(term))
    .limit(FEW_BUYERS + 1);
  const buyers =
    found.length > FEW_BUYERS
      ? (of: typeof orders.buyerId | typeof orderParts.buyerId) =>
          sql`${of} in (select ${users.id} from ${users} where ${userIndexedSearch(term)})`
      : (of: typeof orders.buyerId | typeof orderParts.buyerId) =>
          found.length ? sql`${of} = any(${sql.param(found.map((b) => b.id))}::text[])` : sql`false`;
  const columns = { id: orders.id, orderNumber: orders.orderNumber, name: fullName };
  const read = (where: SQL | undefined) =>
    shopId
      ? deps.db
          .select(columns)
          .from(orderParts)
          .innerJoin(orders, eq(orders.id, orderParts.orderId))
          .innerJoin(users, eq(users.id, orders.buyerId))
          .where(and(eq(orderParts.shopId, shopId), isNull(orders.deletedAt), where))
          .orderBy(desc(orderParts.createdAt), desc(orderParts.orderId))
          .limit(TAKE)
      : deps.db
          .select(columns)
          .from(orders)
          .innerJoin(users, eq(users.id, orders.buyerId))
          .where(and(isNull(orders.deletedAt), where))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(TAKE);
  const [byNumber, byBuyer] = await Promise.all([
    number === null ? [] : read(eq(shopId ? orderParts.orderNumber : orders.orderNumber, number)),
    read(buyers(shopId ? orderParts.buyerId : orders.buyerId)),
  ]);
  const seen = new Set<string>();
  return [...byNumber, ...byBuyer]
    .filter((o) => !seen.has(o.id) && seen.add(o.id))
    .map((o) => ({ _id: o.id, title: `#${o.orderNumber}`, detail: o.name || null, shopId }));
};

/** Products by name, of live shops; owners and staff their own shop's. */
const findProducts: Finder = async (deps, actor, term) => {
  const rows = await deps.db
    .select({ id: products.id, name: products.name, shopId: products.shopId, shopName: shops.name })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(
      and(
        isNull(products.deletedAt),
        isNull(shops.deletedAt),
        visibleTo(actor, products.shopId),
        ilike(products.name, likePattern(term)),
      ),
    )
    .orderBy(products.name, products.id)
    .limit(TAKE);
  return rows.map((p) => ({ _id: p.id, title: p.name, detail: p.shopName, shopId: p.shopId }));
};

/** People (name, e-mail, phone) among `among`: the customers the caller may see, or the admin's users and influencers. */
async function findPeople(deps: Deps, among: SQL | undefined, term: string): Promise<SearchHit[]> {
  const rows = await deps.db
    .select({ id: users.id, name: fullName, email: users.email, mobile: users.mobile, code: users.countryCode })
    .from(users)
    .where(and(isNull(users.deletedAt), among, userIndexedSearch(term)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(TAKE);
  return rows.map((u) => ({
    _id: u.id,
    title: u.name,
    detail: u.email ?? (u.mobile ? `${u.code ?? ""} ${u.mobile}`.trim() : null),
    shopId: null,
  }));
}

const findShops: Finder = async (deps, _actor, term) => {
  const rows = await deps.db
    .select({ id: shops.id, name: shops.name, status: shops.status })
    .from(shops)
    .where(and(isNull(shops.deletedAt), ilike(shops.name, likePattern(term))))
    .orderBy(shops.name, shops.id)
    .limit(TAKE);
  return rows.map((s) => ({ _id: s.id, title: s.name, detail: s.status, shopId: s.id }));
};

const findStreams: Finder = async (deps, actor, term) => {
  const rows = await deps.db
    .select({ id: streams.id, name: streams.name, status: streams.status, shopId: streams.shopId })
    .from(streams)
    .where(and(isNull(streams.deletedAt), visibleTo(actor, streams.shopId), ilike(streams.name, likePattern(term))))
    .orderBy(desc(streams.startAt), desc(streams.id))
    .limit(TAKE);
  return rows.map((s) => ({ _id: s.id, title: s.name, detail: s.status, shopId: s.shopId }));
};

const findCampaigns: Finder = async (deps, actor, term) => {
  const rows = await deps.db
    .select({ id: campaigns.id, title: campaigns.title, isDraft: campaigns.isDraft, shopId: campaigns.shopId })
    .from(campaigns)
    .where(
      and(isNull(campaigns.deletedAt), visibleTo(actor, campaigns.shopId), ilike(campaigns.title, likePattern(term))),
    )
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(TAKE);
  return rows.map((c) => ({ _id: c.id, title: c.title, detail: c.isDraft ? "Draft" : null, shopId: c.shopId }));
};

const FINDERS: Record<SearchKind, Finder> = {
  orders: findOrders,
  products: findProducts,
  customers: (deps, actor, term) => findPeople(deps, visibleCustomer(actor, users.id), term),
  shops: findShops,
  // the users list's people who are neither customers nor influencers (those have kinds of their own)
  users: (deps, _actor, term) => findPeople(deps, inArray(users.role, ["shopOwner", "staff"]), term),
  influencers: (deps, _actor, term) => findPeople(deps, eq(users.role, "influencer"), term),
  streams: findStreams,
  campaigns: findCampaigns,
};

/** The kinds `actor` may list, each with its first SEARCH_PER_KIND records matching `term` and whether there are more. */
export async function search(deps: Deps, actor: Actor, term: string): Promise<SearchResult> {
  const kinds = SEARCH_KINDS.filter((kind) => can(actor, KIND_ACCESS[kind]));
  const groups = await Promise.all(
    kinds.map(async (kind) => {
      const hits = await FINDERS[kind](deps, actor, term);
      return { kind, hits: hits.slice(0, SEARCH_PER_KIND), more: hits.length > SEARCH_PER_KIND };
    }),
  );
  return { q: term, groups };
}
