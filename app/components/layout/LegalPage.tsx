import { Container, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "~/components/remix";
import type { ReactNode } from "react";

/** The public legal pages' frame: brand, title, date, text, and the way back to the console. */
export function LegalPage({
  brand,
  title,
  updated,
  children,
}: {
  brand: string;
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <Container size="2" px="4" py="6">
      <Flex direction="column" gap="4" className="legal-page">
        <Link asChild weight="bold" size="5" underline="none" highContrast>
          <RemixLink to="/">{brand}</RemixLink>
        </Link>
        <Heading as="h1" size="7">
          {title}
        </Heading>
        <Text as="p" size="2" color="gray">
          Last updated {updated}
        </Text>
        {children}
        <Link asChild size="2">
          <RemixLink to="/">Back to the console</RemixLink>
        </Link>
      </Flex>
    </Container>
  );
}
