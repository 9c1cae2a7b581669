package main

import (
	"context"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

// seedSeller lays the HAAT_SELLER_* variables over a shop whose settings
// name no seller yet; the Store Settings screen changes them afterwards.
func seedSeller(ctx context.Context, db *store.DB) error {
	p := shop.Seller{InvoicePrefix: "INV"}
	for key, field := range map[string]*string{
		"HAAT_SELLER_LEGAL_NAME":     &p.LegalName,
		"HAAT_SELLER_TRADE_NAME":     &p.TradeName,
		"HAAT_SELLER_GSTIN":          &p.GSTIN,
		"HAAT_SELLER_ADDRESS":        &p.Address,
		"HAAT_SELLER_STATE":          &p.State,
		"HAAT_SELLER_INVOICE_PREFIX": &p.InvoicePrefix,
	} {
		*field = env(key, *field)
	}
	if p.LegalName == "" && p.GSTIN == "" {
		return nil
	}
	return db.SeedSeller(ctx, p, time.Now())
}
