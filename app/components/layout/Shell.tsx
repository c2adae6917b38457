import { Avatar, Box, Button, Flex, Link, Text } from "@radix-ui/themes";
import { Form, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Prefs } from "~/lib/prefs";

export interface ShellProps {
  user: { fName: string; lName: string; image: string | null; role: { role: string } };
  menu: { key: string; path: string; label: string }[];
  prefs: Prefs;
  brand: string;
  year: number;
  children: ReactNode;
}

/** The console frame: side navigation (250 px, 80 px collapsed), header with sign-out, footer (spec 1 §2, §9). */
export function Shell({ user, menu, prefs, brand, year, children }: ShellProps) {
  const name = `${user.fName} ${user.lName}`.trim();
  return (
    <div className={`shell nav-${prefs.nav} side-${prefs.sideNav}${prefs.collapsed ? " collapsed" : ""}`}>
      <nav className="shell-nav" aria-label="Main">
        <Box p="4" className="shell-brand">
          <Text weight="bold" size="5">
            {prefs.collapsed ? brand.slice(0, 1) : brand}
          </Text>
        </Box>
        <ul className="shell-menu">
          {menu.map((entry) => (
            <li key={entry.key}>
              <NavLink to={entry.path} prefetch="intent" className={({ isActive }) => (isActive ? "active" : undefined)}>
                <span className="shell-menu-label">{entry.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="shell-main">
        <header className="shell-header">
          <Flex align="center" justify="end" gap="3" px="4" py="2">
            <Avatar size="2" src={user.image ?? undefined} fallback={name.slice(0, 1) || "?"} radius="full" />
            <Text size="2" weight="medium" data-testid="user-name">
              {name}
            </Text>
            <Form method="post" action="/logout">
              <Button type="submit" variant="soft" size="2">
                Sign out
              </Button>
            </Form>
          </Flex>
        </header>
        <main className="shell-content">{children}</main>
        <footer className="shell-footer">
          <Text size="1" color="gray">
            Copyright © {year} {brand}. All rights reserved.
          </Text>
          <Flex gap="3">
            <Link size="1" href="/terms">
              Terms &amp; Conditions
            </Link>
            <Link size="1" href="/privacy">
              Privacy Policy
            </Link>
          </Flex>
        </footer>
      </div>
    </div>
  );
}
