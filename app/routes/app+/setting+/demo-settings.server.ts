import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { z } from "zod";

// spec 1 §2: billing and notification are local-only demos, kept in this browser's cookies (never sent to /api)
const YEAR = 60 * 60 * 24 * 365;
const cardsCookie = createCookie("ls_demo_cards", {
  path: "/app/setting",
  httpOnly: true,
  sameSite: "lax",
  maxAge: YEAR,
});
const notificationsCookie = createCookie("ls_demo_notifications", {
  path: "/app/setting",
  httpOnly: true,
  sameSite: "lax",
  maxAge: YEAR,
});

export const MAX_DEMO_CARDS = 8;

/** spec 1 §3 Demo-only local card: only the last 4 digits of the number are ever kept; the CVV never is. */
const demoCard = z.object({
  id: z.string().regex(/^[0-9a-f]{8,32}$/),
  cardHolderName: z.string().max(50),
  last4: z.string().regex(/^\d{4}$/),
  exp: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/),
  type: z.enum(["Visa", "Master"]),
});
export type DemoCard = z.infer<typeof demoCard>;

/** spec 1 §2 "a list of demo cards": a browser that never changed its cards starts with these two. */
export const STARTER_CARDS: readonly DemoCard[] = [
  { id: "00000000000000a1", cardHolderName: "Demo Cardholder", last4: "4242", exp: "12/29", type: "Visa" },
  { id: "00000000000000a2", cardHolderName: "Demo Cardholder", last4: "4444", exp: "08/28", type: "Master" },
];

/** The demo cards from the cookie (the starter cards when there is none); a cookie edited by hand into anything else counts as none. */
export async function readCards(request: Request): Promise<DemoCard[]> {
  const saved: unknown = await cardsCookie.parse(request.headers.get("cookie"));
  if (saved === null || saved === undefined) return [...STARTER_CARDS];
  const parsed = z.array(demoCard).max(MAX_DEMO_CARDS).safeParse(saved);
  return parsed.success ? parsed.data : [];
}
export const newCardId = () => randomBytes(8).toString("hex");
export const cardsCookieHeader = (cards: DemoCard[]) => cardsCookie.serialize(cards);

/** Which notification toggles are on; a topic never saved is on. */
export async function readNotifications(request: Request, topics: readonly string[]): Promise<Record<string, boolean>> {
  const parsed = z
    .record(z.string(), z.boolean())
    .safeParse(await notificationsCookie.parse(request.headers.get("cookie")));
  const saved = parsed.success ? parsed.data : {};
  return Object.fromEntries(topics.map((topic) => [topic, saved[topic] ?? true]));
}
export const notificationsCookieHeader = (settings: Record<string, boolean>) => notificationsCookie.serialize(settings);
