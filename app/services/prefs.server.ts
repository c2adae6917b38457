import { createCookie } from "@remix-run/node";
import { DEFAULT_PREFS, prefsSchema, type Prefs } from "~/lib/prefs";

const prefsCookie = createCookie("ls_prefs", { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 365, httpOnly: true });

export async function readPrefs(request: Request): Promise<Prefs> {
  const raw = await prefsCookie.parse(request.headers.get("cookie"));
  const parsed = prefsSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : DEFAULT_PREFS;
}

export const prefsHeader = (prefs: Prefs) => prefsCookie.serialize(prefs);
