package bench

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/metrics"
	"strconv"
	"strings"
)

// memory is what this process holds in RAM, split by what it is: the
// kernel's resident set (anonymous pages, and file pages mapped from the
// search index, the executable and anything else) beside the Go runtime's
// own view of its heap.
type memory struct {
	RSS, Anon, File          int64 // resident bytes, and its anonymous and file-backed parts
	Index, Exe, OtherFile    int64 // file-backed resident bytes by file: the search index, this binary, the rest
	GoMapped, GoLive, GoGoal int64 // Go: mapped and not returned to the OS; live heap at the last GC; heap goal
}

// readMemory reads /proc/self/smaps and the runtime's metrics; indexDir is
// where the text index lives (its mapped segments are counted apart).
func readMemory(indexDir string) memory {
	var m memory
	exe, _ := os.Executable()
	if abs, err := filepath.Abs(indexDir); err == nil {
		indexDir = abs
	}
	if f, err := os.Open("/proc/self/smaps"); err == nil {
		m.addSmaps(f, indexDir, exe)
		f.Close()
	}
	s := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"},
		{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/goal:bytes"},
	}
	metrics.Read(s)
	val := func(i int) int64 {
		if s[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return int64(s[i].Value.Uint64())
	}
	m.GoMapped, m.GoLive, m.GoGoal = val(0)-val(1), val(2), val(3)
	return m
}

// addSmaps sums the Rss and Anonymous lines of every mapping, attributing
// a file mapping's resident pages to the file its header line names.
func (m *memory) addSmaps(r io.Reader, indexDir, exe string) {
	sc := bufio.NewScanner(r)
	path := ""
	var bucket *int64
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if !strings.HasSuffix(fields[0], ":") { // a mapping's header: address perms offset dev inode [path]
			path = ""
			if len(fields) >= 6 {
				path = strings.Join(fields[5:], " ")
			}
			continue
		}
		if len(fields) < 2 {
			continue
		}
		kb, err := strconv.ParseInt(fields[1], 10, 64)
		if err != nil {
			continue
		}
		switch fields[0] {
		case "Rss:":
			m.RSS += kb << 10
			if bucket = m.fileBucket(path, indexDir, exe); bucket != nil {
				m.File += kb << 10
				*bucket += kb << 10
			}
		case "Anonymous:": // private pages of a file mapping, once written, are anonymous
			m.Anon += kb << 10
			if bucket != nil {
				m.File -= kb << 10
				*bucket -= kb << 10
			}
		}
	}
}

// fileBucket is the figure a file mapping's pages add to (nil: not a file).
func (m *memory) fileBucket(path, indexDir, exe string) *int64 {
	switch {
	case !strings.HasPrefix(path, "/"):
		return nil
	case indexDir != "" && strings.HasPrefix(path, indexDir+"/"):
		return &m.Index
	case path == exe:
		return &m.Exe
	}
	return &m.OtherFile
}

// String prints the figures in MB.
func (m memory) String() string {
	mb := func(b int64) float64 { return float64(b) / (1 << 20) }
	return fmt.Sprintf("%.0f MB resident: %.0f MB anonymous (Go runtime %.0f MB: live heap %.0f, heap goal %.0f; the rest is SQLite's and the system's), "+
		"%.0f MB file-backed (text index %.0f, executable %.0f, other %.0f)",
		mb(m.RSS), mb(m.Anon), mb(m.GoMapped), mb(m.GoLive), mb(m.GoGoal), mb(m.File), mb(m.Index), mb(m.Exe), mb(m.OtherFile))
}
