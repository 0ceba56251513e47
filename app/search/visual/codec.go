package visual

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// formatVersion is the first byte of an encoded descriptor. Descriptors of
// another version must be recomputed from their pictures: the version also
// changes when the layout stays but the values are computed differently
// (4: the object's mask is also cut on the sharp picture, at lower
// thresholds), since old and new descriptors would not compare.
const formatVersion = 4

// EncodedSize is the length of MarshalBinary's output.
const EncodedSize = 1 + 8 + 1 + 1 + 3 + 3 + 3 + NumColorBins + 4*GridSize*GridSize + NumEdgeBins + 4*PaletteSize

// ErrVersion reports an encoded descriptor of another format version.
var ErrVersion = errors.New("visual: descriptor format version mismatch")

// MarshalBinary encodes d in EncodedSize bytes.
func (d *Descriptor) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, EncodedSize)
	b = append(b, formatVersion)
	b = binary.LittleEndian.AppendUint64(b, d.Hash)
	b = append(b, uint8(d.Aspect), d.Fill)
	b = append(b, d.Background[:]...)
	b = append(b, d.Average.L, uint8(d.Average.A), uint8(d.Average.B), d.Dominant.L, uint8(d.Dominant.A), uint8(d.Dominant.B))
	b = append(b, d.Colors[:]...)
	for _, c := range d.Layout {
		b = append(b, c.Cover, c.L, uint8(c.A), uint8(c.B))
	}
	b = append(b, d.Edges[:]...)
	for _, s := range d.Palette {
		b = append(b, s.R, s.G, s.B, s.Share)
	}
	return b, nil
}

// UnmarshalBinary decodes what MarshalBinary produced. It fails with
// ErrVersion for another format version.
func (d *Descriptor) UnmarshalBinary(b []byte) error {
	if len(b) > 0 && b[0] != formatVersion {
		return fmt.Errorf("%w: got %d, want %d", ErrVersion, b[0], formatVersion)
	}
	if len(b) != EncodedSize {
		return fmt.Errorf("visual: descriptor of %d bytes, want %d", len(b), EncodedSize)
	}
	var n Descriptor
	b = b[1:]
	n.Hash = binary.LittleEndian.Uint64(b)
	n.Aspect, n.Fill = int8(b[8]), b[9]
	b = b[10:]
	b = b[copy(n.Background[:], b):]
	n.Average = Lab{L: b[0], A: int8(b[1]), B: int8(b[2])}
	n.Dominant = Lab{L: b[3], A: int8(b[4]), B: int8(b[5])}
	b = b[6:]
	b = b[copy(n.Colors[:], b):]
	for i := range n.Layout {
		n.Layout[i] = Cell{Cover: b[0], L: b[1], A: int8(b[2]), B: int8(b[3])}
		b = b[4:]
	}
	b = b[copy(n.Edges[:], b):]
	for i := range n.Palette {
		n.Palette[i] = Swatch{R: b[0], G: b[1], B: b[2], Share: b[3]}
		b = b[4:]
	}
	*d = n
	return nil
}
