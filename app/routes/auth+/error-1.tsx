import { UI_MSG } from "#contract/core/messages-ui";
import { SignInErrorPage } from "~/components/layout/GeneralError";

export const meta = () => [{ title: UI_MSG.pageNotFound }];

export default function ErrorOne() {
  return <SignInErrorPage code="404" message={UI_MSG.pageNotFound} />;
}
