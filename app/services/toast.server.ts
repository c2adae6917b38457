import { createCookie, redirect } from "@remix-run/node";

export interface Toast {
  type: "success" | "error";
  message: string;
}

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
  const toast = (await toastCookie.parse(request.headers.get("cookie"))) as Toast | null;
  if (!toast) return { toast: null, clear: null };
  return { toast, clear: await toastCookie.serialize("", { maxAge: 0 }) };
}
