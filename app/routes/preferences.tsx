import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { MSG } from "#contract/core/messages";
import { isCrossSiteWrite } from "#server-shared/security";
import { APPLY_IN_PLACE } from "~/lib/prefs";
import { safeRedirect } from "~/lib/redirect";
import { prefsFromForm, prefsHeader } from "~/services/prefs.server";
import { redirectWithToast } from "~/services/toast.server";
import { config } from "~/services/config.server";

// spec 1 §2 theme panel: the settings live in a cookie, so the server renders them (no flash) and pages work without JavaScript
export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSiteWrite(request, config().PUBLIC_URL)) throw json({ message: MSG.crossSite }, { status: 403 });
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/");
  const inPlace = form.get(APPLY_IN_PLACE) === "true";
  const parsed = prefsFromForm(form);
  if (!parsed.success) {
    // a tampered form changes nothing
    if (inPlace) return json({ ok: false, message: MSG.prefsInvalid }, { status: 400 });
    return redirectWithToast(back, { type: "error", message: MSG.prefsInvalid });
  }
  const headers = { "Set-Cookie": await prefsHeader(parsed.data) };
  if (inPlace) return json({ ok: true, prefs: parsed.data }, { headers });
  return redirect(back, { headers });
}

export const loader = () => redirect("/");
