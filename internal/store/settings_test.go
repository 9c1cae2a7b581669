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

// HAAT_SELLER_* seed a shop with no seller; once there is one, the Store
// Settings screen's stays.
func TestSeedSeller(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		seeded := shop.Seller{LegalName: "Haat Apparel Private Limited", GSTIN: "29abcde1234f1zw",
			Address: "5 Church Street, Bengaluru", State: "Karnataka", InvoicePrefix: "HT"}
		bad := seeded
		bad.GSTIN = "29ABCDE1234F1ZX"
		if err := db.SeedSeller(ctx, bad, time.Now()); err == nil {
			t.Error("a seller with a wrong check character was seeded")
		}
		if err := db.SeedSeller(ctx, seeded, time.Now()); err != nil {
			t.Fatal(err)
		}
		got, err := db.Settings(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got.Seller.GSTIN != "29ABCDE1234F1ZW" || got.Seller.LegalName != seeded.LegalName {
			t.Errorf("seeded seller = %+v", got.Seller)
		}
		other := seeded
		other.LegalName = "Someone Else"
		if err := db.SeedSeller(ctx, other, time.Now()); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.Settings(ctx); got.Seller.LegalName != seeded.LegalName {
			t.Errorf("a second seed replaced the seller: %+v", got.Seller)
		}
	})
}
