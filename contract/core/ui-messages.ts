/** The entries of `UI_MSG` (messages-ui.ts): one export each, so a bundle keeps only the messages its code reads. */
// spec 1 §8: error pages, uploads and copying
export const pageNotFound = "Page not found";
export const goHome = "Go to Home";
export const somethingWrong = "Something went wrong";
export const uploaded = "Uploaded!";
export const fileUploaded = (file: string) => `${file} file uploaded successfully`;
export const fileUploadFailed = (file: string) => `${file} file upload failed.`;
export const codeCopied = "Code copied to clipboard!";
export const copyFailed = "Failed to copy code to clipboard.";
export const themeCopied = "Copy Success, please paste it to src/configs/AppConfig.js THEME_CONFIG variable.";
// ours: a refused action
export const forbidden = "You do not have permission to do this";
// spec 1 §5 and spec 2 §5: the picture, portfolio and media checks the upload fields run before sending
export const imageType = "You Can Only Upload JPG/PNG file";
export const imageSize = "Image Must Smaller Than 10MB";
export const staffImageType = "You can only upload image files!";
export const staffImageSize = "Image must be smaller than 2MB!";
export const portfolioType = "You can only upload JPG, JPEG, or PNG files!";
export const catalogueImageType = "You can only upload JPG/PNG file!";
export const catalogueImageSize = "Image must smaller than 10MB";
export const mediaType = "Please upload Image or Video file only";
export const mediaSize = "Please Add Video Of Less Than 50 MB";
export const videoSize = "Video size is too large (Min 150 mb).";
// ours: uploads
export const videoType = "You can only upload MP4 video files";
export const portfolioMax = "You can add at most 8 portfolio images";
// spec 1 §4, §5, §8: dialogs and hints the pages show
export const statusUnchanged = "Please Change the Status";
export const removeAvatarConfirm = "Are you sure you want to remove the avatar?";
export const removeCoverConfirm = "Are you sure you want to remove the cover?";
export const deleteMemberConfirm = "Are You Sure You Want To Delete This Member?";
export const commissionRange = "Commission range should be 1 to 100";
export const allRequiredFields = "Please Enter All Required Fields";
export const registrationComplete = "Your registration has been completed Successfully";
// ours: confirmations and hints
export const removeTimingConfirm = "Are you sure you want to remove this time slot?";
export const deleteShopConfirm = (name: string) =>
  `Are you sure you want to delete the shop ${name}? Its owner and staff will no longer be able to sign in.`;
export const placeNoMatch = "No address matches this search. Type the street, then a comma and the city.";
// streams: spec 3 §5 and §8, the stream form's uploads
export const streamFileType = "Please upload a file in the correct format only.";
export const streamVideoSize = "Please Add Video Of Less Than 50 MB";
export const videoDeleted = "Video deleted successfully";
// ours: bulk actions on a list's rows (ADR 0074); the confirmation says it before the API would
export const bulkTooMany = (max: number) =>
  `At most ${max.toLocaleString("en-AU")} rows at a time: narrow the list with its search or filters`;
