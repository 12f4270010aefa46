// Command ferretdb-local runs FerretDB v1 (MongoDB wire protocol over SQLite) for local development
// and tests. It embeds FerretDB's own package rather than its cmd/ferretdb: the released module's
// cmd panics at start when built outside FerretDB's release tooling (its build/version files are
// empty), and the embedded package also sends no telemetry and opens no debug listener.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen-addr", "127.0.0.1:27017", "TCP address to listen on")
	dir := flag.String("sqlite-dir", "", "directory holding one SQLite file per database (required)")
	level := flag.String("log-level", "warn", "debug, info, warn or error")
	flag.Parse()

	if *dir == "" {
		fmt.Fprintln(os.Stderr, "ferretdb-local: -sqlite-dir is required")
		os.Exit(2)
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		fmt.Fprintf(os.Stderr, "ferretdb-local: cannot create %s: %v\n", *dir, err)
		os.Exit(1)
	}

	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(*level)); err != nil {
		fmt.Fprintf(os.Stderr, "ferretdb-local: bad -log-level %q\n", *level)
		os.Exit(2)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: lvl}))

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + *dir + "/",
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "ferretdb-local: %v\n", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	fmt.Fprintf(os.Stderr, "ferretdb-local: listening on %s, data in %s\n", *listen, *dir)
	if err := f.Run(ctx); err != nil && ctx.Err() == nil {
		fmt.Fprintf(os.Stderr, "ferretdb-local: %v\n", err)
		os.Exit(1)
	}
}
