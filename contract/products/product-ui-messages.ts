/** The entries of `PRODUCT_UI_MSG` (messages-products-ui.ts): one export each, so a bundle keeps only the messages its code reads. */
// spec 2 §4, §5: the product form's checks and confirmations
export const productFilesMax = "Maximum Upload 10 Image and 1 Video";
export const saveVariationsFirst = "Please Click to Save Changes on Variations";
export const sizeChartRequired = "Please Upload Size Chart";
export const removeDiscountConfirm = "Are you sure you want to remove discount?";
// spec 2 §5 Media: a file on the Edit page that is not an image
export const editImageInvalid = "Uploaded File Is Not A Valid Image File";
// ours: products
export const deleteProductConfirm = (name: string) => `Are you sure you want to delete the product ${name}?`;
// spec 2 §5: product form checks the page runs before sending
export const productImageRequired = "Image is Required! Please upload atleast one image";
export const productImagesMax = "You Cannot Add More Than 10 Images";
export const productVideosMax = "You Cannot Add More Than 1 Video";
export const variationSkuRequired = "Please Enter SKU";
export const variationStockRequired = "Please Enter Quantity";
export const variationPriceRequired = "Please Enter Price";
export const variationImageRequired = "Please Add Image";
export const variationRowsMin = "Please add more variations";
// ours: product form hints the page shows itself
export const variationDimensionsMax = "You can choose at most 2 variations";
export const productNameFirst = "Please Enter Product Name before adding variations";
