package api_test

import (
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// fetch sends a GET from c and returns the status and the session cookies
// the answer sets.
func (c *client) fetch(t *testing.T, path string) (status int, set []*http.Cookie) {
	t.Helper()
	resp, err := c.http.Do(c.request(t, "GET", path, nil))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	for _, ck := range resp.Cookies() {
		if ck.Name == auth.CookieName {
			set = append(set, ck)
		}
	}
	return resp.StatusCode, set
}

// seedSyncedCatalogue is seedCatalogue with the shared catalogue version
// read at once (PostgreSQL), not in the background after the first cached
// read: the version moving then would make the warm answers stale while
// the test counts their queries.
func seedSyncedCatalogue(t testing.TB, db *store.DB) (first string) {
	t.Helper()
	first = seedCatalogue(t, db)
	if err := db.SyncCatalogue(t.Context()); err != nil {
		t.Fatal(err)
	}
	return first
}

// queriesFor is how many statements the store sent while fn ran.
func queriesFor(db *store.DB, fn func()) int64 {
	before := db.QueryCount()
	fn()
	return db.QueryCount() - before
}

// The catalogue cache keeps an answer under the values that change it, as
// parsed: other query parameters neither add entries nor miss the warm one.
func TestCatalogueCacheKeys(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		id := seedSyncedCatalogue(t, db)
		guest := h.client(t)
		warm := []string{
			"/api/products", "/api/products?keyword=polo", "/api/products?pageNumber=2", "/api/products/" + id,
			"/api/products/top", "/api/products/all", "/api/products/categories", "/api/products/category/polo", "/",
		}
		same := []string{
			"/api/products?pageNumber=1", "/api/products?pageNumber=01", "/api/products?pageNumber=", "/api/products?keyword=",
			"/api/products?keyword=%20%20", "/api/products?keyword=%20Polo%20", "/api/products?pageNumber=01&keyword=POLO", "/api/products?pageNumber=02",
			"/api/products?pageNumber=1&keyword=polo&pageNumber=3",
		}
		for i := range 50 {
			x := "x=" + strconv.Itoa(i) + "&utm_source=" + store.NewID()
			for _, path := range warm {
				if strings.Contains(path, "?") {
					same = append(same, path+"&"+x)
				} else {
					same = append(same, path+"?"+x)
				}
			}
		}
		s := newStory(t)

		s.step("the answers are read once", func(t *testing.T) {
			for _, path := range warm {
				if status, _ := guest.fetch(t, path); status != http.StatusOK {
					t.Fatalf("GET %s: status %d", path, status)
				}
			}
		})
		s.step("other spellings and other parameters get the warm answer", func(t *testing.T) {
			for _, path := range same {
				status := 0
				if n := queriesFor(db, func() { status, _ = guest.fetch(t, path) }); n != 0 || status != http.StatusOK {
					t.Errorf("GET %s: status %d, %d queries; want the warm answer", path, status, n)
				}
			}
		})
		// The count above can see a miss.
		s.step("another answer is another entry", func(t *testing.T) {
			if n := queriesFor(db, func() { guest.fetch(t, "/api/products?pageNumber=2&keyword=tee") }); n == 0 {
				t.Error("a page never read before came from the cache")
			}
		})
	})
}
