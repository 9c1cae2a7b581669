package store

import (
	"context"
	"fmt"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// AddReview stores a user's review and updates the product's rating in the
// same transaction. A second review by the same user is shop.ErrAlreadyReviewed.
func (db *DB) AddReview(ctx context.Context, productID string, user shop.User, r shop.NewReview, now time.Time) error {
	if !ValidID(productID) {
		return shop.ErrProductNotFound
	}
	return db.changed(db.inTx(ctx, func(x q) error {
		var n int
		if err := x.queryRow(ctx, `SELECT COUNT(*) FROM products WHERE id = ? AND published = ?`, productID, true).Scan(&n); err != nil {
			return fmt.Errorf("find product: %w", err)
		}
		if n == 0 {
			return shop.ErrProductNotFound
		}
		if err := x.queryRow(ctx, `SELECT COUNT(*) FROM reviews WHERE product_id = ? AND user_id = ?`, productID, user.ID).Scan(&n); err != nil {
			return fmt.Errorf("find review: %w", err)
		}
		if n > 0 {
			return shop.ErrAlreadyReviewed
		}
		_, err := x.exec(ctx, `INSERT INTO reviews (id, product_id, user_id, name, rating, comment, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, NewID(), productID, user.ID, user.Name, r.Rating, r.Comment, millis(now))
		if isUniqueViolation(err) {
			return shop.ErrAlreadyReviewed // a second review sent at the same time as the first
		}
		if err != nil {
			return fmt.Errorf("insert review: %w", err)
		}
		if _, err := x.exec(ctx, `UPDATE products SET rating_total = rating_total + ?, num_reviews = num_reviews + 1
			WHERE id = ?`, r.Rating, productID); err != nil {
			return fmt.Errorf("update rating: %w", err)
		}
		return nil
	}))
}

// HasReviewed says whether the user has written a review of the product:
// one review a customer, so the product page need not offer the form again.
func (db *DB) HasReviewed(ctx context.Context, productID, userID string) (bool, error) {
	var n int
	if err := db.q().queryRow(ctx, `SELECT COUNT(*) FROM reviews WHERE product_id = ? AND user_id = ?`, productID, userID).Scan(&n); err != nil {
		return false, fmt.Errorf("find review: %w", err)
	}
	return n > 0, nil
}
