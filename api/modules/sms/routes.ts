import { and, eq, gt, ilike, isNotNull, isNull, lte, notExists, or } from "drizzle-orm";
import { listQuerySchema } from "#contract/core/list";
import { otpCodes, smsOutbox } from "#api/db/schema";
import { ADMIN_ONLY } from "#api/platform/auth/actor";
import { notFound } from "#api/platform/http/http";
import { likePattern, listPage, orderBy, phoneMatch } from "#api/platform/data/list";
import { route } from "#api/platform/http/router";

const outboxQuery = listQuerySchema(["createdAt", "expiresAt"] as const);

export const smsRoutes = [
  route({
    method: "get",
    path: "/sms/outbox",
    summary:
      "The demo SMS outbox: texts that would have been sent while no SMS provider is configured, kept only while their code lives (to, body, createdAt, expiresAt). 404 once Twilio is configured. Query: sort, sortType, skip, limit, search (phone)",
    policy: ADMIN_ONLY,
    query: outboxQuery,
    handler: async ({ deps, query }) => {
      // ARCHITECTURE §6: the outbox exists only while no real provider sends the texts
      if (deps.sms.kind !== "outbox") throw notFound();
      // the texts of codes asked for before this call are in it
      await deps.sms.settled();
      const now = deps.now();
      // a text is readable only while its code lives (not expired, not replaced by a resend, not used); dead ones are removed
      const liveCode = deps.db
        .select({ id: otpCodes.id })
        .from(otpCodes)
        .where(and(eq(otpCodes.id, smsOutbox.otpId), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now)));
      await deps.db
        .delete(smsOutbox)
        .where(or(lte(smsOutbox.expiresAt, now), and(isNotNull(smsOutbox.otpId), notExists(liveCode))));
      const where = and(
        gt(smsOutbox.expiresAt, now),
        query.search
          ? or(ilike(smsOutbox.to, likePattern(query.search)), phoneMatch(query.search, smsOutbox.to))
          : undefined,
      );
      const page = await listPage(
        query,
        ({ limit, offset }) =>
          deps.db
            .select({
              _id: smsOutbox.id,
              to: smsOutbox.to,
              body: smsOutbox.body,
              createdAt: smsOutbox.createdAt,
              expiresAt: smsOutbox.expiresAt,
            })
            .from(smsOutbox)
            .where(where)
            .orderBy(
              ...orderBy(query, { createdAt: smsOutbox.createdAt, expiresAt: smsOutbox.expiresAt }, smsOutbox.id),
            )
            .limit(limit)
            .offset(offset),
        { db: deps.db, from: smsOutbox, where },
      );
      const at = (row: (typeof page.data)[number]) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      });
      return { ...page, data: page.data.map(at) };
    },
  }),
];
