import type { LoaderFunctionArgs } from "@remix-run/node";
import { unknownPage } from "~/services/api.server";
import { GeneralError } from "~/components/layout/GeneralError";

// any other path outside /app and /auth: 'Page not found', with a way home for whoever is signed in
export async function loader({ request }: LoaderFunctionArgs) {
  throw await unknownPage(request);
}
export default function NotFound() {
  return null;
}
export function ErrorBoundary() {
  return <GeneralError />;
}
