package apperr_test

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"souk/locales"
)

// keyArg says which argument of a call is a message key.
type keyArg struct {
	index int
	// strict: the key must be a string literal or constant. Otherwise a variable may
	// carry a key checked where it was written, but a literal must be a
	// key and a key is never built (concatenation, Sprintf).
	strict bool
}

// keyCalls are the calls that carry a message key, by package.func for
// package calls and by func or method name otherwise.
var keyCalls = map[string][]keyArg{
	"apperr.New":     {{1, true}},
	"apperr.Invalid": {{1, true}, {2, true}}, // field key and message key
	"Message":        {{1, true}},            // api.Handlers.Message(c, key, args...)
	"noteOf":         {{0, true}},            // order timeline notes
	"refuse":         {{0, true}},            // media.refuse(key, detail): upload refusals
	"move":           {{4, false}},           // order.move(ctx, tx, o, to, note, at)
	"moveAll":        {{5, false}},
	"refunded":       {{2, false}},
	"SetNote":        {{0, false}},
	"SetFailure":     {{0, false}},
}

// keyFields are composite literal fields that hold a message key.
var keyFields = map[string]map[string]bool{
	"apperr.Error": {"Key": true},
	"Problem":      {"Key": false},
	"Outcome":      {"Reason": false},
	"Event":        {"Reason": false},
	"chat.Frame":   {"Key": true}, // socket frames: easg rendered per connection
	"Frame":        {"Key": true},
	"wire":         {"Key": false},
}

// TestMessagesAreCatalogueKeys reads every non-test Go file of app/ and
// server/ and fails on a message that is not a key of locales/en.json: every
// message the shopper reads is rendered in their language (DESIGN §4a).
func TestMessagesAreCatalogueKeys(t *testing.T) {
	en := englishKeys(t)
	fset := token.NewFileSet()
	var files []*ast.File
	for _, root := range []string{"../../app", "../../server"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") ||
				filepath.Base(filepath.Dir(path)) == "apperr" {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			files = append(files, f)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 50 {
		t.Fatalf("found only %d files: is the walk rooted right?", len(files))
	}
	consts := stringConsts(files)
	for _, f := range files {
		for _, p := range checkFile(fset, f, en, consts) {
			t.Error(p)
		}
	}
}

// stringConsts maps the name of every string constant to its value (a
// constant named alike in two packages with two values is left out): a
// key may be a named constant such as media.KeyImageTooLarge.
func stringConsts(files []*ast.File) map[string]string {
	out, clash := map[string]string{}, map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if i >= len(vs.Values) {
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					v, _ := strconv.Unquote(lit.Value)
					if old, seen := out[name.Name]; seen && old != v {
						clash[name.Name] = true
					}
					out[name.Name] = v
				}
			}
		}
	}
	for name := range clash {
		delete(out, name)
	}
	return out
}

func englishKeys(t *testing.T) map[string]bool {
	t.Helper()
	raw, err := locales.FS.ReadFile("en.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for k := range m {
		keys[k] = true
	}
	return keys
}

func checkFile(fset *token.FileSet, f *ast.File, en map[string]bool, consts map[string]string) []string {
	var out []string
	report := func(n ast.Node, format string, a ...any) {
		out = append(out, fmt.Sprintf("%s: %s", fset.Position(n.Pos()), fmt.Sprintf(format, a...)))
	}
	check := func(what string, e ast.Expr, strict bool) {
		if key, ok := literal(e, consts); ok {
			if !en[key] && (strict || key != "") { // "": no message
				report(e, "%s: %q is not a key of locales/en.json", what, key)
			}
			return
		}
		if strict || built(e) {
			report(e, "%s: the key must be a string literal, not %s", what, kind(e))
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			name := callName(n.Fun)
			for _, k := range keyCalls[name] {
				if k.index < len(n.Args) {
					check(name, n.Args[k.index], k.strict)
				}
			}
			if isFrameFail(n) {
				check("stream frame fail", n.Args[1], true)
			}
		case *ast.CompositeLit:
			name := typeName(n.Type)
			for _, el := range n.Elts {
				kv, ok := el.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				field, _ := kv.Key.(*ast.Ident)
				if field == nil {
					continue
				}
				if strict, ok := keyFields[name][field.Name]; ok {
					check(name+"."+field.Name, kv.Value, strict)
				}
				if strings.HasSuffix(name, "Envelope") && field.Name == "Easg" {
					if lit, ok := kv.Value.(*ast.BasicLit); ok {
						report(kv.Value, "Envelope.Easg %s is English text: render a key (Message, Render)", lit.Value)
					}
				}
			}
		}
		return true
	})
	return out
}

// isFrameFail tells a stream frame's fail(code, key, args...) from the
// envelope's fail(c, err): the latter's first argument is the echo.Context c.
func isFrameFail(n *ast.CallExpr) bool {
	sel, ok := n.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "fail" || len(n.Args) < 2 {
		return false
	}
	id, ok := n.Args[0].(*ast.Ident)
	return !ok || id.Name != "c"
}

// callName is pkg.Func for a package function, else the bare name.
func callName(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		if x, ok := f.X.(*ast.Ident); ok && x.Name == "apperr" {
			return "apperr." + f.Sel.Name
		}
		return f.Sel.Name
	}
	return ""
}

func typeName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.SelectorExpr:
		if x, ok := t.X.(*ast.Ident); ok {
			if x.Name == "apperr" {
				return "apperr." + t.Sel.Name
			}
			return t.Sel.Name
		}
	}
	return ""
}

// literal is the value of a string literal or of a named string constant.
func literal(e ast.Expr, consts map[string]string) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			v, err := strconv.Unquote(e.Value)
			return v, err == nil
		}
	case *ast.Ident:
		v, ok := consts[e.Name]
		return v, ok
	case *ast.SelectorExpr:
		v, ok := consts[e.Sel.Name]
		return v, ok
	}
	return "", false
}

// built reports a key put together at run time.
func built(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BinaryExpr:
		return true
	case *ast.CallExpr:
		name := callName(e.Fun)
		return name == "Sprintf" || name == "Sprint"
	}
	return false
}

func kind(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.BinaryExpr:
		return "a concatenation"
	case *ast.CallExpr:
		return "a call to " + callName(e.Fun)
	case *ast.Ident:
		return "the variable " + e.Name
	case *ast.SelectorExpr:
		return "the expression " + callName(e)
	}
	return fmt.Sprintf("%T", e)
}
