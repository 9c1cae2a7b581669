package store_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

func TestSettings(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		got, err := db.Settings(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, shop.DefaultSettings()) {
			t.Errorf("a new shop's settings = %+v, want the defaults", got)
		}
		before := db.CatalogueVersion()
		for _, note := range []string{"Returns within 10 days.", "No returns on sale items."} {
			if err := db.SaveSettings(ctx, shop.Settings{ReturnsNote: note}, time.Now()); err != nil {
				t.Fatal(err)
			}
			got, err := db.Settings(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if got.ReturnsNote != note {
				t.Errorf("after saving %q the note reads %q", note, got.ReturnsNote)
			}
		}
		if db.CatalogueVersion() == before {
			t.Error("saving the settings left the catalogue version as it was: cached pages would keep the old ones")
		}
	})
}

// Two instances share the settings: one reads what the other saved once
// the change reaches it through the catalogue version.
func TestSettingsSeenByAnotherInstance(t *testing.T) {
	a, b := storetest.Instances(t)
	if _, err := b.Settings(ctx); err != nil {
		t.Fatal(err)
	}
	if err := a.SaveSettings(ctx, shop.Settings{ReturnsNote: "Returns within 10 days."}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := b.SyncCatalogue(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := b.Settings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got.ReturnsNote != "Returns within 10 days." {
		t.Errorf("the other instance reads %q", got.ReturnsNote)
	}
}
