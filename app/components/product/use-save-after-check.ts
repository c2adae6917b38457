import { useSubmit } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { PRODUCT_CHECK_INTENT, PRODUCT_SAVE_DELAY_MS } from "#contract/products/products";
import { useHydrated } from "~/lib/hooks";

/**
 * spec 2 §4 Product form: validation passes, then after 1.5 s the save is made. With JavaScript Save posts the form with
 * the check intent (the action checks every rule and answers `passed`); PRODUCT_SAVE_DELAY_MS after that answer the
 * values posted are posted again as `saveIntent`, which checks once more and saves. Without JavaScript Save saves at once.
 *
 * `passed` is the key of the answer that said the check passed (null otherwise); `action` is where the form posts.
 */
export function useSaveAfterCheck({
  passed,
  saveIntent,
  action,
}: {
  passed: string | null;
  saveIntent: string;
  action?: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const posted = useRef<FormData | null>(null);
  useEffect(() => {
    const values = posted.current;
    if (!passed || !values) return;
    const timer = setTimeout(() => {
      values.set("intent", saveIntent);
      submit(values, { method: "post", encType: "multipart/form-data", action });
    }, PRODUCT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [passed, saveIntent, action, submit]);
  return {
    /** the Save button's intent: the check once scripts run */
    intent: hydrated ? PRODUCT_CHECK_INTENT : saveIntent,
    /** keeps what a check posts, so the save posts exactly what passed */
    capture: (event: FormEvent<HTMLFormElement>) => {
      posted.current = new FormData(event.currentTarget);
    },
  };
}
