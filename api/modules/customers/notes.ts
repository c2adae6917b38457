import { and, desc, eq, sql } from "drizzle-orm";
import type { CustomerNote, NoteWrite } from "#contract/customers/customer-record-api";
import type { ListQuery } from "#contract/core/list";
import { customerNotes, users } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { notFound } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";
import { listPage } from "#api/platform/data/list";
import { reachesEveryShop, shopScope } from "#api/platform/auth/tenancy";
import { findCustomer } from "./record";

// A shop's notes about a customer (spec 2 §2 Notes tab, §3 Note, §5 'Please Enter Note!', §7 PUT user/notes; ADR 0035).
// Notes belong to the shop that wrote them: another shop never sees or removes them. Admins see every shop's notes;
// a note an admin writes belongs to no shop (the platform's) and only admins see it.

/** WHERE: the notes this caller sees: their shop's (admins: all). */
const visibleNotes = (actor: Actor) => {
  const shopId = shopScope(actor);
  if (shopId) return eq(customerNotes.shopId, shopId);
  return reachesEveryShop(actor) ? undefined : sql`false`;
};

const author = { id: users.id, fName: users.fName, lName: users.lName, image: users.image };

function noteEntity(
  n: typeof customerNotes.$inferSelect,
  a: { id: string; fName: string; lName: string; image: string | null } | null,
): CustomerNote {
  return {
    _id: n.id,
    note: n.note,
    time: n.createdAt.toISOString(),
    shopId: n.shopId,
    addedBy: a
      ? { _id: a.id, fName: a.fName, lName: a.lName, image: a.image }
      : { _id: null, fName: "", lName: "", image: null },
  };
}

/** GET user/notes/{cusId}: newest first (spec 2 §9: 5 a page). */
export async function customerNotesList(deps: Deps, actor: Actor, customerId: string, q: ListQuery) {
  await findCustomer(deps, actor, customerId);
  const where = and(eq(customerNotes.customerId, customerId), visibleNotes(actor));
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      deps.db
        .select({ note: customerNotes, author })
        .from(customerNotes)
        .leftJoin(users, eq(users.id, customerNotes.authorId))
        .where(where)
        .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: customerNotes, where },
  );
  return { ...page, data: page.data.map((r) => noteEntity(r.note, r.author)) };
}

/**
 * PUT user/notes: `add` writes a note of the caller's shop (an admin's belongs to no shop); `remove` deletes one of the
 * caller's shop's notes about this customer (admins: any); another shop's note, or one that does not exist, is 404.
 */
export async function writeNote(deps: Deps, actor: Actor, body: NoteWrite) {
  await findCustomer(deps, actor, body.cusId);
  if (body.action === "add") {
    const [note] = await deps.db
      .insert(customerNotes)
      .values({ id: newId(), shopId: shopScope(actor), customerId: body.cusId, authorId: actor.id, note: body.note })
      .returning();
    const [a] = await deps.db.select(author).from(users).where(eq(users.id, actor.id));
    return noteEntity(note, a ?? null);
  }
  const [removed] = await deps.db
    .delete(customerNotes)
    .where(and(eq(customerNotes.id, body.noteId), eq(customerNotes.customerId, body.cusId), visibleNotes(actor)))
    .returning({ id: customerNotes.id });
  if (!removed) throw notFound();
  return { _id: removed.id, removed: true as const };
}
