package bench

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"strconv"
	"time"

	"souk/app/config"
	"souk/app/seed"
	"souk/server"
)

// prepareInChild brings the store in dir up to goods goods, its text index
// and its picture descriptors up to date, in another process of this binary
// (`souk bench-store`): the store the figures measure then starts the way a
// restarted server does, on a kept database and index, and its memory holds
// nothing of the generation.
func prepareInChild(ctx context.Context, dir string, goods int, out io.Writer) error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, self, "bench-store")
	cmd.Env = append(os.Environ(), "BENCH_DATA_DIR="+dir, "BENCH_GOODS="+strconv.Itoa(goods))
	cmd.Stdout, cmd.Stderr = out, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("bench: prepare the store: %w", err)
	}
	return nil
}

// PrepareStore is the child's side of prepareInChild: it generates the
// goods missing from BENCH_GOODS in BENCH_DATA_DIR, indexes them and
// describes their pictures.
func PrepareStore(ctx context.Context, out io.Writer) error {
	dir := os.Getenv("BENCH_DATA_DIR")
	goods, _ := strconv.Atoi(os.Getenv("BENCH_GOODS"))
	cfg, err := config.Load(func(k string) string { return map[string]string{"DATA_DIR": dir}[k] })
	if err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, err := server.Assemble(ctx, cfg, "views", log)
	if err != nil {
		return err
	}
	defer a.Close()
	if have, err := a.DB.Goods.Query().Count(ctx); err == nil && goods > have {
		fmt.Fprintf(out, "generating %d goods…\n", goods-have)
		if err := seed.Generate(ctx, a.DB, goods-have, log); err != nil {
			return err
		}
	}
	if _, err := a.Search.Sync(ctx); err != nil {
		return err
	}
	// The start's background build describes the pictures it finds; one
	// more pass after it takes those of goods generated meanwhile.
	for end := time.Now().Add(30 * time.Minute); !a.Visual.Ready() && ctx.Err() == nil && time.Now().Before(end); {
		time.Sleep(200 * time.Millisecond)
	}
	return a.Visual.Build(ctx) // stored: the next start only loads them
}
