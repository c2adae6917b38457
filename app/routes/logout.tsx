import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { MSG } from "#contract/messages";
import { ApiClient } from "~/services/api.server";
import { redirectWithToast } from "~/services/toast.server";
import { config } from "~/services/config.server";
import { isCrossSiteWrite } from "#server-shared/security";

// the console signs out with a POST (spec 1 §4 Sign-out)
export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSiteWrite(request, config().PUBLIC_URL)) throw json({ message: MSG.crossSite }, { status: 403 });
  const api = new ApiClient(request);
  const result = await api.post("auth/logout");
  if (!result.success && result.httpStatus !== 401) {
    const back = request.headers.get("referer");
    return redirectWithToast(back && new URL(back).pathname.startsWith("/app") ? new URL(back).pathname : "/", { type: "error", message: MSG.logoutFailed }, api.headers);
  }
  return redirectWithToast("/auth/login", { type: "success", message: MSG.logoutSuccess }, api.headers);
}

export const loader = () => redirect("/");
