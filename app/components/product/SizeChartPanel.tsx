import { Box, Text } from "@radix-ui/themes";
import { useState } from "react";
import { SIZE_CHART_PURPOSE } from "#contract/products/products";
import { ImageUpload } from "~/components/form/ImageUpload";
import { imageHint } from "#contract/uploads/uploads";

/**
 * The size chart of a variation product (spec 2 §2, §5): required ('Please Upload Size Chart'), a JPG/PNG under 10 MB
 * (the catalogue image checks and messages). Posts `sizeChartImage`; without JavaScript its file input
 * `sizeChartImageFile` goes with the form.
 */
export function SizeChartPanel({
  value,
  error,
  onUploadingChange,
}: {
  value: string;
  error?: string;
  onUploadingChange?: (busy: boolean) => void;
}) {
  const [location, setLocation] = useState(value);
  return (
    <fieldset className="size-chart-panel" aria-invalid={error ? true : undefined}>
      <legend>Size chart</legend>
      {location ? <img className="size-chart-preview" src={location} alt="Size chart" /> : null}
      <Box mt="2">
        <ImageUpload
          id="product-size-chart"
          name="sizeChartImage"
          purpose={SIZE_CHART_PURPOSE}
          defaultValue={location}
          label="Upload size chart"
          error={location === value ? error : undefined}
          onUploaded={setLocation}
          onUploadingChange={onUploadingChange}
        />
      </Box>
      <Text as="p" size="1" color="gray" mt="1">
        {imageHint(SIZE_CHART_PURPOSE)}
      </Text>
    </fieldset>
  );
}
