package flagenv_test

import (
	"flag"
	"io"
	"strings"
	"testing"

	"campus.example/apps/internal/flagenv"
)

func TestApply_Precedence(t *testing.T) {
	tests := []struct {
		name string
		args []string
		env  map[string]string
		want string
	}{
		{"default", nil, nil, "default"},
		{"environment over default", nil, map[string]string{"APP_ADDR": "from-env"}, "from-env"},
		{"flag over environment", []string{"-addr", "from-flag"}, map[string]string{"APP_ADDR": "from-env"}, "from-flag"},
		{"empty environment is unset", nil, map[string]string{"APP_ADDR": ""}, "default"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs := flag.NewFlagSet("app", flag.ContinueOnError)
			addr := fs.String("addr", "default", "address")
			twins := flagenv.Twins{"addr": "APP_ADDR"}
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			if err := flagenv.Apply(fs, twins, func(k string) string { return tc.env[k] }); err != nil {
				t.Fatal(err)
			}
			if *addr != tc.want {
				t.Errorf("addr = %q, want %q", *addr, tc.want)
			}
		})
	}
}

func TestApply_BadEnvironmentValueNamesVariable(t *testing.T) {
	fs := flag.NewFlagSet("app", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Int("port", 1, "port")
	err := flagenv.Apply(fs, flagenv.Twins{"port": "APP_PORT"}, func(string) string { return "eighty" })
	if err == nil || !strings.Contains(err.Error(), "APP_PORT") {
		t.Errorf("err = %v, want one naming APP_PORT", err)
	}
}

func TestDescribe_ShowsTwinNotValue(t *testing.T) {
	fs := flag.NewFlagSet("app", flag.ContinueOnError)
	fs.String("db", "sqlite:x.db", "database")
	flagenv.Describe(fs, flagenv.Twins{"db": "APP_DB"})
	var out strings.Builder
	fs.SetOutput(&out)
	fs.PrintDefaults()
	if !strings.Contains(out.String(), "(env APP_DB)") || !strings.Contains(out.String(), "sqlite:x.db") {
		t.Errorf("usage = %q", out.String())
	}
}
