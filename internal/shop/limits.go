package shop

// The longest text the shop stores, field by field, in characters, beside
// those of SPEC.md kept with their rules (MaxNameLength, MaxLandmarkLength,
// MaxShippingNoteLen, MaxProductNameLength, MaxDescriptionLength,
// MaxVariantNameLength, MaxReviewCommentLength). Without them one request
// could store, and mail, a megabyte of address. The app's forms keep the
// same numbers in web/src/lib/limits.ts; testdata/field-limits.json holds
// them all and both test suites check their own side against it.
const (
	// MaxEmailLength is the longest address SMTP carries (RFC 5321).
	MaxEmailLength    = 254
	MaxAddressLength  = 200
	MaxCityLength     = 50
	MaxSizeCodeLength = 10
	MaxTagLength      = 30
	MaxTags           = 20
	// MaxImagePathLength is ample for /uploads/ and a 32-letter name.
	MaxImagePathLength  = 200
	MaxImagesPerVariant = 10
	MaxVariants         = 20
	MaxSizesPerVariant  = 15
)
