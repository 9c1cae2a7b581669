package main

import (
	"fmt"
	"strconv"

	"github.com/haat-shop/haat/internal/shop"
)

// orderLimitsFromEnv reads the shop owner's limits on each customer's open
// orders; an unset one keeps its default and 0 turns it off.
func orderLimitsFromEnv() (shop.OrderLimits, error) {
	l := shop.DefaultOrderLimits()
	for _, s := range []struct {
		key string
		n   *int
	}{
		{"HAAT_MAX_OPEN_COD_ORDERS", &l.MaxOpenCOD},
		{"HAAT_MAX_UNITS_PER_SIZE", &l.MaxUnitsPerSize},
	} {
		v := env(s.key, "")
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return l, fmt.Errorf("%s must be a whole number, 0 or more (0 turns the limit off)", s.key)
		}
		*s.n = n
	}
	return l, nil
}
