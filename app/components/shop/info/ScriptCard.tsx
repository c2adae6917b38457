import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useLocation, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/remix";
import { useState } from "react";
import { UI_MSG } from "#contract/core/messages-ui";
import { embedSnippet } from "#contract/shops/shop-profile";
import { useHydrated } from "~/lib/hooks";
import { listHref } from "~/lib/url-state";
import { ToastRegion, type ToastData } from "~/components/layout/Toast";
/** spec 1 §2 Script card, §9 Embed modes: General (minimize_circle) and Carousel (carousel_slider) snippets with copy. */
export function ScriptCard({
  shopId,
  scriptUrl,
  modes,
}: {
  shopId: string;
  scriptUrl: string;
  modes: { general: string; carousel: string };
}) {
  const location = useLocation();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const [toast, setToast] = useState<ToastData | null>(null);
  const tab = params.get("script") === "carousel" ? "carousel" : "general";
  const snippet = embedSnippet(shopId, modes[tab], scriptUrl);

  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      setToast({ type: "success", message: UI_MSG.codeCopied });
    } catch {
      setToast({ type: "error", message: UI_MSG.copyFailed });
    }
  }

  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="3">
        Script
      </Heading>
      <nav aria-label="Script type" className="shop-tabs shop-script-tabs">
        {(["general", "carousel"] as const).map((t) => (
          <Link
            key={t}
            to={listHref(location, { script: t === "general" ? null : t })}
            replace
            preventScrollReset
            aria-current={t === tab ? "page" : undefined}
            className="shop-tab"
          >
            {t === "general" ? "General" : "Carousel"}
          </Link>
        ))}
      </nav>
      <Text as="p" size="2" color="gray" mt="3" mb="2">
        Paste this code into your website to show your live streams{" "}
        {tab === "general" ? "in a small circle" : "as a carousel"}.
      </Text>
      <pre className="shop-script" data-testid="embed-snippet" dir="ltr">
        <code>{snippet}</code>
      </pre>
      {hydrated ? (
        <Flex mt="3">
          <Button type="button" variant="soft" onClick={() => void copy()}>
            Copy code
          </Button>
        </Flex>
      ) : null}
      <ToastRegion toast={toast} />
    </Card>
  );
}
