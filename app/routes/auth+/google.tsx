import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { MSG } from "#contract/messages";
import { isCrossSiteWrite } from "#api/platform/security";
import { ssoEnabled, startSso } from "~/services/sso.server";

// the login page's "Continue with Google" posts here; a visit by address goes back to login
export const loader = () => redirect("/auth/login");

export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSiteWrite(request, process.env.PUBLIC_URL)) throw json({ message: MSG.crossSite }, { status: 403 });
  if (!ssoEnabled("google")) return redirect("/auth/login");
  return startSso("google", request);
}
