import { Button, Flex, Text } from "@radix-ui/themes";
import { MSG } from "#contract/messages";

export const meta = () => [{ title: MSG.pageNotFound }];

export default function ErrorOne() {
  return (
    <Flex direction="column" align="center" gap="3">
      <Text size="8" weight="bold">404</Text>
      <Text>{MSG.pageNotFound}</Text>
      <Button asChild>
        <a href="/auth/login">Go to Login</a>
      </Button>
    </Flex>
  );
}
