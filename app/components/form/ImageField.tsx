import { Box, Flex, Text } from "@radix-ui/themes";
import { useState, type ComponentProps } from "react";
import { imageHint } from "#contract/uploads/uploads";
import { ImageUpload } from "./ImageUpload";

/**
 * A titled picture on a form: a preview of the picture the form holds (the saved one, or the one just uploaded), the
 * one image picker, and the line that says what it takes ('JPG or PNG, under 10 MB.').
 */
export function ImageField({
  title,
  preview,
  className,
  changeLabel,
  onUploaded,
  ...upload
}: ComponentProps<typeof ImageUpload> & {
  title: string;
  className?: string;
  /** the picker's label once there is a picture (else `label`) */
  changeLabel?: string;
  /** the preview's alternative text, class and test id */
  preview: { alt: string; className: string; testId: string; kind?: string };
}) {
  const [uploaded, setUploaded] = useState("");
  const shown = uploaded || upload.defaultValue;
  return (
    <Box className={className}>
      <Text as="p" size="2" weight="medium" mb="2">
        {title}
      </Text>
      <Flex direction="column" gap="2">
        {shown ? (
          <img
            src={shown}
            alt={preview.alt}
            className={preview.className}
            data-kind={preview.kind}
            data-testid={preview.testId}
          />
        ) : null}
        <ImageUpload
          {...upload}
          label={shown && changeLabel ? changeLabel : upload.label}
          onUploaded={(location) => {
            setUploaded(location);
            onUploaded?.(location);
          }}
        />
        <Text size="1" color="gray">
          {imageHint(upload.purpose)}
        </Text>
      </Flex>
    </Box>
  );
}
