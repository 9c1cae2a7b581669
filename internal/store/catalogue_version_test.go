package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/cache"
	"github.com/haat-shop/haat/internal/redistest"
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

// Instances sharing Redis raise its version with every change, and one
// watching it is told: its version moves without its reading anything.
func TestAnotherInstancesChangeReachesThisOneThroughRedis(t *testing.T) {
	rdb, prefix := redistest.Client(t)
	a, b := storetest.Instances(t)
	for _, db := range []*store.DB{a, b} {
		db.ShareCatalogueVersion(cache.NewRedisVersion(rdb, prefix))
	}
	ctx, stop := context.WithCancel(t.Context())
	defer stop()
	told := make(chan int64, 10)
	go func() {
		_ = cache.NewRedisVersion(rdb, prefix).Watch(ctx, func(v int64) {
			b.SawCatalogueVersion(v)
			told <- v
		})
	}()
	<-told // subscribed
	before := b.CatalogueVersion()
	storetest.MustInsertProduct(t, a, tee("Kurta", 1, nil, 2))
	select {
	case <-told:
	case <-time.After(10 * time.Second):
		t.Fatal("instance b was never told of the product instance a added")
	}
	if b.CatalogueVersion() == before {
		t.Fatal("instance b was told of a change but its version stayed")
	}
}
