package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"

	"github.com/haat-shop/haat/internal/loadtest"
)

// bareBody is what the baseline answers: 39 bytes, about a small JSON
// answer's headers-to-body ratio, and nothing for the server to work out.
const bareBody = "bare net/http baseline, a fixed body.\n\n"

// serveBare is the baseline every rate is compared with: Go's net/http
// with a handler that writes a fixed body, run as a process of its own as
// haat is, so both share the machine with the load generator alike.
func serveBare(addr string) error {
	if len(bareBody) != 39 {
		return fmt.Errorf("the baseline's body is %d bytes, not 39", len(bareBody))
	}
	body := []byte(bareBody)
	return http.ListenAndServe(addr, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write(body)
	}))
}

// startBare runs this program as the baseline server on a free port.
func startBare(dir string) (*loadtest.Server, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("find haat-load to run the baseline: %w", err)
	}
	addr := freeAddr()
	return loadtest.Start([]string{self, "--bare-serve", addr}, addr, filepath.Join(dir, "bare.log"), nil)
}
