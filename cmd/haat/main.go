// Command haat runs an online clothing shop: the JSON API, the storefront and
// its admin screens, on SQLite by default or PostgreSQL when configured.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/haat-shop/haat/internal/logline"
)

const usage = `haat — an online shop for Indian fashion brands.

Usage:
  haat serve   [--addr :8080] [--data ./data] [--db URL] [--demo]   run the shop
  haat migrate [--data ./data] [--db URL]                           apply database migrations
  haat seed    --demo [--extra N] [--data ./data] [--db URL]        load the demo catalogue and users
  haat user create --name N --email E --mobile M [--role R]         add an account
  haat backup  --to FILE [--data ./data]                            back up a SQLite shop, even while it serves
  haat restore --from FILE [--data ./new-data]                      restore a backup into an empty data directory

Every flag can also be set by an environment variable:
  --addr  HAAT_ADDR          address to listen on (default :8080)
  --data  HAAT_DATA          data directory: SQLite file, uploads, mail outbox (default ./data)
  --db    HAAT_DATABASE_URL  empty for SQLite in the data directory, or postgres://user@host/db
  --demo  HAAT_DEMO          seed demo data when the database is empty, and simulate payments
                             (test mode) unless Razorpay keys are set (true/false)

Run "haat <command> --help" for the flags of one command.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	lines := newLogWriter(os.Stderr)
	go lines.run(ctx)
	log := slog.New(logline.New(lines, nil))
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, log)
	lines.Flush()
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		fmt.Fprintln(os.Stderr, "haat:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer, log *slog.Logger) error {
	if len(args) == 0 {
		fmt.Fprint(stdout, usage)
		return fmt.Errorf("no command given")
	}
	switch args[0] {
	case "serve":
		return serve(ctx, args[1:], stdout, log)
	case "migrate":
		return migrate(ctx, args[1:], stdout)
	case "seed":
		return seed(ctx, args[1:], stdout, log)
	case "user":
		return user(ctx, args[1:], stdin, stdout)
	case "backup":
		return backupCmd(ctx, args[1:], stdout)
	case "restore":
		return restoreCmd(ctx, args[1:], stdout)
	case "help", "-h", "--help", "-help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stdout, usage)
	return fmt.Errorf("unknown command %q", args[0])
}
