package shop

import (
	"testing"
	"time"
)

func TestParseOrderFilter(t *testing.T) {
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, IST)
	next := day.AddDate(0, 0, 1)
	for _, tc := range []struct {
		name                   string
		page, status, from, to string
		q                      string
		want                   OrderFilter
		refused                bool
	}{
		{name: "nothing asked", want: OrderFilter{Page: 1}},
		{name: "a page and a status", page: "3", status: StatusShipped, want: OrderFilter{Page: 3, Status: StatusShipped}},
		{name: "orders to ship", status: StatusToShip, want: OrderFilter{Page: 1, Status: StatusToShip}},
		{name: "an unknown status", status: "lost", refused: true},
		{name: "one day, the whole of it", from: "2026-03-01", to: "2026-03-01", want: OrderFilter{Page: 1, From: &day, To: &next}},
		{name: "a day that is not one", from: "01/03/2026", refused: true},
		{name: "an order number", q: " #100123 ", want: OrderFilter{Page: 1, OrderNo: 100123}},
		{name: "a customer", q: "Asha ", want: OrderFilter{Page: 1, Customer: "asha"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseOrderFilter(tc.page, tc.status, tc.from, tc.to, tc.q)
			if tc.refused {
				if CodeOf(err) != Invalid {
					t.Errorf("ParseOrderFilter = %+v, %v; want it refused", got, err)
				}
				return
			}
			if err != nil || got.Page != tc.want.Page || got.Status != tc.want.Status || got.OrderNo != tc.want.OrderNo ||
				got.Customer != tc.want.Customer || !sameTime(got.From, tc.want.From) || !sameTime(got.To, tc.want.To) {
				t.Errorf("ParseOrderFilter = %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}
