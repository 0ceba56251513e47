// Command souk is the whole store in one binary:
//
//	souk serve     serve the store (default)
//	souk build     build the view bundles into static/dist for embedding
//	souk migrate   create or update the database schema
//	souk seed N    add N generated goods (for benchmarks) to the database
//	souk bench     print render, throughput, size and memory figures
//	souk searcheval print search quality on the judged query set
//	souk operator grant EMAIL [reviewer|admin]   give an account a staff role
//	souk operator revoke EMAIL                   take it away
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"syscall"
	"time"

	"souk/app/config"
	"souk/app/media"
	"souk/app/seed"
	"souk/app/staff"
	"souk/app/store"
	"souk/server"
	"souk/server/bench"
	"souk/server/ssr"
	"souk/static"
)

func main() {
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: logLevel()}))
	if err := run(os.Args[1:], log); err != nil {
		log.Error("souk", "err", err)
		os.Exit(1)
	}
}

// tuneGC: rendering in goja allocates heavily, and collecting less often
// cut render time by about an eighth (DESIGN §2); a soft memory limit makes
// the collector work harder near it, so the resident set stays in budget
// (DESIGN §7: 300 MB with 100 000 goods). With 100 000 goods about 78 MB
// of the heap is live (the picture descriptors of image search ~33 MB, the
// goja runtimes ~15 MB, the message catalogs in use), and the mapped text
// index and this binary add ~85-130 MB of file pages, so Go may use 176 MB:
// GOGC=400 alone let the heap grow to the old limit, 320 MB.
// GOGC and GOMEMLIMIT override both.
func tuneGC(ctx context.Context) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
		go followLiveHeap(ctx, memoryLimit)
	}
}

// memoryLimit is Go's share of the 300 MB (see tuneGC).
const memoryLimit = 176 << 20

// followLiveHeap raises the soft limit to half as much again as the live
// heap when that nears it, and lowers it back as the heap shrinks: a limit
// below the live heap (10 000 sockets hold ~125 MB) makes the collector run
// back to back.
func followLiveHeap(ctx context.Context, base int64) {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			metrics.Read(s)
			if s[0].Value.Kind() == metrics.KindUint64 {
				debug.SetMemoryLimit(max(base, int64(s[0].Value.Uint64())*3/2))
			}
		}
	}
}

func logLevel() slog.Level {
	if os.Getenv("LOG_LEVEL") == "debug" {
		return slog.LevelDebug
	}
	return slog.LevelInfo
}

func run(args []string, log *slog.Logger) error {
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	switch cmd {
	case "serve":
		tuneGC(ctx)
		return serve(ctx, cfg, log)
	case "build":
		b, err := ssr.Build("views", false)
		if err != nil {
			return err
		}
		b.Encoded = ssr.Precompress(b.Assets, ssr.BrotliRelease)
		return static.WriteDist("static/dist", b)
	case "migrate":
		db, err := store.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
		if err != nil {
			return err
		}
		return db.Close()
	case "seed":
		n := 100000
		if len(args) > 0 {
			if n, err = strconv.Atoi(args[0]); err != nil || n < 1 {
				return fmt.Errorf("seed: N must be a positive number, got %q", args[0])
			}
		}
		db, err := store.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
		if err != nil {
			return err
		}
		defer db.Close()
		return seed.Generate(ctx, db, n, log)
	case "bench-store": // the other process that generates and indexes the bench's goods
		return bench.PrepareStore(ctx, os.Stdout)
	case "bench-sockets-client": // the other process of the bench's socket figures
		return bench.RunSocketClient(ctx, os.Stdin, os.Stdout)
	case "bench":
		tuneGC(ctx)
		goods, _ := strconv.Atoi(os.Getenv("BENCH_GOODS"))
		return bench.Run(ctx, bench.Options{Goods: goods, Conns: 64, Requests: 300, Renders: 30, MaxDuration: 20 * time.Second, Out: os.Stdout})
	case "searcheval":
		return bench.SearchEval(ctx, os.Stdout)
	case "seller":
		return sellerCmd(ctx, cfg, args)
	case "operator":
		return operator(ctx, cfg, args, log)
	}
	return fmt.Errorf("unknown command %q (serve, build, migrate, seed, bench, searcheval, seller, operator)", cmd)
}

// operator grants or revokes a staff role: the only way to make an
// operator (never through the web).
func operator(ctx context.Context, cfg config.Config, args []string, log *slog.Logger) error {
	usage := errors.New("usage: souk operator grant EMAIL [reviewer|admin] | souk operator revoke EMAIL")
	if len(args) < 2 || len(args) > 3 || (args[0] == "revoke" && len(args) != 2) {
		return usage
	}
	db, err := store.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return err
	}
	defer db.Close()
	st := staff.New(db, nil)
	switch args[0] {
	case "grant":
		role := staff.Reviewer
		if len(args) == 3 {
			role = args[2]
		}
		if err := st.Grant(ctx, args[1], role); err != nil {
			return err
		}
		log.Info("role granted", "email", args[1], "role", role)
		return nil
	case "revoke":
		if err := st.Revoke(ctx, args[1]); err != nil {
			return err
		}
		log.Info("role revoked", "email", args[1])
		return nil
	}
	return usage
}

func serve(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	a, err := server.Assemble(ctx, cfg, "views", log)
	if err != nil {
		return err
	}
	defer a.Close()
	srv := &http.Server{
		Addr: fmt.Sprintf(":%d", cfg.Port), Handler: a.Echo,
		ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 70 * time.Second, IdleTimeout: 120 * time.Second,
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	a.Ready.Store(true)
	go media.WarmWebP()
	log.Info("souk is serving", "url", cfg.BaseURL, "data", cfg.DataDir, "postgres", store.IsPostgres(cfg.DatabaseURL))
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return srv.Shutdown(shutdown)
}
