package store_test

import (
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

func TestCatalogueVersionMovesWithEveryChange(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		v := db.CatalogueVersion()
		id := storetest.MustInsertProduct(t, db, tee("Kurta", 1, nil, 2))
		if db.CatalogueVersion() == v {
			t.Fatal("inserting a product left the catalogue version as it was")
		}
		v = db.CatalogueVersion()
		if err := db.DeleteProduct(ctx, id); err != nil {
			t.Fatal(err)
		}
		if db.CatalogueVersion() == v {
			t.Fatal("deleting a product left the catalogue version as it was")
		}
	})
}

// Two instances on one PostgreSQL: a change made through one reaches the
// other's version without either being told, which is what keeps the other's
// cached product pages from showing old stock.
func TestAnotherInstancesChangeReachesThisOnesVersion(t *testing.T) {
	a, b := storetest.Instances(t)
	if err := b.SyncCatalogue(ctx); err != nil {
		t.Fatal(err)
	}
	before := b.CatalogueVersion()
	storetest.MustInsertProduct(t, a, tee("Kurta", 1, nil, 2))

	deadline := time.Now().Add(10 * time.Second)
	for b.CatalogueVersion() == before {
		if time.Now().After(deadline) {
			t.Fatal("instance b never saw the product instance a added")
		}
		time.Sleep(50 * time.Millisecond)
	}
}
