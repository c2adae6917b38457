import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { homeFor, optionalUser } from "~/services/api.server";

// spec 1 §2 Entry: signed out → login; shop owner (and staff) → their shop; others → the user list
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api } = await optionalUser(request);
  return redirect(user ? homeFor(user) : "/auth/login", { headers: api.headers });
}
