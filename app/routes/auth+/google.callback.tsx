import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { finishSso, ssoEnabled } from "~/services/sso.server";

// Google sends the browser back here with a code and the state kept in our OAuth cookie
export async function loader({ request }: LoaderFunctionArgs) {
  if (!ssoEnabled("google")) return redirect("/auth/login");
  return finishSso("google", request);
}
