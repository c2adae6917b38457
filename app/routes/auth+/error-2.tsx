import { Button, Flex, Text } from "@radix-ui/themes";
import { MSG } from "#contract/messages";

export const meta = () => [{ title: MSG.somethingWrong }];

export default function ErrorTwo() {
  return (
    <Flex direction="column" align="center" gap="3">
      <Text size="8" weight="bold">500</Text>
      <Text>{MSG.somethingWrong}</Text>
      <Button asChild>
        <a href="/auth/login">Go to Login</a>
      </Button>
    </Flex>
  );
}
