import { Box, Flex, Heading, Text } from "~/components/plain";
import type { ReactNode } from "react";

/**
 * A page's title, with its actions (Back, Add…) at the other end of the line. `subtitle` (what the page belongs to,
 * such as the campaign's title) goes under the title; null keeps its place empty.
 */
export function PageHeader({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  const heading = (
    <Heading as="h1" size="6">
      {title}
    </Heading>
  );
  return (
    <Flex align="center" justify="between" gap="3" wrap="wrap" mb="4">
      {subtitle === undefined ? (
        heading
      ) : (
        <Box>
          {heading}
          {subtitle ? (
            <Text as="p" size="2" color="gray">
              {subtitle}
            </Text>
          ) : null}
        </Box>
      )}
      {children}
    </Flex>
  );
}
