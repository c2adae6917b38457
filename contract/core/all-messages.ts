export * from "./ui-messages";
export * from "../products/product-ui-messages";

/** The entries of `MSG` (messages.ts): one export each, so a bundle keeps only the messages its code reads. */
// spec 1 §8
export const logoutSuccess = "Logout Successfully";
export const logoutFailed = "Something gone went wrong";
export const profileSaved = "Changes made successfully";
export const passwordChanged = "Password Changed Successfully";
export const profileImageUpdated = "Profile Image Updated Successfully";
export const invalidPhone = "Please enter a valid mobile number";
// ours: the theme panel's form was tampered with
export const prefsInvalid = "These theme settings are not valid";
export const missingPhone = "Please Enter Phone Number";
// spec 1 §5 Edit Profile
export const nameRequired = "Please Enter Your Name";
export const nameMax = "Maximum 25 Character Required";
export const phoneRequired = "Please Enter Your Phone Number";
export const genderRequired = "Please Select Gender";
// spec 1 §5 Change Password
export const currentPasswordRequired = "Please Enter The Current Password";
export const newPasswordRequired = "Please Enter The New Password";
export const confirmPasswordRequired = "Please Enter The Confirm Password";
export const passwordMismatch = "New Password And Confirm Password Doesn't Match";
// spec 1 §5 Demo card
export const cardNumber = "Please enter a valid credit card number!";
export const cardExpiry = "Please enter a valid date format!";
export const cardCvv = "Please enter a CVV code format!";
// spec 1 §5 Add Influencer (image rules shared by every profile picture)
// spec 1 §5 Staff form, Add Influencer portfolio; spec 2 §5 image and media uploads; spec 1 §8 video
// ours: uploads, profile and the demo settings pages
export const uploadLinkInvalid = "This upload link is invalid or has expired. Please choose the file again.";
export const uploadNotFound = "This upload was not found. Please choose the file again.";
export const uploadDone = "This file has already been uploaded";
export const imageNotUploaded = "Please upload the image again: it was not found in our storage";
export const phoneTaken = "This phone number is already used by another account";
export const phoneNotEditable = "The phone number of a shop account cannot be changed here";
export const passwordThrottled = "Too many wrong passwords. Please try again in 15 minutes.";
export const cardHolderRequired = "Please enter the card holder name";
export const cardAdded = "Card added";
export const cardRemoved = "Card removed";
export const cardLimit = "You can keep at most 8 demo cards";
export const notificationsSaved = "Notification settings saved";
// spec 2 §5 Category
export const categoryNameRequired = "Please Enter Category Name";
export const subCategoryNameRequired = "Please Enter Sub Category Name";
export const attrRequired = "Please Add Atleast one Attribute";
export const variationRequired = "Please Add Atleast one Variation";
export const taxRequired = "Please Enter Tax";
export const taxRange = "Tax range should be 1 to 100";
export const commissionRequired = "Please Enter Commission";
// spec 2 §5 Attribute
export const attributeNameRequired = "Please Add Attribute Name";
export const max20 = "Maximum 20 Characters Allowed";
export const attributeLabelRequired = "Please Add Attribute Label";
export const attributeTypeRequired = "Please Select Attribute Type";
export const attributeVariationRequired = "Please Check Attribute Variation";
export const attributeListRequired = "Please Add Atleast One Attribute List";
// spec 2 §5 Brand
export const brandNameRequired = "Please Add Brand Name";
export const noLeadingSpace = "Spaces are not allowed";
export const max50 = "Maximum 50 Characters Allowed";
export const brandImageRequired = "Please Upload Brand Image";
// ours: the category tree (spec 2 §5 gives the level rule, not its words)
export const categoryLevel = "Sub-categories can be added only below level 2";
export const leafOnly = "Attributes, variations, tax and commission belong to sub-categories (level 2) only";
export const categoryNothingToChange = "Send one of name, image, attr, variations, tax or commission";
export const categoryNameTaken = "A category with this name already exists at this place in the tree";
export const categoryParentMissing = "The parent category was not found";
export const categoryAdded = (name: string) => `${name} added successfully`;
export const categoryUpdated = "Category updated successfully";
export const categoryDeleted = "Category deleted successfully";
// a department's children are categories, a category's sub-categories
export const categoryHasChildren = (n: number, level: number) =>
  `This ${level === 0 ? "department" : "category"} has ${n} ${level === 0 ? "categor" : "sub-categor"}${n === 1 ? "y" : "ies"}. Delete ${n === 1 ? "it" : "them"} first.`;
export const categoryUsedByShops = (n: number) =>
  `${n} shop${n === 1 ? " uses" : "s use"} this department. Remove it from ${n === 1 ? "that shop" : "those shops"} first.`;
export const categoryHasCommissions = (n: number) =>
  `${n} shop commission${n === 1 ? " is" : "s are"} set for this sub-category. Remove ${n === 1 ? "it" : "them"} first.`;
export const categoryInUse = "This category is still in use, so it cannot be deleted";
export const categoryHasProducts = (n: number) =>
  `${n} product${n === 1 ? " uses" : "s use"} this category. Move or delete ${n === 1 ? "it" : "them"} first.`;
export const attributeUnknown = "One of the chosen attributes was not found";
export const notForVariation = (name: string) => `${name} is not an attribute for variation`;
export const oneMainVariation = "Only one variation can be the main one";
// ours: attributes and brands
export const attributeNameTaken = "An attribute with this name already exists";
export const attributeAdded = "Attribute added successfully";
export const attributeOptionAdded = "Option added successfully";
export const attributeOptionExists = "This option already exists";
export const attributeTakesNoOptions = "Text and number attributes have no options";
export const attributeOptionRequired = "Please enter an option";
export const optionMax = "Maximum 50 Characters Allowed";
export const colourInvalid = "Please enter a colour such as #E53935";
export const hintMax = "Maximum 100 Characters Allowed";
export const attributeVariationFilter = "isForVariation must be true or false";
export const attributeIdMismatch = "The id in the body does not match the attribute in the address";
export const attributePushField = "field must be list or map";
export const attributeIdsMax = "Ask for at most 100 attributes at once";
export const brandNameTaken = "A brand with this name already exists";
export const brandAdded = "Brand added successfully";
export const brandUpdated = "Brand updated successfully";
export const brandNothingToChange = "Send a new name or image for the brand";
// ours: list query refusals (ARCHITECTURE §3)
export const listLimit = (max: number) => `limit must be a whole number from 1 to ${max}`;
export const listSkip = "skip must be a whole number from 0";
export const listPage = "page must be a whole number from 1";
export const listSortType = "sortType must be asc or desc";
export const listSort = (columns: readonly string[]) => `sort must be one of ${columns.join(", ")}`;
// ours: the spec gives no login, session or password-length texts
export const emailRequired = "Please Enter Your Email";
export const emailInvalid = "Please Enter Valid Email";
export const passwordRequired = "Please Enter Your Password";
export const loginFailed = "Invalid email or password";
export const loginThrottled = "Too many sign-in attempts. Please try again in 15 minutes.";
export const appOnlyRole = "This account signs in through the mobile app, not the console.";
export const chatCustomerNoApp = (product: string) =>
  `This customer is not using the ${product} mobile app. Please ask them to install and log in.`;
export const chatMuted = "You are muted in this live stream's chat";
export const chatStreamFinished = "This stream has finished: its chat is closed";
export const shopRejected =
  "Your shop has been rejected, so this account cannot sign in. Please contact the platform admin.";
export const loginSuccess = "Login Successfully";
export const sessionExpired = "Your session has expired. Please sign in again.";
export const passwordMin = "Password must be at least 8 characters";
export const currentPasswordWrong = "The current password is incorrect";
export const noPasswordSet = "This account signs in with a phone code or single sign-on and has no password to change.";
export const otpSent = "A 6-digit code has been sent to your phone";
export const otpInvalid = "The code is incorrect or has expired";
export const otpLength = "Please enter the 6-digit code";
export const otpThrottled = "Too many codes requested. Please wait a few minutes and try again.";
export const otpSentIfAccount = "If a shop account uses this number, a 6-digit code has been sent to it";
export const ssoNoAccount = "No shop account uses this e-mail address";
export const ssoFailed = "Single sign-on failed. Please try again.";
export const ssoEmailUnverified = "Your e-mail address is not verified with this provider";
export const otpSendFailed = (reason: string) => `Failed to send OTP: ${reason}`;
export const notFound = "Not found";
export const crossSite = "Cross-site request refused";
export const serverError = "Something went wrong";
export const userDeleted = "User deleted successfully";
export const cannotDeleteSelf = "You cannot delete your own account";
export const cannotDeleteShopOwner = "This user owns a shop. Delete the shop first.";
export const invalidRoleFilter = "Role must be one of endUser, influencer, shopOwner or staff";
export const invalidGenderFilter = "Gender must be one of Male, Female or Others";
// ours: the invite list's filters (GET user/list with campaignId, spec 3 §2 Invite-influencer list)
export const invalidAgeFilter = "Age must be a whole number from 1 to 100";
export const ageRangeReversed = "Age min must not be more than Age max";
export const invalidLocationFilter = "Location must be at most 100 characters";
export const invalidCampaignFilter = "campaignId must be a campaign id";
export const campaignListsInfluencers = "With campaignId the list shows influencers only: role must be influencer";
export const campaignOrBuyer = "Give campaignId or buyerId, not both";

// ---- shops and people: the spec's words first; each area's own ("ours") texts in its section below ----
// spec 1 §4 verification (influencers and shops)
// spec 1 §5 Add Influencer
export const influencerImageRequired = "Please Upload The Profile Image";
export const fullNameRequired = "Please Enter The Full Name";
export const portfolioRequired = "Please Select atleast one Portfolio";
// spec 1 §5 Public registration
export const regNameRequired = "Please Enter Full Name";
export const regNameInvalid = "Please Enter a valid First Name";
export const regMobileRequired = "Please Enter Mobile Number";
export const regEmailRequired = "Please Enter Email Id";
export const dobRequired = "Please Select Date Of Birth";
export const ethnicityRequired = "Please Select Ethnicity";
export const countryRequired = "Please Select Country";
export const stateRequired = "Please Select State";
export const cityRequired = "Please Select City";
export const bioRequired = "Please Enter Bio";
// spec 1 §8 registration
export const userRegistered = "User registered successfully.";
export const registrationFailed = "An error occurred";
// shop statistics (spec 1 §7 shop/stats); ours: the spec gives no texts
export const statsType = "type must be stats or graph";
export const statsStartInvalid = "Start must be a date (YYYY-MM-DD)";
export const statsEndInvalid = "End must be a date (YYYY-MM-DD)";
export const statsRangeOrder = "The end date must not be before the start date";
export const statsRangeMax = "A date range can span at most 3 years";
// spec 1 §5 Add shop
export const ownerNameRequired = "Please enter your name";
export const ownerGenderRequired = "Please select gender";
export const ownerPhoneRequired = "Please enter your phone number";
export const shopNameRequired = "Please Enter Shop Name"; // ours: the spec gives no text for a missing shop name
export const shopNameMax = "Maximum 25 Character Of The Shop Name";
export const shopStoryRequired = "Please enter shop story";
export const shopEmailInvalid = "Please enter valid shop's email";
export const shopAddressRequired = "Please Select Shop's Address";
export const urlInvalid = "Please Enter Valid URL";
export const shopCategoryRequired = "Please Select Shop Category";
export const shopImageRequired = "Please Add Shop Image";
export const shopCoverRequired = "Please Add Shop Cover Image";
export const shopTimingRequired = "Please Add Shop Timing";
export const shopCreated = (name: string) => `Shop - ${name} created successfully`;
// spec 1 §5 Shop profile edits
export const specialCharacters = "Special characters are not allowed";
export const shopNameMax25 = "Please Add Shop Name Under 25 Characters";
export const enterValidEmail = "Enter valid email";
export const max100 = "Maximum 100 Characters Are Allowed";
export const enterValidUrl = "Please enter a valid URL";
export const shopCategoryMin = "Please Select Atleast One Business Category";
export const storyRequired = "Please Add Story";
export const dayRequired = "Please Select Day";
export const startRequired = "Please Select Start Date";
export const endRequired = "Please Select End Date";
export const scriptCopied = "Successfully copy script.";
// spec 1 §5 Staff form
export const staffImageRequired = "Please Upload Profile Image";
export const staffEmailRequired = "Please Enter The Email";
export const staffPhoneRequired = "Please Enter The Phone Number";
export const staffMobileRequired = "Please Enter The Mobile Number";
export const staffRoleRequired = "Please Enter The Role";
export const customGenderRequired = "Please Enter The Gender";
// spec 1 §5 Commission
export const commissionCategoryRequired = "Please Select Category";
export const commissionMax = "Maximum commission value 100";

// ---- ours: geo and places ----
export const geoCountryUnknown = "This country was not found";
export const geoStateUnknown = "This state was not found in the chosen country";
export const placeUnknown = "This address was not found. Please search again and choose one of the suggestions.";

// ---- ours: influencers ----
export const dobInvalid = "Please enter the date of birth as DD/MM/YYYY";
export const dobFuture = "The date of birth cannot be in the future";
export const bioMax = "Maximum 1000 Characters Are Allowed";
export const customGenderMax = "Maximum 25 Characters Are Allowed";
export const portfolioNotUploaded = "Please upload the portfolio images again: one was not found in our storage";
export const influencerAdded = "Influencer added successfully";
export const influencerUpdated = "Influencer updated successfully";
export const influencerStatusChanged = (status: string) => `Influencer status changed to ${status}`;
export const influencerStatusInvalid = "Status must be Pending, Approved or Rejected";
export const influencerStatusNotAllowed = (from: string, to: string) =>
  `An influencer who is ${from} cannot be changed to ${to}`;
export const influencerStatusRaced = "The status was changed by someone else meanwhile. Please reload and try again.";
export const addUserRole = "role must be influencer or shopOwner";
export const shopOwnerAdded = "Shop owner added successfully";

// ---- ours: shops list, add shop, delete, verification ----
export const placesUnavailable = "Address search is not available right now. Please try again later.";
export const ownerIdOrOwner =
  "Send either ownerId (an owner added with user/add-user) or the owner's details, not both";
export const ownerUnknown = "This shop owner was not found";
export const ownerHasShop = "This owner already has a shop";
export const shopCategoryNotDepartment = "Shop categories must be departments";
export const shopImageNotUploaded = "Please upload the shop image again";
export const shopCoverNotUploaded = "Please upload the shop cover image again";
export const shopDeleted = (name: string) => `Shop - ${name} deleted successfully`;
export const shopStatusChanged = (name: string, status: string) => `Shop - ${name} is now ${status}`;
export const statusNotAllowed = (from: string, to: string) => `A shop that is ${from} cannot be changed to ${to}`;
export const shopClosed =
  "Your shop has been removed, so this account cannot sign in. Please contact the platform admin.";

// ---- ours: shop profile ----
export const timingEndAfterStart = "The end time must be after the start time";
export const timingOverlap = "Time slots on the same day must not overlap";
export const shopNothingToChange =
  "Send one of name, email, website, location, story, categories, timings, image or coverImage";
export const storyTooLong = "The story is too long";
export const shopCategoryUnknown = "Choose business categories from the list of departments";
export const shopUpdated = "Shop details updated successfully";
export const shopImageRemoved = "Image removed successfully";

// ---- ours: staff ----
export const staffAdded = "Staff member added successfully";
export const staffUpdated = "Staff member updated successfully";
export const staffRemoved = "Staff member removed successfully";
export const emailTaken = "This email is already used by another account";
export const staffShopRequired = "Please choose the shop for this staff member";
export const staffGrantBeyondOwn = "You cannot give an access type you do not have yourself";
export const staffOwnerOffLimits = "Only the shop owner or an admin can change the owner's details";
export const nulCharacter = "Text cannot contain the NUL character";
export const controlCharacter =
  "Text cannot contain control characters (such as BEL or ESC); only tabs and, in multi-line fields, line breaks";
export const singleLine = "This field is one line: it cannot contain line breaks";
export const bodyNotJson = "The request body is not valid JSON";
export const bodyNotForm = "The request body is not a valid form";
export const bodyTooDeep = "The request body is nested too deeply (at most 32 levels of lists and objects)";
export const fileNameTooLong = "The file name is too long (at most 255 characters)";
export const fileNameInvalid = "The file name contains characters that are not allowed";
export const bodyTooLarge = "The request is too large (at most 1 MB; files go through the upload calls)";
export const staffIdentifierOffLimits =
  "Only the shop owner or an admin can change a team member's phone number or e-mail";
export const staffWiderRights = "You cannot edit a team member who has an access type you do not have";
export const staffOwnerNotRemovable = "The shop owner cannot be removed from the team";
export const staffUnknownAccess = "Unknown module or access type";

// ---- ours: commission ----
export const commissionShopRequired = "Please choose a shop";
export const commissionNotSubcategory = "Commission can be set on sub-categories only";
export const commissionTaken = "This shop already has a commission for this sub-category. Edit it in the list instead.";
export const commissionMissing = "This shop has no commission for this sub-category";
export const commissionAdded = "Commission added successfully";
export const commissionUpdated = "Commission updated successfully";
export const commissionDeleted = "Commission deleted successfully";

// ---- ours: public registration ----
export const regDobFuture = "Date of birth cannot be later than today";
export const regBioMax = "Maximum 500 Characters Allowed";
export const regSocialIdRequired = (label: string) => `Please Enter ${label} Id`;
export const regPhoneTaken = "This mobile number is already registered. Please sign in with the app.";
export const regEmailTaken = "This email is already registered with another account";
export const regImageNotUploaded = "Please upload this image again: it was not found among this page's uploads";
export const regOtpNotSent = "The code could not be sent. Press Resend OTP to try again.";
export const regOtpType = "type must be influencer-web-registration or influencer-login";
// ours: the influencers' app door (ADR 0057)
export const otpSentIfInfluencer = "If an influencer uses this number, a 6-digit code has been sent to it";
export const influencerPending =
  "Your influencer account is waiting for approval by the platform admin. You can sign in once it is approved.";
export const influencerRejected =
  "Your influencer account has not been approved, so it cannot sign in. Please contact the platform admin.";
export const regThrottled = "Too many registrations from this address. Please try again later.";
export const publicUploadThrottled = "Too many uploads from this address. Please try again later.";
export const publicUploadPurpose = "Only a profile image or portfolio images can be uploaded here";

// ---- products: spec 2 §5 Product (add and edit), §4 Discounts, §8 ----
export const productNameShort = "Product Name Is Too Short";
export const productNameMax = "Maximum 100 Character";
export const attrTextMax = "Please Add Less Than 100 Characters";
export const productAllRequired = "Please enter all required field ";
export const productImageMin = "Please Add Atleast One Image";
export const variationOptionRequired = (name: string) => `Please Select ${name}`;
export const variationCombinationTaken = (a: string, b: string) => `Please select other combination of ${a} & ${b}`;
export const flatDiscountMax = "Flat discount cannot be greater than the product price";
export const variationFlatDiscountMax = "Flat discount amount cannot exceed the product price";
export const percentDiscountRange = "Percentage discount should be between 0% and 100%";
export const discountAllRequired = "All Fields Are Required";
export const productCreated = (name: string) => `Created ${name} to product list`;
// spec 2 §8: a multi-variation save that failed without a message of its own
export const errorTryAgain = "An error occurred. Please try again.";
// ---- ours: products (the spec gives no words for these) ----
export const productNameRequired = "Please Enter Product Name";
export const productDescriptionRequired = "Please Enter Description";
export const productDescriptionShort = "Description Is Too Short";
export const productDescriptionMax = "Maximum 200 Character";
export const productPriceMin = "Price must be at least $1";
export const productPriceMax = "Price must be at most $1,000,000";
export const productPriceCents = "Price can have at most 2 decimals";
export const productStockWhole = "Quantity must be a whole number";
export const productStockMin = "Quantity cannot be negative";
export const productSkuMax = "Maximum 40 Character";
export const productSkuTaken = "This SKU is already used in this shop";
export const productDepartmentRequired = "Please Select Department";
export const productCategoryRequired = "Please Select Category";
export const productSubcategoryRequired = "Please Select Sub Category";
export const productBrandRequired = "Please Select Brand";
export const productBrandUnknown = "This brand no longer exists; please choose another";
export const productTaxonomyMismatch = "The category and sub-category must belong to the chosen department";
export const productDepartmentNotShop = "Please choose one of your shop's departments";
export const productAttrRequired = (label: string) => `Please Enter ${label}`;
export const productAttrChoose = (label: string) => `Please Select ${label}`;
export const productAttrNotOption = (label: string) => `Please choose one of the options of ${label}`;
export const productTagMax = "A tag can have at most 30 characters";
export const productTagsMax = "At most 20 tags";
export const productMediaNotUploaded = "Please upload this file again: it was not found among your uploads";
export const variationDimensionUnknown = "This variation does not belong to the chosen sub-category";
export const variationNotProducts = "This product has no variations";
export const productHasVariations = "This product has variations: change their prices and stock instead";
export const productUpdated = "Product updated successfully";
export const productDeleted = "Product deleted successfully";
export const variationsSaved = "Variations saved successfully";
export const variantAdded = "Variant added successfully";
export const variationUnknown = "This variation is not part of the product";
export const discountExists = "This product already has a discount; remove it first";
export const discountGlobalSet = "A discount on all variations is set; remove it first";
export const discountVariantsSet = "Some variations have their own discount; remove those first";
export const discountNotVariation = "A discount on all variations needs a product with variations";
export const discountMin = "Discount cannot be negative";
export const discountAdded = "Discount added successfully";
export const discountRemoved = "Discount removed successfully";
export const discountNone = "There is no discount to remove";
export const discountBreaksPrice = "The new price is below the flat discount; remove or lower the discount first";
export const productShopRequired = "Please choose a shop for this product";
export const productAttrNumber = (label: string) => `${label} must be a number`;
export const variationOptionTaken = (a: string) => `Please select other option than ${a}`;
export const productNothingToChange =
  "Send one of name, description, tags, brand, attr, images, videos, sizeChartImage, price or stock";
export const discountMixed = "Send a discount change on its own, without other product fields";
export const productSkuUnavailable = "No free SKU is left for this name; please enter one";
// ours: the product import from CSV (ADR 0073)
export const importFileRequired = "Please choose a CSV file";
export const importTooLarge = "The file is too large (at most 10 MB)";
export const importNotCsv = "This file could not be read as CSV: a quoted cell is not closed";
export const importNoRows = "The file has no product rows under its header";
export const importTooManyRows = (max: number) => `The file has more than ${max} rows; please split it`;
export const importColumnMissing = (column: string) => `The column '${column}' is missing`;
export const importHandleRequired = "Please enter a handle: the rows of one product share it";
export const importDepartmentUnknown = (name: string) => `No department is called '${name}'`;
export const importCategoryUnknown = (name: string, department: string) =>
  `No category '${name}' in the department '${department}'`;
export const importSubcategoryUnknown = (name: string, category: string) =>
  `No sub-category '${name}' in the category '${category}'`;
export const importBrandUnknown = (name: string) => `No brand is called '${name}'`;
export const importOptionsOnSingle = "Rows that share a handle are variations: please give each an Option1 value";
export const importSkuInFile = (row: number) => `This SKU is already used on row ${row} of the file`;
export const importHasProblems = (count: number) =>
  `The file has ${count} ${count === 1 ? "problem" : "problems"}; nothing was imported`;
export const importChecked = (products: number) =>
  `${products} ${products === 1 ? "product is" : "products are"} ready to import`;
export const importDone = (products: number, variations: number) =>
  `Imported ${products} ${products === 1 ? "product" : "products"} with ${variations} ${variations === 1 ? "variation" : "variations"}`;
// ours: the orders console (read side: order list filters and exports)
export const orderDateInvalid = "Please enter a date as YYYY-MM-DD";
export const orderDateRange = "The end date must not be before the start date";
export const orderStatusFilter = `status must be All or one of ${["Pending", "Found", "On Hold", "Refunded", "Awaiting Pickup", "On The Way", "Delivered"].join(", ")}`;
export const orderExportFormat = "format must be pdf or csv";
export const orderExportCapped = (shown: number) =>
  `This PDF lists the first ${shown} orders only. Download the CSV for every order.`;
// campaign payouts and payments (spec 3 §5 Payout terms, Payment / transaction; ours where the spec is silent)
export const payoutFeeInvalid = "Invalid input. Please enter 6 digits and up to 2 decimal places.";
export const payoutCategoryRequired = "Please select a category!";
export const payoutCommissionRequired = "Please enter a commission!";
export const payoutCommissionRange = "Please enter a commission from 0 to 100 percent";
export const payoutCategoryTwice = "A category can be used in only one row";
export const payoutCategoryUnknown = "Please choose a sub-category of the catalogue";
export const payoutQuantityInvalid =
  "Invalid quantity. Please enter a valid quantity within the available stock limit.";
export const payoutVariantQuantityInvalid = (variant: string) => `Quantity for "${variant}" is invalid.`;
export const payoutVariantOverStock = (variant: string) =>
  `Quantity for "${variant}" exceeds the available quantity in stock.`;
export const payoutProductUnknown = "Please choose a product of this shop";
export const payoutChangeRequired = "Send a fee, sales commission rows, or a free product action";
export const payoutNotAccepted = "This influencer has not accepted a place in the campaign";
export const payoutTermsBelowPaid = "The influencer has already been paid more than these terms would owe";
export const payoutSaved = "Payout terms saved";
export const paymentAmountRequired = "Please enter the amount!";
export const paymentAmountMin = "Please enter an amount of at least 1";
export const paymentAmountInvalid = "Please enter an amount with up to 2 decimal places, below 1,000,000";
export const paymentNoteTooLong = "The note can be at most 1000 characters";
export const paymentExceedsOwed = (pending: string) =>
  `This payment is more than the ${pending} still owed to the influencer`;
export const paymentAdded = "Payment added";
export const paymentUpdated = "Payment updated";
export const transactionDeleted = "Transaction Deleted";
// coupons (spec 2 §5 Coupon; ours where the spec is silent)
export const couponNameRequired = "Please Enter Coupon Name";
export const couponCodeRequired = "Please Enter Coupon Code";
export const couponCodeInvalid = "Please Enter Valid Coupon Code";
export const couponCodeMax = "Maximum 30 Characters Allowed";
export const couponCodeTaken = "This coupon code is already in use";
export const couponImageRequired = "Please Upload Coupon Image";
export const couponDescriptionMax = "Maximum 500 Characters Allowed";
export const couponDepartmentRequired = "Please Select Department";
export const couponCategoryRequired = "Please Select Category";
export const couponSubcategoryRequired = "Please Select Sub Category";
export const couponMinOrderRequired = "Please Enter Minimum Order Price";
export const couponAmountMin = "Value cannot be negative";
export const couponAmountMax = "Value cannot exceed 1000000";
export const couponAmountCents = "At most 2 decimal places";
export const couponQuantityRequired = "Please Enter Quantity";
export const couponQuantityWhole = "Quantity must be a whole number";
export const couponQuantityMin = "Quantity cannot be negative";
export const couponQuantityBelowUsed = (used: number) => `Quantity cannot be less than the ${used} uses already made`;
export const couponStartRequired = "Please Select Start Date";
export const couponEndRequired = "Please Select End Date";
export const couponDateInvalid = "Please enter a valid date";
export const couponEndBeforeStart = "End date cannot be before start date";
export const couponDiscountTypeRequired = "Please Select Discount Type";
export const couponDiscountRequired = "Please Enter Discount";
export const couponFlatMax = (n: string) => `Flat discount cannot exceed the minimum order price of ${n}`;
export const couponPercentMax = "Percentage discount cannot exceed 100%";
export const couponTypeRequired = "Please Select Coupon Type";
export const couponMultiWhole = "Multi must be a whole number";
export const couponMultiMin = "Multi cannot be negative";
export const couponStatusRequired = "Please Select Status";
export const couponIdMismatch = "The coupon id in the body does not match the path";
export const couponAdded = "Coupon added successfully";
export const couponUpdated = "Coupon updated successfully";
// ours: the spec names no coupon delete; the coupon list's delete (single and bulk) is ours
export const couponDeleted = "Coupon deleted successfully";
// orders and payments
export const otpSentIfCustomer = "If a customer uses this number, a 6-digit code has been sent to it";
export const orderProductRequired = "Please choose a product for each line";
export const orderQuantityRange = "Quantity range should be 1 to 100";
export const orderLinesRequired = "Please add at least one product to the order";
export const orderLinesMax = "An order can have at most 50 lines";
export const orderAddressRequired = "Please Enter Address";
export const orderCityRequired = "Please Enter City";
export const orderTypeInvalid = "Order type must be online or offline";
export const orderIdempotencyKey = "The Idempotency-Key header must be 1 to 200 characters";
export const orderProductUnavailable = (line: number) => `Line ${line}: this product is not available`;
export const orderStreamUnknown = "This stream is not available";
export const orderVariationRequired = (line: number, name: string) =>
  `Line ${line}: please choose a variation of ${name}`;
export const orderVariationUnknown = (line: number, name: string) =>
  `Line ${line}: this variation is not one of ${name}`;
export const orderOutOfStock = (line: number, name: string) => `Line ${line}: ${name} is out of stock`;
export const orderPlaced = "Order placed successfully";
export const orderReplayed = "This order was already placed";
export const orderIdempotencyKeyReused =
  "This Idempotency-Key was already used for a different order; use a new key for a new order";
export const paymentFailed = (reason: string) => `The payment failed: ${reason}`;
export const couponInvalid = "Invalid coupon code";
export const couponInactive = "This coupon is not active";
export const couponNotStarted = "This coupon is not valid yet";
export const couponExpired = "This coupon has expired";
export const couponOutOfScope = "This coupon does not apply to the products in this order";
export const couponMinOrder = (amount: string) => `This coupon needs at least $${amount} of its products in the order`;
export const couponUsedUp = "This coupon has been fully used";
export const couponFirstTime = "This coupon is only for a customer's first order";
export const couponOnce = "You have already used this coupon";
export const couponMulti = (n: number) => `You can use this coupon at most ${n} times`;
export const refundReasonRequired = "Please Enter Reason For Refund";
export const refundLinesRequired = "Please choose the order lines to refund";
export const lineAlreadyRefunded = "This order line has already been refunded";
export const orderLineRequired = "Please choose the order line";
export const orderShopRequired = "Please choose the shop";
export const orderStatusInvalid =
  "Status must be one of Found, On Hold, Refunded, Awaiting Pickup, On The Way or Delivered";
export const lineTransition = (from: string, to: string) => `A line that is ${from} cannot be set to ${to}`;
export const awaitingPickupBlocked =
  "Awaiting Pickup is not possible once this shop's lines are On The Way or Delivered";
export const onTheWayBlocked = "On The Way is not possible while any line of this shop is Pending or Found";
export const deliveredBlocked =
  "Delivered is not possible while any line of this shop is Awaiting Pickup, Pending or Found";
export const orderShopNoLines = "This shop has no lines left to update in this order";
export const orderUpdated = "Order updated successfully";
// ours: a status for a whole order (the order list's bulk)
export const orderStatusAtOnceInvalid =
  "Status must be one of Found, On Hold, Awaiting Pickup, On The Way or Delivered";
export const refundDone = "Refund processed successfully";
export const orderDeleted = "Order deleted successfully";
export const orderDeleteUnrefunded = "An order can be deleted only once everything paid for it has been refunded";
// offline orders' pickup and the customer's payment method (ADR 0029, 0030)
export const paymentMethodInvalid = "The payment method is not valid";
export const pickupCodeRequired = "Please enter the pickup code";
export const pickupCodeInvalid = "This pickup code is not valid";
export const pickupNotOffline = "This order is delivered, not collected in person";
export const pickupNotReady = "This order is not ready for pickup: every item of this shop must be Awaiting Pickup";
export const pickupAlreadyCollected = "This order has already been collected";
export const pickupDone = "Order handed over: its items are Delivered";
// customer page (ADR 0035): spec 2 §5 Customer, and ours
export const noteRequired = "Please Enter Note!";
export const noteTooLong = "A note can be at most 1000 characters";
export const noteIdRequired = "Please choose the note to remove";
export const noteAction = "Action must be add or remove";
export const noteAdded = "Note added successfully";
export const noteRemoved = "Note removed successfully";
export const customerRequired = "Please choose the customer";
export const wishlistProductRequired = "Please choose the product";
export const wishlistAction = "Action must be add or remove";
export const wishlistAdded = "Product added to the wishlist";
export const wishlistRemoved = "Product removed from the wishlist";
// customers list and add flow (spec 2 §5 Customer, then ours)
export const customerNameInvalid = "Please Enter a valid Full Name";
export const customerPhoneInvalid = "Please enter valid number";
export const customerOtpRequired = "Please enter code";
export const customerSearchType = "type must be 'mobile'";
export const customerRoleEndUser = "role must be 'endUser'";
export const customerBuyerId = "buyerId must be a shop id or 'all'";
export const customerFound = "Customer found";
export const customerNotFound = "No customer uses this number";
export const customerSearchThrottled = "Too many customer searches. Please wait a few minutes and try again.";
export const customerPhoneTaken = "This mobile number is already registered with another account";
export const customerRegistered = "Customer registered successfully";
export const customerCodeSent = "A 6-digit code has been sent to the customer's phone";
export const customerConfirmCodeSent =
  "A 6-digit code has been sent to the customer's phone. Ask them for it to add them to your customers";
export const customerConfirmed = "Customer added to your customers";
// ours: a value no schema message covers (a missing or wrong-typed field of a hand-made request), in plain words
export const fieldRequired = "This field is required";
export const fieldInvalid = "Please enter a valid value";
export const fieldChoose = "Please choose one of the options";
export const fieldTooShort = (min: number) => `Please enter at least ${min} characters`;
export const fieldTooLong = (max: number) => `Please enter at most ${max} characters`;
export const numberTooSmall = (min: number) => `Please enter a number of at least ${min}`;
export const numberTooBig = (max: number) => `Please enter a number of at most ${max}`;
export const chooseAtLeast = (min: number) => `Please choose at least ${min}`;
export const chooseAtMost = (max: number) => `Please choose at most ${max}`;
export const fieldsUnknown = (keys: string[]) => `Unknown field${keys.length > 1 ? "s" : ""}: ${keys.join(", ")}`;
// streams
export const streamStatusFilter = "Status must be one of created, broadcasting, finished, promoted or archived";
export const streamIsCampaign = "isCampaign must be true or false";
export const streamIdRequired = "Please choose the stream";
export const streamProductsUnknown = "Please choose products of this shop";
export const streamProductsTooMany = "A stream can promote at most 50 products";
export const streamAddressInvalid = "Please give an http(s) address or a path on this server";
export const streamViewUrlRequired = "Please give the live address (viewURL)";
export const streamRecordingRequired = "Please give the recording (streamVideo)";
export const streamArchived = "Stream archived successfully";
export const streamUnarchived = "Stream unarchived successfully";
export const streamAlreadyArchived = "This stream is already archived";
export const streamNotArchived = "This stream is not archived";
export const streamDeleted = "Stream deleted successfully";
export const streamDeleteLive = "A stream cannot be deleted while it is live";
export const streamFinishedNoEdit = "Finished streams cannot be edited";
export const streamNotScheduled = "Only a scheduled stream can go live";
export const streamNotLive = "Only a live stream can be finished";
export const streamLive = "The stream is live";
export const streamFinished = "The stream has finished";
export const streamStatsRequired = "Please give likes or viewersCount";
export const streamStatsInvalid = "likes and viewersCount must be whole numbers from 0";
export const streamStatsNotLive = "Likes and viewers are counted only while the stream is live";
export const streamStatsUpdated = "The stream's likes and viewers are updated";
// the live room's event streams are capped (ADR 0045)
export const roomStreamsPerSession = "Too many live rooms are open in this session. Close one and try again.";
export const roomStreamsPerAddress = "Too many live rooms are open from this address. Close one and try again.";
// ours: a viewer link (?dialog=view&id=) naming no stream this person may see: deleted, mistyped, or another shop's
export const streamViewerNotFound =
  "This stream could not be found. It may have been deleted, or the link may be wrong.";
// the embed script's public stream list (ADR 0038)
export const embedThrottled = "Too many requests from this address. Please try again in a minute.";
// streams: multipart uploads (ADR 0037)
export const uploadNotMultipart = "This upload is not sent in parts";
export const uploadPartOutOfRange = (count: number) =>
  `This file has ${count} parts: part numbers run from 1 to ${count}`;
export const uploadPartsIncomplete = "Some parts of the file have not arrived yet; send them again, then complete";
// the stream add and edit forms (spec 3 §5 Shop-level add stream form, §8)
export const streamTitleRequired = "Please Enter The Stream Title";
export const streamTitleMax = "Maximum 100 Character";
export const streamDateRequired = "Please Select The Date & Time";
export const streamCategoriesRequired = "Please Select The Categories";
export const streamerRequired = "Please Select The Streamer";
export const streamThumbnailRequired = "Please Upload The Thumbnail Image";
export const streamVideoRequired = "Please Upload The Video";
export const streamEndBeforeStart = "The end must be after the start";
export const streamDateBeforeYesterday = "The stream cannot start before yesterday";
export const streamCategoryNotShop = "Please choose departments this shop sells in";
export const streamerNotAllowed = "Please choose the shop's owner or a staff member, or an influencer";
export const streamFileNotUploaded = "Please upload the file for this stream again";
export const streamAdded = "Stream added successfully";
export const streamUpdated = "Stream updated successfully";
export const internalServerError = "Internal Server Error";
export const streamModalTitleRequired = "Please Enter The Title";
export const streamDateRangeRequired = "Please Enter Start and End Date";
export const streamCategoryRequired = "Please Add Category";
export const streamerOneOnly = "Please choose either a staff member or an influencer, not both";
// a campaign's stream (spec 3 §5 Campaign stream form); the rules after the spec's words are ours (ADR 0063)
export const campaignStreamTitleShort = "Stream Title Is Too Short";
export const campaignStreamTitleMax = "Maximum 20 Character";
export const campaignStreamImageRequired = "Please Upload Image";
export const campaignStreamVideoRequired = "Please Upload Video";
export const campaignStreamDraft = "Publish the campaign before adding streams to it";
export const campaignStreamOutsideDates = "Please choose a date and time within the campaign's dates";
export const campaignStreamBeforeToday = "The stream cannot start before today";
export const campaignStreamerNotAccepted = "Please choose an influencer who has accepted this campaign";
export const streamDiscountAfterSave = "The discounts are set once the stream is saved, from its Edit Stream page.";
// campaigns (spec 3 §5 Campaign, §7 Campaigns)
export const campaignTitleRequired = "Please Enter The Campaign Name";
export const campaignTitleShort = "Campaign Name Is Too Short";
export const campaignTitleMax = "Maximum 100 Character";
export const campaignDescriptionRequired = "Please Enter The Campaign Description";
export const campaignDescriptionShort = "Description Is Too Short";
export const campaignStartRequired = "Please Select The Start Date";
export const campaignEndRequired = "Please Select The End Date";
// ours (the spec gives no words for these)
export const campaignDescriptionMax = "Maximum 5000 Character";
export const campaignDateInvalid = "Please choose a valid date";
export const campaignDateBeforeToday = "The date cannot be before today";
export const campaignStartAfterEnd = "The start date must be before the end date";
export const campaignDatesLocked = "The dates cannot be changed once the campaign is Ongoing or Past";
export const campaignBackToDraft = "A published campaign cannot go back to draft";
export const campaignFileNotUploaded = "Please upload the file for this campaign again";
export const campaignIsDraft = "isDraft must be true or false";
export const campaignAdded = "Campaign published successfully";
export const campaignDraftSaved = "Campaign saved as draft";
export const campaignUpdated = "Campaign updated successfully";
export const campaignInfluencerType = "type must be invited, requested or accepted";
export const campaignInfluencerAction = "action must be invite, accept-invitation or block";
export const campaignInfluencerRequired = "Please choose an influencer";
export const campaignInviteDraft = "Publish the campaign before inviting influencers";
export const campaignInvitePast = "This campaign has ended";
export const campaignInfluencerNotApproved = "Only Approved influencers can be invited";
export const campaignInfluencerAlreadyIn =
  "This influencer is already invited, has asked to join or is in the campaign";
export const campaignInfluencerNotRequested = "Only an influencer who asked to join can be accepted";
export const campaignInfluencerNotIn = "This influencer is not in the campaign";
export const campaignInfluencerInvited = "Influencer invited successfully";
export const campaignInfluencerAccepted = "Influencer accepted successfully";
export const campaignInfluencerRemoved = "Influencer removed successfully";
// ours: the influencer's own moves through the app (ADR 0057)
export const myCampaignType = "type must be invited, requested, accepted or declined";
export const myCampaignAction = "action must be accept, decline or request";
export const myInvitationAccepted = "Invitation accepted";
export const myInvitationDeclined = "Invitation declined";
export const myJoinRequested = "Your request to join has been sent";
export const myNoInvitation = "You have no open invitation to this campaign";
export const myCampaignNotOpen = "Only a published campaign that has not ended can be joined";
export const myAlreadyInCampaign = "You are already invited to, asking to join or in this campaign";
export const myPayoutCampaignId = "campaignId must be the id of one of your campaigns";
// promoted products of a stream (spec 3 §5 Promotion discount, §8; ADR 0039)
export const promotionFlatMax = "Flat discount amount cannot exceed the product price";
export const promotionFlatMaxAnyVariation = "Flat discount amount cannot exceed the product price for any variation";
export const promotionAdded = "Product Promoted Added Successfully.";
export const promotionApiError = "An error occurred during the API call.";
// ours (the spec gives no words for these)
export const promotionRemoved = "Product removed from the promoted products";
export const promotionCents = "The discount can have at most 2 decimals";
export const promotionVariationUnknown = "Please choose variations of this product";
export const promotionVariationTwice = "Each variation can have one promotion only";
export const promotionNotPromoted = "This product is not promoted in this stream";
export const promotionNone = "No promoted products yet";
export const promotionNoProducts = "No products found";
// ours: the console's search box (ADR 0069)
export const searchRequired = "Please type something to search for";
export const searchTooLong = (max: number) => `Search for at most ${max} characters`;
// ours: bulk actions on a list's rows (ADR 0074)
export const bulkNothingChosen = "Please choose at least one row";
export const bulkDone = (done: number, total: number) => `${done} of ${total} done`;
