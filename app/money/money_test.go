package money

import "testing"

func TestConvert(t *testing.T) {
	r := NewRates("USD", map[string]float64{"EUR": 0.92, "JPY": 150.5, "KWD": 0.307}, map[string]int{"JPY": 0, "KWD": 3})
	tests := []struct {
		minor    int64
		from, to string
		want     int64
		wantErr  bool
	}{
		{1000, "USD", "USD", 1000, false},
		{1000, "USD", "EUR", 920, false},
		{1999, "USD", "JPY", 3008, false}, // 19.99 × 150.5 = 3008.495 → 3008 yen
		{1000, "USD", "KWD", 3070, false}, // three minor digits
		{920, "EUR", "USD", 1000, false},
		{100, "USD", "XXX", 0, true},
	}
	for _, tt := range tests {
		got, err := r.Convert(tt.minor, tt.from, tt.to)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("Convert(%d %s→%s) = %d, %v; want %d", tt.minor, tt.from, tt.to, got, err, tt.want)
		}
	}
}

func TestDecimal(t *testing.T) {
	r := NewRates("USD", nil, map[string]int{"JPY": 0, "KWD": 3})
	tests := []struct {
		minor int64
		code  string
		want  float64
	}{
		{1999, "USD", 19.99}, {3008, "JPY", 3008}, {3075, "KWD", 3.08}, {-1005, "USD", -10.05},
	}
	for _, tt := range tests {
		if got := r.Decimal(tt.minor, tt.code); got != tt.want {
			t.Errorf("Decimal(%d %s) = %v, want %v", tt.minor, tt.code, got, tt.want)
		}
	}
}
