package ssr

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/dop251/goja"
)

// ErrRenderTimeout is returned when a render runs longer than allowed.
var ErrRenderTimeout = errors.New("ssr: render timed out")

// Pool is a fixed set of goja runtimes, one per core, each running the same
// compiled server program. A runtime serves one render at a time.
type Pool struct {
	program *goja.Program
	free    chan *jsRuntime
	timeout time.Duration
	log     *slog.Logger
	// scripts are the CSP sources ('sha256-…') of the inline scripts the
	// bundle's documents carry (globalThis.SoukInlineScripts).
	scripts []string
}

type jsRuntime struct {
	vm     *goja.Runtime
	render goja.Callable
	drain  goja.Callable
	shared map[string]bool // the shared data keys this runtime has parsed
}

// NewPool compiles server (the IIFE bundle) once and starts size runtimes.
func NewPool(server []byte, size int, timeout time.Duration, log *slog.Logger) (*Pool, error) {
	prog, err := goja.Compile("server.js", string(server), false)
	if err != nil {
		return nil, fmt.Errorf("ssr: compile server bundle: %w", err)
	}
	p := &Pool{program: prog, free: make(chan *jsRuntime, size), timeout: timeout, log: log}
	for i := 0; i < size; i++ {
		rt, err := p.newRuntime()
		if err != nil {
			return nil, err
		}
		if i == 0 {
			if p.scripts, err = inlineScripts(rt.vm); err != nil {
				return nil, err
			}
		}
		p.free <- rt
	}
	return p, nil
}

func (p *Pool) newRuntime() (*jsRuntime, error) {
	vm := goja.New()
	_ = vm.Set("__soukLog", func(level, msg string) {
		p.log.Log(context.Background(), levelOf(level), "ssr console", "msg", msg)
	})
	if _, err := vm.RunProgram(p.program); err != nil {
		return nil, fmt.Errorf("ssr: run server bundle: %w", err)
	}
	render, ok := goja.AssertFunction(vm.Get("SoukRender"))
	if !ok {
		return nil, fmt.Errorf("ssr: server bundle does not define SoukRender")
	}
	drain, ok := goja.AssertFunction(vm.Get("__soukDrainTimers"))
	if !ok {
		return nil, fmt.Errorf("ssr: polyfills missing (__soukDrainTimers)")
	}
	return &jsRuntime{vm: vm, render: render, drain: drain, shared: map[string]bool{}}, nil
}

// inlineScripts hashes the bundle's inline scripts for the CSP: a browser
// runs an inline script only if its exact text has one of these hashes.
func inlineScripts(vm *goja.Runtime) ([]string, error) {
	v := vm.Get("SoukInlineScripts")
	if v == nil || goja.IsUndefined(v) {
		return nil, nil
	}
	var texts []string
	if err := vm.ExportTo(v, &texts); err != nil {
		return nil, fmt.Errorf("ssr: SoukInlineScripts: %w", err)
	}
	out := make([]string, len(texts))
	for i, t := range texts {
		sum := sha256.Sum256([]byte(t))
		out[i] = "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	return out, nil
}

// Scripts are the CSP sources of the documents' inline scripts.
func (p *Pool) Scripts() []string { return p.scripts }

func levelOf(l string) slog.Level {
	switch l {
	case "error":
		return slog.LevelError
	case "warn":
		return slog.LevelWarn
	case "debug":
		return slog.LevelDebug
	}
	return slog.LevelInfo
}

// Shared is the data every page of one language shares (messages, pickers'
// lists), sent to the browser once as a cached script instead of inside
// each page. Key names one version of it; each runtime parses a key once.
type Shared struct {
	Key  string
	JSON []byte
}

// Render runs SoukRender(propsJSON, shared) in a free runtime. A render that throws
// or times out returns an error and its runtime is replaced: after a throw
// half-way through React's work its module state can no longer be trusted.
func (p *Pool) Render(ctx context.Context, propsJSON string, shared Shared) (string, error) {
	var rt *jsRuntime
	select {
	case rt = <-p.free:
	case <-ctx.Done():
		return "", fmt.Errorf("ssr: waiting for a runtime: %w", ctx.Err())
	}
	timer := time.AfterFunc(p.timeout, func() { rt.vm.Interrupt(ErrRenderTimeout) })
	html, err := rt.call(propsJSON, shared)
	stopped := timer.Stop()
	if !stopped || err != nil {
		go p.replace()
		if err == nil || isInterrupt(err) {
			err = ErrRenderTimeout
		}
		return "", err
	}
	p.free <- rt
	return html, nil
}

func (rt *jsRuntime) call(propsJSON string, shared Shared) (string, error) {
	var sharedJSON goja.Value = goja.Null()
	if !rt.shared[shared.Key] { // parsed once per runtime and key
		rt.makeRoom()
		sharedJSON = rt.vm.ToValue(string(shared.JSON))
	}
	v, err := rt.render(goja.Undefined(), rt.vm.ToValue(propsJSON), rt.vm.ToValue(shared.Key), sharedJSON)
	if err != nil {
		return "", fmt.Errorf("ssr: render: %w", err)
	}
	if _, err := rt.drain(goja.Undefined(), rt.vm.ToValue(1000)); err != nil {
		return "", fmt.Errorf("ssr: drain timers: %w", err)
	}
	if shared.Key != "" {
		rt.shared[shared.Key] = true
	}
	return v.String(), nil
}

// maxShared bounds the shared data a runtime keeps: one per language and
// version. Past it both sides forget them all before parsing a new one.
const maxShared = 160

func (rt *jsRuntime) makeRoom() {
	if len(rt.shared) < maxShared {
		return
	}
	clear(rt.shared)
	if forget, ok := goja.AssertFunction(rt.vm.Get("SoukForgetShared")); ok {
		_, _ = forget(goja.Undefined())
	}
}

func isInterrupt(err error) bool {
	var ie *goja.InterruptedError
	return errors.As(err, &ie)
}

func (p *Pool) replace() {
	rt, err := p.newRuntime()
	if err != nil { // the bundle ran before, so this is unexpected; keep trying
		p.log.Error("ssr: replace runtime", "err", err)
		time.Sleep(time.Second)
		go p.replace()
		return
	}
	p.free <- rt
}

// SetPlainMarkup turns the bundle's fast path for plain subtrees
// (views/ssr/hostHTML.ts) off or on in every runtime, so tests can render
// a page both ways and compare. It waits for renders under way to end.
func (p *Pool) SetPlainMarkup(on bool) error {
	rts := make([]*jsRuntime, 0, cap(p.free))
	defer func() {
		for _, rt := range rts {
			p.free <- rt
		}
	}()
	for len(rts) < cap(p.free) {
		rts = append(rts, <-p.free)
	}
	for _, rt := range rts {
		set, ok := goja.AssertFunction(rt.vm.Get("SoukPlainMarkup"))
		if !ok {
			return fmt.Errorf("ssr: server bundle does not define SoukPlainMarkup")
		}
		if _, err := set(goja.Undefined(), rt.vm.ToValue(on)); err != nil {
			return fmt.Errorf("ssr: SoukPlainMarkup: %w", err)
		}
	}
	return nil
}
