import { Text, buttonProps, iconButtonProps, linkProps } from "~/components/plain";
import { useLocation, useSearchParams } from "@remix-run/react";
import { Form, NavLink, Link as RemixLink } from "~/components/remix";
import { Suspense, lazy, useEffect, useState, type ReactNode } from "react";
import { shellStrings, type ShellStrings } from "~/lib/i18n";
import { filterMenu } from "~/lib/menu";
import { PersonAvatar } from "~/components/table/PersonCell";
import type { Prefs } from "~/lib/prefs";
import { listHref } from "~/lib/url-state";
import { useUnread } from "~/lib/chat-unread";
import { MENU_PARAM, MenuSearch } from "./MenuSearch";
import { ConsoleSearch, useSearchShortcut } from "./ConsoleSearch";
import { PrefsHiddenFields, ThemePanel, usePrefsFetcher } from "./ThemePanel";
import { themeAttributes } from "./theme";
import { LineIcon } from "./LineIcon";

export interface ShellMenuEntry {
  key: string;
  path: string;
  label: string;
  icon: string;
  /** a count beside the label (the Chat entry's unread messages) */
  count?: number;
}

export interface ShellProps {
  user: { fName: string; lName: string; image: string | null; role: { role: string } };
  menu: ShellMenuEntry[];
  prefs: Prefs;
  brand: string;
  year: number;
  children: ReactNode;
}

/** The Ctrl-K palette: a lazy island loaded on the first shortcut, so pages ship without it (ADR 0069). */
const SearchPalette = lazy(() => import("./SearchPalette"));

/** The URL param that opens the theme panel (ARCHITECTURE §7: open panels live in the URL). */
export const PANEL_PARAM = "panel";

/** The Chat entry's unread messages: the page load's count, then the live chat's if one is connected on the page. */
function UnreadCount({ server }: { server: number }) {
  const total = useUnread(server);
  if (total <= 0) return null;
  return (
    // drawn from its attributes by CSS: the entry's text stays its label (the menu's search and tests read it), and its
    // accessible name gains the count ('Chat 3')
    <span
      className="shell-menu-count"
      data-testid="chat-unread"
      data-count={total}
      data-shown={total > 99 ? "99+" : String(total)}
    />
  );
}

function Menu({
  entries,
  collapsed,
  strings,
  term,
}: {
  entries: ShellMenuEntry[];
  collapsed: boolean;
  strings: ShellStrings;
  term: string;
}) {
  const shown = filterMenu(entries, term);
  return (
    <nav aria-label={strings.mainNavigation} className="shell-nav">
      <ul className="shell-menu">
        {shown.map((entry) => (
          <li key={entry.key}>
            <NavLink
              to={entry.path}
              prefetch="intent"
              // collapsed to 80 px (by choice, or below 900 px wide) the icon stands alone: the label is its tooltip, and
              // its name (spec 1 §9)
              title={entry.label}
              aria-label={collapsed ? entry.label : undefined}
            >
              <LineIcon path={entry.icon} />
              <span className="shell-menu-label">{entry.label}</span>
              {entry.count !== undefined ? <UnreadCount server={entry.count} /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
      {shown.length === 0 ? (
        <Text as="p" size="2" color="gray" className="shell-menu-empty" role="status">
          {strings.noMenuMatch}
        </Text>
      ) : null}
    </nav>
  );
}

/**
 * The console frame (spec 1 §2, §9): side navigation 250 px (80 px collapsed) or a top menu bar, a search box
 * over the menu, a header with the user, the theme panel and sign-out, and a footer with the legal pages.
 */
export function Shell({ user, menu, prefs, brand, year, children }: ShellProps) {
  const strings = shellStrings(prefs.locale);
  const location = useLocation();
  const [params] = useSearchParams();
  const fetcher = usePrefsFetcher();
  const name = `${user.fName} ${user.lName}`.trim();

  // the menu filter: the URL's term (server-rendered), then live while typing
  const urlTerm = params.get(MENU_PARAM) ?? "";
  const [term, setTerm] = useState(urlTerm);
  useEffect(() => setTerm(urlTerm), [urlTerm]);

  const palette = useSearchShortcut();

  const here = `${location.pathname}${location.search}`;
  const panelOpen = params.get(PANEL_PARAM) === "theme";
  const panelHref = listHref(location, { [PANEL_PARAM]: panelOpen ? null : "theme" }, { resetPage: false });
  const side = prefs.nav === "side";
  // a dark side navigation is a dark Radix theme of its own; a light one follows the page
  const sideTheme = themeAttributes({
    root: false,
    appearance: prefs.sideNav === "dark" ? "dark" : "inherit",
    color: prefs.color,
  });
  const collapsed = side && prefs.collapsed;
  const brandMark = (
    <RemixLink to="/" className="shell-brand">
      <span className="shell-brand-mark" aria-hidden="true">
        {brand.slice(0, 1)}
      </span>
      <span className="shell-brand-name">{brand}</span>
    </RemixLink>
  );

  return (
    <div className="shell" data-nav={prefs.nav} data-collapsed={collapsed || undefined}>
      <a href="#main" className="skip-link">
        {strings.skipToContent}
      </a>
      {side ? (
        <aside
          {...sideTheme}
          className={`${sideTheme.className} shell-side`}
          data-side={prefs.sideNav}
          data-testid="side-nav"
        >
          {brandMark}
          {collapsed ? null : <MenuSearch term={term} onTerm={setTerm} strings={strings} />}
          <Menu entries={menu} collapsed={collapsed} strings={strings} term={collapsed ? "" : term} />
        </aside>
      ) : null}
      <div className="shell-main">
        <header className="shell-header">
          {side ? (
            <fetcher.Form method="post" action="/preferences" className="shell-collapse">
              <PrefsHiddenFields prefs={{ ...prefs, collapsed: !prefs.collapsed }} redirectTo={here} />
              <button
                type="submit"
                {...iconButtonProps({ variant: "ghost", color: "gray" })}
                aria-label={prefs.collapsed ? strings.expandNav : strings.collapseNav}
                title={prefs.collapsed ? strings.expandNav : strings.collapseNav}
              >
                <LineIcon path="M3 6h18M3 12h18M3 18h18" />
              </button>
            </fetcher.Form>
          ) : (
            brandMark
          )}
          <ConsoleSearch label={strings.searchConsole} />
          <div className="shell-header-end">
            <span className="shell-user">
              <PersonAvatar person={user} size={32} />
              <Text size="2" weight="medium" data-testid="user-name">
                {name}
              </Text>
            </span>
            <RemixLink
              to={panelHref}
              preventScrollReset
              aria-expanded={panelOpen}
              aria-controls={panelOpen ? "theme-panel" : undefined}
              {...buttonProps({ variant: "soft", color: "gray" })}
            >
              <LineIcon
                path="M12 3a9 9 0 1 0 0 18c1.1 0 2-.9 2-2 0-.5-.2-1-.5-1.3-.3-.4-.5-.8-.5-1.3 0-1.1.9-2 2-2h2.4A4.6 4.6 0 0 0 21 9.8C21 6 17 3 12 3zM7.5 12.5h.01M9.5 8h.01M14.5 8h.01M17 11.5h.01"
                size={16}
              />
              {strings.theme}
            </RemixLink>
            <Form method="post" action="/logout">
              <button type="submit" {...buttonProps({ variant: "soft" })}>
                {strings.signOut}
              </button>
            </Form>
          </div>
        </header>
        {side ? null : (
          <div className="shell-topbar" data-testid="top-nav">
            <Menu entries={menu} collapsed={false} strings={strings} term={term} />
            <MenuSearch term={term} onTerm={setTerm} strings={strings} />
          </div>
        )}
        <main id="main" className="shell-content">
          {children}
        </main>
        <footer className="shell-footer">
          <Text size="1" color="gray">
            {strings.copyright(year, brand)}
          </Text>
          <span className="shell-footer-links">
            <RemixLink to="/terms" {...linkProps({ size: "1" })}>
              {strings.terms}
            </RemixLink>
            <RemixLink to="/privacy" {...linkProps({ size: "1" })}>
              {strings.privacy}
            </RemixLink>
          </span>
        </footer>
      </div>
      {palette.open ? (
        <Suspense fallback={null}>
          <SearchPalette onClose={palette.close} />
        </Suspense>
      ) : null}
      {panelOpen ? (
        <div id="theme-panel">
          <ThemePanel prefs={prefs} strings={strings} closeHref={panelHref} redirectTo={here} />
        </div>
      ) : null}
    </div>
  );
}
