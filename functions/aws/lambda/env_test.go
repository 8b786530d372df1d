package lambda

import "testing"

func TestLoad(t *testing.T) {
	env := map[string]string{Table: "tbl", CallbackURL: "https://x/prod"}
	get := func(k string) string { return env[k] }
	c, err := Load(get, Table, CallbackURL)
	if err != nil || c.Table != "tbl" || c.CallbackURL != "https://x/prod" || c.AIFunction != "" {
		t.Fatalf("Load = %+v, %v", c, err)
	}
	if _, err := Load(get, Table, AIFunction); err == nil {
		t.Fatal("missing MADANG_AI_FUNCTION: want an error")
	}
}
