/**
 * The texts the product pages show by themselves (checks run before sending, confirmations). Apart from UI_MSG so that
 * only the product pages ship them (ADR 0021); MSG includes them too.
 */
export const PRODUCT_UI_MSG = {
  // spec 2 §4, §5: the product form's checks and confirmations
  productFilesMax: "Maximum Upload 10 Image and 1 Video",
  saveVariationsFirst: "Please Click to Save Changes on Variations",
  sizeChartRequired: "Please Upload Size Chart",
  removeDiscountConfirm: "Are you sure you want to remove discount?",
  // spec 2 §5 Media: a file on the Edit page that is not an image
  editImageInvalid: "Uploaded File Is Not A Valid Image File",
  // ours: products
  deleteProductConfirm: (name: string) => `Are you sure you want to delete the product ${name}?`,
  // spec 2 §5: product form checks the page runs before sending
  productImageRequired: "Image is Required! Please upload atleast one image",
  productImagesMax: "You Cannot Add More Than 10 Images",
  productVideosMax: "You Cannot Add More Than 1 Video",
  variationSkuRequired: "Please Enter SKU",
  variationStockRequired: "Please Enter Quantity",
  variationPriceRequired: "Please Enter Price",
  variationImageRequired: "Please Add Image",
  variationRowsMin: "Please add more variations",
  // ours: product form hints the page shows itself
  variationDimensionsMax: "You can choose at most 2 variations",
  productNameFirst: "Please Enter Product Name before adding variations",
} as const;
