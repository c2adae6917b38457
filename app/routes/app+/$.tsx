import { pageNotFound } from "~/services/api.server";
import { GeneralError } from "~/components/layout/GeneralError";

// the shell's own not-found page, also for areas that later issues build
export const loader = () => {
  throw pageNotFound();
};
export default function NotFound() {
  return null;
}
export function ErrorBoundary() {
  return <GeneralError />;
}
