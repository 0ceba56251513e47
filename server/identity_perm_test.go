package server_test

import (
	"encoding/json"
	"strings"
	"testing"

	"souk/app/media"
	"souk/app/seed"
)

// TestIdentityPermissions tries every entity, identity and review call as a
// visitor, a shopper (no entity), another user with an entity and identity
// of their own, the owner, and an operator. The my* calls only ever see and
// change the caller's own objects; the operations calls answer as an
// unknown call (104) to everyone but an operator.
func TestIdentityPermissions(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		tokens := map[string]string{
			"visitor":  "",
			"shopper":  s.signUp(t, "perm-shop@example.com"),
			"other":    s.signUp(t, "perm-other@example.com"),
			"owner":    s.signUp(t, "perm-owner@example.com"),
			"operator": s.loginAs(t, seed.OperatorEmail, seed.DemoPassword),
		}
		as := func(role, method, path, body string) envelope {
			if tokens[role] == "" {
				return s.call(t, method, path, body)
			}
			return s.call(t, method, path, body, "TOKEN", tokens[role])
		}
		// The owner and the other user each have an entity and a seller application.
		uids := map[string]string{}
		for _, who := range []string{"other", "owner"} {
			decode[mine](t, as(who, "POST", "myEntity/addType", `{"entityType":1}`))
			e := decode[mine](t, as(who, "POST", "myEntity/saveEntityForm", `{"values":{"fullName":"Perm `+who+`","country":"DE"}}`))
			i := decode[mine](t, as(who, "POST", "myIdentity/saveIdentityForm/22", sellerForm))
			uids[who+".entity"], uids[who+".identity"] = e.Item.UID, i.Item.UID
		}
		prof := decode[struct {
			UserUID string `json:"userUid"`
		}](t, as("owner", "GET", "my/getMyProfileInfo", ""))
		ownersAvatar := "/media/uploads/avatar/" + media.OwnerDir(prof.UserUID) + "/" + strings.Repeat("a", 32) + "-s.jpg"
		withAvatar := strings.Replace(sellerForm, `"country"`, `"avatar":"`+ownersAvatar+`","country"`, 1)
		decideOwner := func(kind, action string) string {
			b, _ := json.Marshal(map[string]string{"uid": uids["owner."+kind], "action": action, "reason": "no"})
			return string(b)
		}
		roles := []string{"visitor", "shopper", "other", "owner", "operator"}
		type want map[string]int
		calls := []struct {
			method, path, body string
			want               want
		}{
			{"GET", "myEntity/getInfoWithForm", "", want{"visitor": 401, "shopper": 200, "other": 200, "owner": 200, "operator": 200}},
			{"GET", "myIdentity/getInfo/22", "", want{"visitor": 401, "shopper": 200, "other": 200, "owner": 200, "operator": 200}},
			{"GET", "myIdentity/getInfoWithForm/seller", "", want{"visitor": 401, "shopper": 200, "other": 200, "owner": 200, "operator": 200}},
			{"GET", "myIdentity/getInfo/41", "", want{"visitor": 401, "shopper": 104, "other": 104, "owner": 104, "operator": 104}},
			{"POST", "operations/biggerentity/list", `{}`, want{"visitor": 104, "shopper": 104, "other": 104, "owner": 104, "operator": 200}},
			{"POST", "operations/biggeridentity/list", `{"identityType":22}`, want{"visitor": 104, "shopper": 104, "other": 104, "owner": 104, "operator": 200}},
			// Another user's picture in one's own form is refused.
			{"POST", "myIdentity/saveIdentityForm/22", withAvatar, want{"visitor": 401, "shopper": 109, "other": 102, "owner": 200, "operator": 109}},
			{"POST", "myEntity/editType", `{"entityType":2}`, want{"visitor": 401, "shopper": 104, "other": 200, "owner": 200, "operator": 104}},
			{"POST", "myEntity/saveEntityForm", `{"values":{"companyName":"Perm GmbH","registrationNumber":"HRB 1","country":"DE","contactName":"Perm"}}`,
				want{"visitor": 401, "shopper": 104, "other": 200, "owner": 200, "operator": 104}},
			{"POST", "operations/biggerentity/decide", decideOwner("entity", "take"), want{"visitor": 104, "shopper": 104, "other": 104, "owner": 104, "operator": 200}},
			{"POST", "operations/biggeridentity/decide", decideOwner("identity", "reject"), want{"visitor": 104, "shopper": 104, "other": 104, "owner": 104, "operator": 200}},
			{"POST", "myEntity/addType", `{"entityType":1}`, want{"visitor": 401, "shopper": 200, "other": 109, "owner": 109, "operator": 200}},
		}
		for _, c := range calls {
			for _, role := range roles {
				env := as(role, c.method, c.path, c.body)
				if env.Code != c.want[role] {
					t.Errorf("%s %s as %s: %d %q, want %d", c.method, c.path, role, env.Code, env.Easg, c.want[role])
				}
				// Nobody but the owner (and an operator's queue) sees the owner's objects.
				if role != "owner" && role != "operator" && (strings.Contains(string(env.Content), uids["owner.entity"]) || strings.Contains(string(env.Content), uids["owner.identity"])) {
					t.Errorf("%s %s as %s shows the owner's objects: %s", c.method, c.path, role, env.Content)
				}
			}
		}
		// The owner sees the operator's rejection and reason; the other user's is untouched.
		own := decode[struct {
			Status       struct{ ID int } `json:"status"`
			RejectReason string           `json:"rejectReason"`
		}](t, as("owner", "GET", "myIdentity/getInfo/22", ""))
		if own.Status.ID != 4 || own.RejectReason != "no" {
			t.Fatalf("owner's identity: %+v", own)
		}
		other := decode[struct {
			Status struct{ ID int } `json:"status"`
		}](t, as("other", "GET", "myIdentity/getInfo/22", ""))
		if other.Status.ID != 1 {
			t.Fatalf("other's identity: %+v", other)
		}
	})
}
