package trf

import "testing"

func TestFIDETitleAndSex(t *testing.T) {
	for in, want := range map[string]string{"GM": "GM", "g": "GM", "  g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "WM": "WIM", "wf": "WFM", "wc": "WCM", "wim": "WIM", "gf": "WGM", "mf": "WIM", "ff": "WFM", "cf": "WCM", "": "", "AGM": "", "x": ""} {
		got, ok := FIDETitle(in)
		if got != want || ok != (want != "") {
			t.Errorf("FIDETitle(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for in, want := range map[string]string{"m": "m", "M": "m", "w": "w", "W": "w", "f": "w", "F": "w", "": "", "x": ""} {
		got, ok := SexOf(in)
		if got != want || ok != (want != "") {
			t.Errorf("SexOf(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}
