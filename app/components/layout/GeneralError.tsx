import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { UI_MSG } from "#contract/messages-ui";

/**
 * Every route's error boundary: a disallowed role sees 'Page not found' with 'Go to Login' (spec 1 §2); a signed-in
 * user on a path that does not exist is offered their home page instead.
 */
export function GeneralError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const home: unknown = isRouteErrorResponse(error) ? (error.data as { home?: unknown } | null)?.home : null;
  return (
    <Flex direction="column" align="center" justify="center" gap="4" p="9" style={{ minHeight: "50vh" }}>
      <Heading size="8">{notFound ? "404" : forbidden ? "403" : "500"}</Heading>
      <Text size="5">{notFound ? UI_MSG.pageNotFound : forbidden ? UI_MSG.forbidden : UI_MSG.somethingWrong}</Text>
      <Button asChild size="3">
        {typeof home === "string" && home.startsWith("/app/") ? <a href={home}>{UI_MSG.goHome}</a> : <a href="/auth/login">Go to Login</a>}
      </Button>
    </Flex>
  );
}
