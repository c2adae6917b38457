import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { MSG } from "#contract/core/messages";
import { isCrossSiteWrite } from "#server-shared/security";
import { ssoEnabled, startSso } from "~/services/sso.server";
import { config } from "~/services/config.server";

// the login page's "Continue with Google" posts here; a visit by address goes back to login
export const loader = () => redirect("/auth/login");

export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSiteWrite(request, config().PUBLIC_URL)) throw json({ message: MSG.crossSite }, { status: 403 });
  if (!ssoEnabled("google")) return redirect("/auth/login");
  return startSso("google", request);
}
