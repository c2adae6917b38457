import { createCookie, json, redirect, type HeadersFunction } from "@remix-run/node";
import type { SavedNotice } from "~/components/form/form-answer";

export interface Toast {
  type: "success" | "error";
  message: string;
  /** lines under the message (a bulk action's rows not done, with why); such a toast stays until dismissed */
  details?: string[];
}

const isToast = (value: unknown): value is Toast =>
  typeof value === "object" &&
  value !== null &&
  "type" in value &&
  (value.type === "success" || value.type === "error") &&
  "message" in value &&
  typeof value.message === "string" &&
  (!("details" in value) || (Array.isArray(value.details) && value.details.every((d) => typeof d === "string")));

// a flash cookie: set on the redirect after an action, read and cleared by the next page
const toastCookie = createCookie("ls_toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export async function toastHeader(toast: Toast) {
  return toastCookie.serialize(toast);
}

/** After a successful action: redirect with the spec's success message (ARCHITECTURE §7). */
export async function redirectWithToast(url: string, toast: Toast, headers: Headers = new Headers()) {
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { headers });
}

/** The pending toast, if any, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const pending: unknown = await toastCookie.parse(request.headers.get("cookie"));
  if (!pending) return { toast: null, clear: null };
  return { toast: isToast(pending) ? pending : null, clear: await toastCookie.serialize("", { maxAge: 0 }) };
}

/** What an add page's action answers on success: the message, and where the page returns to. */
export interface Saved {
  saved: SavedNotice;
}

/**
 * spec 2 §2: an add page shows its success message and returns to its list after about 1 s. The page shows the
 * message (SavedThenReturn) and goes back by itself; without JavaScript the `Refresh` header does the same.
 */
export function savedThenReturn(to: string, message: string, headers: Headers = new Headers(), delayMs?: number) {
  // the Refresh header counts whole seconds (1.5 s is 2 s without JavaScript)
  headers.set("Refresh", `${Math.max(1, Math.round((delayMs ?? 1000) / 1000))}; url=${to}`);
  return json<Saved>({ saved: { message, to, ...(delayMs ? { delayMs } : {}) } }, { headers });
}

/**
 * The `headers` of an add page: Remix passes only Set-Cookie from an action on to the document, so the route
 * hands savedThenReturn's Refresh (the return without JavaScript) on itself.
 */
export const savedThenReturnHeaders: HeadersFunction = ({ actionHeaders }) => {
  const refresh = actionHeaders.get("Refresh");
  return refresh ? { Refresh: refresh } : new Headers();
};
