import { Button, Flex, Text } from "@radix-ui/themes";
import { UI_MSG } from "#contract/core/messages-ui";

export const meta = () => [{ title: UI_MSG.somethingWrong }];

export default function ErrorTwo() {
  return (
    <Flex direction="column" align="center" gap="3">
      <Text size="8" weight="bold">
        500
      </Text>
      <Text>{UI_MSG.somethingWrong}</Text>
      <Button asChild>
        <a href="/auth/login">Go to Login</a>
      </Button>
    </Flex>
  );
}
