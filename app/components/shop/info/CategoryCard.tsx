import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { ErrorList } from "~/components/form/Field";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { messages, busyWith } from "./inline";
import type { ShopInfoActionData, ShopInfoShop } from "./types";

/** spec 1 §2 Shop Category card: the shop's departments, a multi-select for those who may edit (at least one). */
export function CategoryCard({
  shop,
  canEdit,
  departments,
  answer,
}: {
  shop: ShopInfoShop;
  canEdit: boolean;
  departments: { _id: string; name: string }[];
  answer?: ShopInfoActionData;
}) {
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({
    id: "shop-categories-form",
    record: shop._id,
    lastResult: answer?.result,
  });
  const chosen = new Set(answer?.categories ?? shop.categories.map((c) => c._id));
  // a department the shop has that the list did not return still shows (and stays chosen)
  const options = [...departments, ...shop.categories.filter((c) => !departments.some((d) => d._id === c._id))];
  const errors = messages(fields.categories.errors, form.errors);
  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="3">
        Shop Category
      </Heading>
      {canEdit ? (
        <Form
          key={`${key}:${shop.categories.map((c) => c._id).join()}`}
          method="post"
          preventScrollReset
          data-testid="categories-form"
          {...getFormProps(form)}
        >
          <fieldset
            className="checkbox-group shop-categories"
            aria-invalid={errors ? true : undefined}
            aria-describedby={errors ? fields.categories.errorId : undefined}
          >
            <legend className="visually-hidden">Business categories</legend>
            {options.map((d) => (
              <label key={d._id}>
                <input type="checkbox" name="categories" value={d._id} defaultChecked={chosen.has(d._id)} />
                {d.name}
              </label>
            ))}
          </fieldset>
          <ErrorList id={fields.categories.errorId} errors={errors} />
          <Flex mt="3">
            <Button type="submit" name="intent" value="categories" loading={busyWith(navigation, "categories")}>
              Save categories
            </Button>
          </Flex>
        </Form>
      ) : shop.categories.length ? (
        <Flex gap="2" wrap="wrap" data-testid="shop-categories">
          {shop.categories.map((c) => (
            <Badge key={c._id} variant="soft" color="gray" size="2">
              {c.name}
            </Badge>
          ))}
        </Flex>
      ) : (
        <Text size="2" color="gray">
          No categories chosen yet.
        </Text>
      )}
    </Card>
  );
}
