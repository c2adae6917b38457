import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { UI_MSG } from "#contract/core/messages-ui";
import type { loader as shellLoader } from "~/routes/app+/_layout";

/**
 * Every route's error boundary: a disallowed role sees 'Page not found' with 'Go to Login' (spec 1 §2); a signed-in
 * user on a path that does not exist is offered their home page instead, and so are staff refused a page (their
 * modules decide what they open, ARCHITECTURE §5: the login would only send them back).
 */
export function GeneralError() {
  const error = useRouteError();
  // what the console's layout loader tells an error boundary about the signed-in user
  const shell = useRouteLoaderData<typeof shellLoader>("routes/app+/_layout");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const data: unknown = isRouteErrorResponse(error) ? error.data : null;
  const named = data && typeof data === "object" && "home" in data ? data.home : null;
  // "/" sends a signed-in user to their own home page (spec 1 §2 Entry)
  const home =
    typeof named === "string" && named.startsWith("/app/") ? named : shell?.user?.role?.role === "staff" ? "/" : null;
  return (
    <Flex direction="column" align="center" justify="center" gap="4" p="9" style={{ minHeight: "50vh" }}>
      <Heading size="8">{notFound ? "404" : forbidden ? "403" : "500"}</Heading>
      <Text size="5">{notFound ? UI_MSG.pageNotFound : forbidden ? UI_MSG.forbidden : UI_MSG.somethingWrong}</Text>
      <Button asChild size="3">
        {home ? <a href={home}>{UI_MSG.goHome}</a> : <a href="/auth/login">Go to Login</a>}
      </Button>
    </Flex>
  );
}
