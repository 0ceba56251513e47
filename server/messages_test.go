package server_test

import (
	"encoding/json"
	"strings"
	"testing"

	"souk/app/payment"
)

// TestMessagesSpeakTheCallersLanguage triggers errors of several services
// (a wrong password, an unknown order, a declined card, a malformed body, a
// stream frame) and reads their messages in Arabic, German and, without
// ALAN or with a language we do not have, English.
func TestMessagesSpeakTheCallersLanguage(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	email := "lang-ana@example.com"
	ana := s.signUp(t, email)
	var seen strings.Builder
	_, pay := s.placeOrder(t, ana, &seen)
	declined := `{"payUid":"` + pay + `","payMethod":1,"card":{"number":"` + payment.CardDeclines + `","expMonth":12,"expYear":2099,"cvc":"123"}}`

	type answer struct {
		code int
		msg  string
	}
	calls := []struct {
		name string
		call func(lang string) answer
	}{
		{"wrong password", func(lang string) answer {
			env := s.call(t, "POST", "loginByPwd", `{"name":"`+email+`","password":"`+pwOf(email, "not-it-1")+`"}`, "ALAN", lang)
			return answer{env.Code, env.Easg}
		}},
		{"order not found", func(lang string) answer {
			env := s.call(t, "POST", "order/detail", `{"orderNumber":"NO-SUCH-ORDER"}`, "TOKEN", ana, "ALAN", lang)
			return answer{env.Code, env.Easg}
		}},
		{"card declined", func(lang string) answer {
			env := s.call(t, "POST", "order/payChange", declined, "TOKEN", ana, "ALAN", lang)
			var r struct{ Status, Message string }
			if err := json.Unmarshal(env.Content, &r); err != nil || r.Status != "failed" {
				t.Fatalf("declined card: %d %s", env.Code, env.Content)
			}
			return answer{env.Code, r.Message}
		}},
		{"malformed field", func(lang string) answer {
			env := s.call(t, "POST", "order/detail", `{"orderNumber":5}`, "TOKEN", ana, "ALAN", lang)
			return answer{env.Code, env.Easg}
		}},
		{"empty search frame", func(lang string) answer {
			fs := s.stream(t, "stream/search", `{"txt":"  "}`, "ALAN", lang)
			if len(fs) != 1 {
				t.Fatalf("empty search: %d frames", len(fs))
			}
			return answer{fs[0].Code, fs[0].Easg}
		}},
	}
	want := map[string][]answer{ // per call, in the order of calls
		"ar": {{102, "كلمة المرور غير صحيحة."}, {104, "لم يُعثر على هذا الطلب."}, {200, "رُفضت بطاقتك."},
			{102, `الطلب غير صالح: يجب أن يكون الحقل "orderNumber" من النوع string.`}, {102, "اكتب ما تبحث عنه."}},
		"de": {{102, "Das Passwort ist falsch."}, {104, "Diese Bestellung wurde nicht gefunden."}, {200, "Ihre Karte wurde abgelehnt."},
			{102, "Die Anfrage ist fehlerhaft: Das Feld „orderNumber“ muss vom Typ string sein."}, {102, "Geben Sie ein, wonach Sie suchen."}},
		"": {{102, "The password is not correct."}, {104, "This order was not found."}, {200, "Your card was declined."},
			{102, `The request is malformed: the field "orderNumber" must be of type string.`}, {102, "Type what you are looking for."}},
	}
	want["xx-unknown"] = want[""]
	for _, lang := range []string{"ar", "de", "", "xx-unknown"} {
		for i, c := range calls {
			got := c.call(lang)
			if got != want[lang][i] {
				t.Errorf("%s in %q: %d %q, want %d %q", c.name, lang, got.code, got.msg, want[lang][i].code, want[lang][i].msg)
			}
		}
	}
	// The order's page shows the failure and the timeline in the caller's language too.
	env := s.call(t, "POST", "order/list", `{}`, "TOKEN", ana, "ALAN", "de")
	if !strings.Contains(string(env.Content), `"payFailure":"Ihre Karte wurde abgelehnt."`) {
		t.Errorf("order list in German: %s", env.Content)
	}
}
