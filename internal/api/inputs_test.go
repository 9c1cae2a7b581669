package api_test

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

func TestUploadRefusesTooManyPixels(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		var wide bytes.Buffer
		if err := png.Encode(&wide, image.NewGray(image.Rect(0, 0, 8001, 2))); err != nil {
			t.Fatal(err)
		}
		got := admin.upload(t, "image", "wide.png", wide.Bytes(), 400)
		if !strings.Contains(got["message"], "8000 pixels a side") {
			t.Errorf("message %q does not give the limit", got["message"])
		}
	})
}
