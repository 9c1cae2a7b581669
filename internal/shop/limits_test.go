package shop

import (
	"encoding/json"
	"os"
	"testing"
)

// TestLimitsMatchTheApp checks the server's limits against
// testdata/field-limits.json, which web/src/lib/limits.test.ts checks the
// app's against: a limit changed on one side only fails a test.
func TestLimitsMatchTheApp(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/field-limits.json")
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]int
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{
		"name": MaxNameLength, "email": MaxEmailLength, "mobile": MobileLength,
		"passwordMin": MinPasswordLength, "password": MaxPasswordLength,
		"address": MaxAddressLength, "addressMin": MinAddressLength, "city": MaxCityLength, "cityMin": MinCityLength,
		"pinCode": PinCodeLength, "landmark": MaxLandmarkLength, "shippingNote": MaxShippingNoteLen,
		"productName": MaxProductNameLength, "description": MaxDescriptionLength, "variantName": MaxVariantNameLength,
		"sizeCode": MaxSizeCodeLength, "tag": MaxTagLength, "tags": MaxTags, "imagePath": MaxImagePathLength,
		"imagesPerVariant": MaxImagesPerVariant, "variants": MaxVariants, "sizesPerVariant": MaxSizesPerVariant,
		"reviewComment": MaxReviewCommentLength, "keyword": MaxKeywordLength, "lineQty": MaxLineQty,
		"sizeChart": MaxSizeChartLength,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: the server has %d, testdata/field-limits.json %d", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("the server checks %d limits, testdata/field-limits.json lists %d", len(got), len(want))
	}
}
