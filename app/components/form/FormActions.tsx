import { Button, Flex } from "@radix-ui/themes";
import { DismissLink } from "~/components/layout/DismissLink";

/** A form's submit button and, where leaving it is offered, its Cancel link (a link, so it works without JavaScript). */
export function FormActions({
  submitLabel,
  cancelHref,
  loading,
  disabled,
  size = "2",
}: {
  submitLabel: string;
  cancelHref?: string;
  loading?: boolean;
  disabled?: boolean;
  size?: "2" | "3";
}) {
  return (
    <Flex gap="3" mt="4">
      <Button type="submit" size={size} loading={loading} disabled={disabled}>
        {submitLabel}
      </Button>
      {cancelHref ? (
        <DismissLink to={cancelHref} size={size}>
          Cancel
        </DismissLink>
      ) : null}
    </Flex>
  );
}
