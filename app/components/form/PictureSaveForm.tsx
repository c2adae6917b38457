import { useSubmit } from "@remix-run/react";
import type { UploadPurpose } from "#contract/uploads/uploads";
import { Form } from "~/components/remix";
import { ImageUpload } from "./ImageUpload";

/**
 * A picture saved as soon as it is uploaded (a category's image, the user's avatar): with JavaScript the finished upload
 * posts `intent=image` and the stored file's location at once; without it the chosen file goes with the form's own
 * 'Upload image' submit. The page's action saves both the same way.
 */
export function PictureSaveForm({
  id,
  purpose,
  value,
  label,
  error,
}: {
  id: string;
  purpose: UploadPurpose;
  value: string | null;
  label: string;
  error: string | null | undefined;
}) {
  const submit = useSubmit();
  return (
    <Form method="post" encType="multipart/form-data">
      <input type="hidden" name="intent" value="image" />
      <ImageUpload
        id={id}
        name="image"
        purpose={purpose}
        defaultValue={value}
        label={label}
        submitLabel="Upload image"
        error={error}
        onUploaded={(location) => submit({ intent: "image", image: location }, { method: "post" })}
      />
    </Form>
  );
}
