import { Box, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { BRAND_IMAGE_PURPOSE } from "#contract/catalogue/brands";
import { ImageUpload } from "~/components/form/ImageUpload";

/** The brand's picture on the add page and in the edit panel: a preview, the upload, and the rule (spec 2 §5). */
export function BrandImageField({
  id,
  value,
  alt,
  label,
  error,
  onUploadingChange,
}: {
  id: string;
  /** the picture the form holds now (the brand's, or one uploaded before a refused submit) */
  value: string;
  alt: string;
  label: string;
  error?: string;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const [preview, setPreview] = useState("");
  const shown = preview || value;
  return (
    <Box className="brand-image-field">
      <Text as="p" size="2" weight="medium" mb="2">
        Brand Image
      </Text>
      <Flex direction="column" gap="2">
        {shown ? <img src={shown} alt={alt} className="brand-image-preview" data-testid="brand-image-preview" /> : null}
        <ImageUpload
          id={id}
          name="image"
          purpose={BRAND_IMAGE_PURPOSE}
          defaultValue={value}
          label={label}
          error={error}
          onUploaded={setPreview}
          onUploadingChange={onUploadingChange}
        />
        <Text size="1" color="gray">
          JPG or PNG, under 10 MB.
        </Text>
      </Flex>
    </Box>
  );
}
