import { UI_MSG } from "#contract/core/messages-ui";
import { SignInErrorPage } from "~/components/layout/GeneralError";

export const meta = () => [{ title: UI_MSG.somethingWrong }];

export default function ErrorTwo() {
  return <SignInErrorPage code="500" message={UI_MSG.somethingWrong} />;
}
