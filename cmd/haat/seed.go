package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/demo"
	"github.com/haat-shop/haat/internal/media"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

// DemoPassword is the password of the three demo accounts, in the README.
const DemoPassword = "haat-demo"

var demoUsers = []shop.NewUser{
	{Name: "Asha Admin", Email: "admin@example.com", MobileNo: "9000000001", Role: shop.RoleAdmin},
	{Name: "Manoj Maker", Email: "maker@example.com", MobileNo: "9000000002", Role: shop.RoleManufacturer},
	{Name: "Chitra Customer", Email: "customer@example.com", MobileNo: "9000000003", Role: shop.RoleCustomer},
}

func seed(ctx context.Context, args []string, out io.Writer, log *slog.Logger) error {
	fs := newFlagSet("seed", "Loads the demo catalogue (32 t-shirts with images) and the three demo accounts into an empty database.", out)
	var d dbFlags
	d.register(fs)
	withDemo := fs.Bool("demo", false, "load the demo data (required)")
	extra := fs.Int("extra", 0, "also load this many generated products, for load tests")
	stock := fs.Int("stock", 0, "give every size this many in stock instead of the catalogue's, for the checkout benchmark")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if !*withDemo {
		fs.Usage()
		return fmt.Errorf("seed needs --demo: the demo catalogue is the only seed there is")
	}
	db, err := store.Open(ctx, d.db, d.data)
	if err != nil {
		return err
	}
	defer db.Close()
	pictures, _, err := picturesFromEnv(ctx, d.data)
	if err != nil {
		return err
	}
	return seedDemo(ctx, db, pictures, demoSeed{extra: *extra, stock: *stock}, log)
}

// demoSeed says what a load test adds to the demo data: generated products,
// and a stock that a benchmark of checkout cannot sell out.
type demoSeed struct {
	extra, stock int
}

// seedDemo loads the demo catalogue and accounts unless the shop already has
// products, so a real shop started with --demo by mistake is left alone.
func seedDemo(ctx context.Context, db *store.DB, pictures media.Storage, opts demoSeed, log *slog.Logger) error {
	n, err := db.CountProducts(ctx)
	if err != nil {
		return err
	}
	if n > 0 {
		log.Info("demo data not loaded: the database already has products", "products", n)
		return nil
	}
	products := demo.Catalog()
	drawn, err := demo.RenderImages(products)
	if err != nil {
		return fmt.Errorf("render demo images: %w", err)
	}
	if err := storeDemoPictures(ctx, pictures, drawn); err != nil {
		return err
	}
	// Generated products reuse the catalogue's pictures; they go first so
	// the catalogue stays the newest on the home page.
	products = append(demo.Generated(opts.extra), products...)
	demo.ShowColours(products)
	// The catalogue lists the oldest first; space the products out in time
	// so "newest first" follows the catalogue's order.
	start := time.Now().Add(-time.Duration(len(products)) * time.Hour)
	for i, p := range products {
		p.CreatedAt = start.Add(time.Duration(i) * time.Hour)
		p.Published = true
		if opts.stock > 0 {
			for _, v := range p.Variants {
				for k := range v.Sizes {
					v.Sizes[k].Stock = opts.stock
				}
			}
		}
		if _, err := db.InsertProduct(ctx, p); err != nil {
			return fmt.Errorf("seed product %q: %w", p.Name, err)
		}
	}
	hash, err := auth.HashPassword(DemoPassword)
	if err != nil {
		return err
	}
	for _, u := range demoUsers {
		_, err := db.InsertUser(ctx, u, hash, true)
		if err != nil && !errors.Is(err, store.ErrEmailTaken) && !errors.Is(err, store.ErrMobileTaken) {
			return fmt.Errorf("seed user %s: %w", u.Email, err)
		}
	}
	log.Info("demo data loaded", "products", len(products), "users", len(demoUsers))
	return nil
}

// storeDemoPictures stores the demo pictures, by their URL paths, with the
// smaller copies an upload gets, on every core.
func storeDemoPictures(ctx context.Context, pictures media.Storage, drawn map[string][]byte) error {
	workers := runtime.GOMAXPROCS(0)
	s := media.NewStore(pictures, workers)
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(workers)
	for path, data := range drawn {
		g.Go(func() error {
			if err := s.Add(ctx, strings.TrimPrefix(path, media.URLPrefix), data); err != nil {
				return fmt.Errorf("store demo picture: %w", err)
			}
			return nil
		})
	}
	return g.Wait()
}
