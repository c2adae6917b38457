import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { useLocation, useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { useId, type ComponentProps, type ReactNode } from "react";
import { Overlay } from "./Overlay";
import { DismissLink } from "~/components/layout/DismissLink";

/**
 * A dialog opened by the URL (e.g. `?confirm=delete&id=…`): a POST form with the hidden fields the action needs, the
 * dialog's own inputs (`children`), and a Cancel link that removes those params. It works without JavaScript. The form
 * posts to the current URL, so the action can send the user back to the same list.
 */
export function DialogForm({
  open,
  role = "dialog",
  title,
  description,
  cancelHref,
  fields,
  confirmLabel,
  destructive = false,
  blocked,
  testId,
  form,
  children,
}: {
  open: boolean;
  role?: "dialog" | "alertdialog";
  title: ReactNode;
  description?: ReactNode;
  cancelHref: string;
  /** hidden inputs, e.g. `{ intent: "delete", id }`; `intent` also tells this form's pending state from others' */
  fields: Record<string, string>;
  confirmLabel: string;
  destructive?: boolean;
  /** why the action cannot be taken now: said in the dialog, and the confirm button is disabled */
  blocked?: ReactNode;
  testId?: string;
  /** a form kit form's props and key (the form idiom, `useFormKit`), when the dialog's fields answer with errors */
  form?: { key: string; props: Omit<ComponentProps<typeof Form>, "method" | "action"> };
  children?: ReactNode;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const titleId = useId();
  const descriptionId = useId();
  if (!open) return null;
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === fields.intent;
  return (
    <Overlay
      layer="dialog"
      closeHref={cancelHref}
      role={role}
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      className="confirm-dialog"
      testId={testId}
    >
      <Heading as="h2" size="4" id={titleId} mb="2">
        {title}
      </Heading>
      {description ? (
        <Text as="p" size="2" id={descriptionId} mb={children ? "2" : undefined}>
          {description}
        </Text>
      ) : null}
      <Form
        key={form?.key}
        method="post"
        action={`${location.pathname}${location.search}`}
        preventScrollReset
        {...form?.props}
      >
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        {blocked ? (
          <Text as="p" size="2" color="red" mt="2" data-testid="dialog-blocked">
            {blocked}
          </Text>
        ) : null}
        <Flex gap="3" justify="end" mt="4">
          <DismissLink to={cancelHref}>Cancel</DismissLink>
          <Button type="submit" color={destructive ? "red" : undefined} loading={submitting} disabled={!!blocked}>
            {confirmLabel}
          </Button>
        </Flex>
      </Form>
    </Overlay>
  );
}

/** A yes-or-no confirmation opened by the URL (a delete, a removal): red by default. */
export function ConfirmDialog({
  destructive = true,
  ...props
}: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  cancelHref: string;
  fields: Record<string, string>;
  confirmLabel: string;
  destructive?: boolean;
  blocked?: ReactNode;
}) {
  return <DialogForm {...props} role="alertdialog" destructive={destructive} />;
}
