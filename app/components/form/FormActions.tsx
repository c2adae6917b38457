import { Button, Flex } from "@radix-ui/themes";
import { Link } from "~/components/remix";

/** A form's submit button and its Cancel link (a link, so it works without JavaScript). */
export function FormActions({
  submitLabel,
  cancelHref,
  loading,
  disabled,
  size = "2",
}: {
  submitLabel: string;
  cancelHref: string;
  loading?: boolean;
  disabled?: boolean;
  size?: "2" | "3";
}) {
  return (
    <Flex gap="3" mt="4">
      <Button type="submit" size={size} loading={loading} disabled={disabled}>
        {submitLabel}
      </Button>
      <Button asChild size={size} variant="soft" color="gray">
        <Link to={cancelHref} preventScrollReset>
          Cancel
        </Link>
      </Button>
    </Flex>
  );
}
