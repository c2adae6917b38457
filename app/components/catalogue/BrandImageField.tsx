import { BRAND_IMAGE_PURPOSE } from "#contract/catalogue/brands";
import { ImageField } from "~/components/form/ImageField";

/** The brand's picture on the add page and in the edit panel: a preview, the upload, and the rule (spec 2 §5). */
export function BrandImageField({
  value,
  alt,
  ...upload
}: {
  id: string;
  /** the picture the form holds now (the brand's, or one uploaded before a refused submit) */
  value: string;
  alt: string;
  label: string;
  error?: string;
  onUploadingChange: (uploading: boolean) => void;
}) {
  return (
    <ImageField
      title="Brand Image"
      className="brand-image-field"
      preview={{ alt, className: "brand-image-preview", testId: "brand-image-preview" }}
      name="image"
      purpose={BRAND_IMAGE_PURPOSE}
      defaultValue={value}
      {...upload}
    />
  );
}
