import { Button, Callout, Flex, Heading, IconButton, Radio, Text } from "@radix-ui/themes";
import { useFetcher, useNavigate } from "@remix-run/react";
import { Link } from "~/components/remix";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { UI_MSG } from "#contract/core/messages-ui";
import { useHydrated } from "~/lib/hooks";
import type { ShellStrings } from "~/lib/i18n";
import { ACCENT_COLORS, APPLY_IN_PLACE, LOCALE_NAMES, LOCALES, PREF_KEYS, themeConfig, type Prefs } from "~/lib/prefs";
import { LineIcon } from "./LineIcon";

/** The fetcher every settings form shares, so the shell sees one pending change at a time. */
export const usePrefsFetcher = () => useFetcher({ key: "prefs" });

/**
 * The settings as hidden fields, plus the place to come back to. With JavaScript the form also asks
 * /preferences to answer in place, so a change applies without leaving the page.
 */
export function PrefsHiddenFields({
  prefs,
  omit = [],
  redirectTo,
}: {
  prefs: Prefs;
  omit?: readonly (keyof Prefs)[];
  redirectTo: string;
}) {
  const hydrated = useHydrated();
  return (
    <>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated ? <input type="hidden" name={APPLY_IN_PLACE} value="true" /> : null}
      {PREF_KEYS.filter((key) => !omit.includes(key) && (typeof prefs[key] !== "boolean" || prefs[key])).map((key) => (
        <input key={key} type="hidden" name={key} value={prefs[key] === true ? "on" : String(prefs[key])} />
      ))}
    </>
  );
}

/** A preference of two or more choices: a fieldset of radio buttons, the current one checked. */
function Choices({
  legend,
  name,
  current,
  options,
}: {
  legend: string;
  name: string;
  current: string;
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {options.map(([value, label]) => (
        <Text as="label" size="2" className="panel-choice" key={value}>
          <Radio name={name} value={value} defaultChecked={current === value} />
          {label}
        </Text>
      ))}
    </fieldset>
  );
}

function Toggle({ name, checked, children }: { name: string; checked: boolean; children: ReactNode }) {
  return (
    <Text as="label" size="2" className="panel-choice">
      <input type="checkbox" name={name} defaultChecked={checked} className="panel-checkbox" />
      {children}
    </Text>
  );
}

/**
 * spec 1 §2 theme panel: navigation type, side navigation colour, collapse, dark theme, colour, language,
 * direction, and copy settings. Opened by `?panel=theme` (so it works without JavaScript); the form posts to
 * /preferences, which writes the cookie. With JavaScript every change applies at once.
 */
export function ThemePanel({
  prefs,
  strings,
  closeHref,
  redirectTo,
}: {
  prefs: Prefs;
  strings: ShellStrings;
  closeHref: string;
  redirectTo: string;
}) {
  const fetcher = usePrefsFetcher();
  const navigate = useNavigate();
  const [copied, setCopied] = useState<{ ok: boolean; message: string } | null>(null);
  const config = themeConfig(prefs);
  const title = useRef<HTMLHeadingElement>(null);

  // opened with JavaScript: keyboard and screen-reader users start in the panel
  useEffect(() => title.current?.focus(), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeHref, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeHref, navigate]);

  async function copySettings() {
    try {
      await navigator.clipboard.writeText(config);
      setCopied({ ok: true, message: UI_MSG.themeCopied });
    } catch {
      setCopied({ ok: false, message: UI_MSG.copyFailed });
    }
  }

  return (
    <aside className="theme-panel" role="dialog" aria-labelledby="theme-panel-title" data-testid="theme-panel">
      <Flex align="center" justify="between" mb="4">
        <Heading as="h2" size="4" id="theme-panel-title" ref={title} tabIndex={-1} className="panel-title">
          {strings.themeSettings}
        </Heading>
        <IconButton asChild variant="ghost" color="gray" aria-label={strings.close}>
          <Link to={closeHref} preventScrollReset>
            <LineIcon size={16} path="M18 6L6 18M6 6l12 12" />
          </Link>
        </IconButton>
      </Flex>
      <fetcher.Form
        method="post"
        action="/preferences"
        onChange={(event) => fetcher.submit(event.currentTarget)}
        className="panel-form"
      >
        <PrefsHiddenFields prefs={prefs} omit={PREF_KEYS} redirectTo={redirectTo} />
        <Choices
          legend={strings.navType}
          name="nav"
          current={prefs.nav}
          options={[
            ["side", strings.navSide],
            ["top", strings.navTop],
          ]}
        />
        <Choices
          legend={strings.sideNavColor}
          name="sideNav"
          current={prefs.sideNav}
          options={[
            ["light", strings.light],
            ["dark", strings.dark],
          ]}
        />
        <fieldset>
          <Toggle name="collapsed" checked={prefs.collapsed}>
            {strings.collapseNav}
          </Toggle>
          <Toggle name="dark" checked={prefs.dark}>
            {strings.darkTheme}
          </Toggle>
        </fieldset>
        <fieldset>
          <legend>{strings.primaryColor}</legend>
          <div className="panel-swatches">
            {ACCENT_COLORS.map((color) => (
              <label key={color} className="panel-swatch" data-accent-color={color} title={color}>
                <input
                  type="radio"
                  name="color"
                  value={color}
                  defaultChecked={prefs.color === color}
                  aria-label={color}
                />
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>
            <label htmlFor="panel-locale">{strings.language}</label>
          </legend>
          <select id="panel-locale" name="locale" defaultValue={prefs.locale} className="shell-select">
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </select>
        </fieldset>
        <Choices
          legend={strings.direction}
          name="dir"
          current={prefs.dir}
          options={[
            ["ltr", strings.ltr],
            ["rtl", strings.rtl],
          ]}
        />
        <Button type="submit" className="no-js-only">
          {strings.save}
        </Button>
      </fetcher.Form>
      <section className="panel-copy" aria-labelledby="panel-copy-title">
        <Heading as="h3" size="2" id="panel-copy-title" mb="2">
          {strings.copySettings}
        </Heading>
        <Text as="p" size="1" color="gray" className="no-js-only">
          {strings.copyByHand}
        </Text>
        {/* JSON reads left to right in a right-to-left page too */}
        <pre className="panel-config" data-testid="theme-config" dir="ltr">
          {config}
        </pre>
        <Button type="button" variant="soft" onClick={copySettings} className="js-only">
          {strings.copySettings}
        </Button>
        {copied ? (
          <Callout.Root role="status" color={copied.ok ? "green" : "red"} size="1" mt="2">
            <Callout.Text>{copied.message}</Callout.Text>
          </Callout.Root>
        ) : null}
      </section>
    </aside>
  );
}
