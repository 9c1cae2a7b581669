package store

import (
	"context"
	"database/sql"
	"errors"
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
		return searchChanged(x, productID)
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

// reviewColumns are a review's as scanReview reads them, from reviews r. A
// review is a verified purchase when its writer has a paid (or delivered)
// order of the product that was not cancelled.
const reviewColumns = `r.id, r.product_id, r.name, r.rating, r.comment, r.created_at,
	CASE WHEN EXISTS (SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id
		WHERE o.user_id = r.user_id AND i.product_id = r.product_id AND o.status = 'placed'
		AND (o.is_paid OR o.is_delivered)) THEN 1 ELSE 0 END`

// scanReview reads a review of reviewColumns and its product's id.
func scanReview(rows *sql.Rows) (shop.Review, string, error) {
	var r shop.Review
	var pid string
	var created int64
	var verified int
	if err := rows.Scan(&r.ID, &pid, &r.Name, &r.Rating, &r.Comment, &created, &verified); err != nil {
		return r, "", err
	}
	r.VerifiedPurchase = verified == 1
	r.CreatedAt = fromMillis(created)
	return r, pid, nil
}

// Reviews returns a page of a published product's reviews, newest first,
// ReviewsShown a page: the first is the product answer's own.
func (db *DB) Reviews(ctx context.Context, productID string, page int) (shop.ReviewPage, error) {
	out := shop.ReviewPage{Reviews: []shop.Review{}, Page: max(page, 1)}
	if !ValidID(productID) {
		return out, shop.ErrProductNotFound
	}
	x := db.q()
	err := x.queryRow(ctx, `SELECT num_reviews FROM products WHERE id = ? AND published = ?`, productID, true).Scan(&out.Total)
	if errors.Is(err, sql.ErrNoRows) {
		return out, shop.ErrProductNotFound
	}
	if err != nil {
		return out, fmt.Errorf("count reviews: %w", err)
	}
	out.Pages = max((out.Total+shop.ReviewsShown-1)/shop.ReviewsShown, 1)
	err = x.each(ctx, `SELECT `+reviewColumns+` FROM reviews r WHERE r.product_id = ?
		ORDER BY r.created_at DESC, r.id LIMIT ? OFFSET ?`, []any{productID, shop.ReviewsShown, (out.Page - 1) * shop.ReviewsShown},
		func(rows *sql.Rows) error {
			r, _, err := scanReview(rows)
			out.Reviews = append(out.Reviews, r)
			return err
		})
	if err != nil {
		return out, fmt.Errorf("load reviews: %w", err)
	}
	return out, nil
}
