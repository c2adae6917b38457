import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Form, Link, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useId, useRef, type ReactNode } from "react";
import { useOverlayKeys } from "./Drawer";

/**
 * A confirmation opened by the URL (e.g. `?confirm=delete&id=…`): a POST form with the hidden fields the
 * action needs and a Cancel link that removes those params. It works without JavaScript.
 * The form posts to the current URL, so the action can send the user back to the same list.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  cancelHref,
  fields,
  confirmLabel,
  destructive = true,
}: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  cancelHref: string;
  /** hidden inputs, e.g. `{ intent: "delete", id }` */
  fields: Record<string, string>;
  confirmLabel: string;
  destructive?: boolean;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useOverlayKeys(open, cancelHref, panel, navigate);
  if (!open) return null;
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === fields.intent;
  return (
    <div className="dialog-layer">
      <Link to={cancelHref} preventScrollReset className="overlay-backdrop" aria-hidden="true" tabIndex={-1} />
      <div ref={panel} role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={descriptionId} tabIndex={-1} className="confirm-dialog">
        <Heading as="h2" size="4" id={titleId} mb="2">
          {title}
        </Heading>
        <Text as="p" size="2" id={descriptionId}>
          {description}
        </Text>
        <Form method="post" action={`${location.pathname}${location.search}`} preventScrollReset>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Flex gap="3" justify="end" mt="4">
            <Button asChild variant="soft" color="gray">
              <Link to={cancelHref} preventScrollReset>
                Cancel
              </Link>
            </Button>
            <Button type="submit" color={destructive ? "red" : undefined} loading={submitting}>
              {confirmLabel}
            </Button>
          </Flex>
        </Form>
      </div>
    </div>
  );
}
