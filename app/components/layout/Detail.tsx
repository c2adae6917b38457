import { DataList, Text } from "@radix-ui/themes";

/** One line of a record's details in a drawer (a user, an attribute): its label and value, or 'Not given'. */
export function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value>{value || <Text color="gray">Not given</Text>}</DataList.Value>
    </DataList.Item>
  );
}
