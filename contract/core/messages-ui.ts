/**
 * The messages a page shows by itself in the browser (upload checks, dialogs, copy results, error pages). Client code imports
 * these from here, never `MSG`, so a page ships these few texts instead of every message of the API (ADR 0021).
 * `MSG` in messages.ts includes all of them; server code keeps using `MSG`.
 */
export const UI_MSG = {
  // spec 1 §8: error pages, uploads and copying
  pageNotFound: "Page not found",
  goHome: "Go to Home",
  somethingWrong: "Something went wrong",
  uploaded: "Uploaded!",
  fileUploaded: (file: string) => `${file} file uploaded successfully`,
  fileUploadFailed: (file: string) => `${file} file upload failed.`,
  codeCopied: "Code copied to clipboard!",
  copyFailed: "Failed to copy code to clipboard.",
  themeCopied: "Copy Success, please paste it to src/configs/AppConfig.js THEME_CONFIG variable.",
  // ours: a refused action
  forbidden: "You do not have permission to do this",
  // spec 1 §5 and spec 2 §5: the picture, portfolio and media checks the upload fields run before sending
  imageType: "You Can Only Upload JPG/PNG file",
  imageSize: "Image Must Smaller Than 10MB",
  staffImageType: "You can only upload image files!",
  staffImageSize: "Image must be smaller than 2MB!",
  portfolioType: "You can only upload JPG, JPEG, or PNG files!",
  catalogueImageType: "You can only upload JPG/PNG file!",
  catalogueImageSize: "Image must smaller than 10MB",
  mediaType: "Please upload Image or Video file only",
  mediaSize: "Please Add Video Of Less Than 50 MB",
  videoSize: "Video size is too large (Min 150 mb).",
  // ours: uploads
  videoType: "You can only upload MP4 video files",
  portfolioMax: "You can add at most 8 portfolio images",
  // spec 1 §4, §5, §8: dialogs and hints the pages show
  statusUnchanged: "Please Change the Status",
  removeAvatarConfirm: "Are you sure you want to remove the avatar?",
  removeCoverConfirm: "Are you sure you want to remove the cover?",
  deleteMemberConfirm: "Are You Sure You Want To Delete This Member?",
  commissionRange: "Commission range should be 1 to 100",
  allRequiredFields: "Please Enter All Required Fields",
  registrationComplete: "Your registration has been completed Successfully",
  // ours: confirmations and hints
  removeTimingConfirm: "Are you sure you want to remove this time slot?",
  deleteShopConfirm: (name: string) =>
    `Are you sure you want to delete the shop ${name}? Its owner and staff will no longer be able to sign in.`,
  placeNoMatch: "No address matches this search. Type the street, then a comma and the city.",
  // streams: spec 3 §5 and §8, the stream form's uploads
  streamFileType: "Please upload a file in the correct format only.",
  streamVideoSize: "Please Add Video Of Less Than 50 MB",
  videoDeleted: "Video deleted successfully",
} as const;
