import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { SHOP_SIGN_OUT_DELAY_MS } from "#contract/access/auth";
import { MSG } from "#contract/core/messages";
import { optionalUser } from "~/services/api.server";
import { redirectWithToast, savedThenReturn, savedThenReturnHeaders } from "~/services/toast.server";
import { config } from "~/services/config.server";
import { isCrossSiteWrite } from "#server-shared/security";
import { answerOf } from "~/components/form/form-answer";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { worksInAShop } from "#contract/access/rights";

export const headers = savedThenReturnHeaders;

// the console signs out with a POST (spec 1 §4 Sign-out)
export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSiteWrite(request, config().PUBLIC_URL)) throw json({ message: MSG.crossSite }, { status: 403 });
  const { user, api } = await optionalUser(request);
  const result = await api.post("auth/logout");
  if (!result.success && result.httpStatus !== 401) {
    const back = request.headers.get("referer");
    return redirectWithToast(
      back && new URL(back).pathname.startsWith("/app") ? new URL(back).pathname : "/",
      { type: "error", message: MSG.logoutFailed },
      api.headers,
    );
  }
  // this page shows 'Logout Successfully' while the shop user waits (without JavaScript the Refresh header returns)
  if (user && worksInAShop(user))
    return savedThenReturn("/auth/login", MSG.logoutSuccess, api.headers, SHOP_SIGN_OUT_DELAY_MS);
  return redirectWithToast("/auth/login", { type: "success", message: MSG.logoutSuccess }, api.headers);
}

// a GET signs no one out: the signed-in go home; the signed-out see the way to the login (and a sign-out's answer)
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api } = await optionalUser(request);
  if (user) throw redirect("/", { headers: api.headers });
  return null;
}

export default function SignedOut() {
  const { saved } = answerOf(useActionData<typeof action>());
  return (
    <main className="signed-out">
      {saved ? <SavedThenReturn saved={saved} backLabel="Go to Login" /> : <a href="/auth/login">Go to Login</a>}
    </main>
  );
}
