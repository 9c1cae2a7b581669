package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
)

// dbFlags are the flags of every command that opens the database.
type dbFlags struct {
	data string
	db   string
}

func newFlagSet(name, summary string, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(out)
	fs.Usage = func() {
		fmt.Fprintf(out, "Usage: haat %s [flags]\n\n%s\n\nFlags (each also an environment variable):\n", name, summary)
		fs.PrintDefaults()
	}
	return fs
}

func (d *dbFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&d.data, "data", env("HAAT_DATA", "./data"),
		"data directory: the SQLite file, uploads and the mail outbox (HAAT_DATA)")
	fs.StringVar(&d.db, "db", env("HAAT_DATABASE_URL", ""),
		"database URL: empty for SQLite in the data directory, or postgres://… (HAAT_DATABASE_URL)")
}

func env(key, fallback string) string {
	if v, ok := os.LookupEnv(key); ok {
		return v
	}
	return fallback
}

func envBool(key string) bool {
	v, _ := strconv.ParseBool(os.Getenv(key))
	return v
}
