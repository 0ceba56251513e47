package api

import (
	"github.com/labstack/echo/v4"

	"souk/app/account"
)

// Accounts holds the account calls of SPEC §7.
type Accounts struct {
	*Handlers
	acc *account.Service
}

// NewAccounts makes the account handlers.
func NewAccounts(h *Handlers, acc *account.Service) *Accounts {
	return &Accounts{Handlers: h, acc: acc}
}

// Register mounts the account calls on g.
func (a *Accounts) Register(g *echo.Group) {
	g.POST("/loginByPwd", a.loginByPwd)
	g.POST("/loginByEmailCode", a.loginByEmailCode)
	g.POST("/registerByEmail", a.registerByEmail)
	g.POST("/logout", a.logout)
	g.POST("/auth/forgetPasswordThenResetPassword", a.resetPassword)
	g.POST("/auth/resetEmail", a.resetEmail)
	g.POST("/get/loginByEmail/verifycode", a.codeFor(account.PurposeLogin, false))
	g.POST("/get/registerByEmail/verifycode", a.codeFor(account.PurposeRegister, false))
	g.POST("/get/forgetPassword/verifycode", a.codeFor(account.PurposeForgetPassword, false))
	g.POST("/get/changeEmail/verifycode", a.codeFor(account.PurposeChangeEmail, true))
	g.POST("/get/destroyAccount/verifycode", a.codeFor(account.PurposeDestroyAccount, true))
	g.POST("/my/destroyAccount", a.destroyAccount)
	g.GET("/my/getSafeInfo", a.safeInfo)
	g.GET("/user/getUserInfo", a.userInfo)
	g.GET("/my/getMyProfileInfo", a.myProfile)
	g.GET("/my/getMyInfo", a.myProfile)
	g.POST("/my/editUsername", a.editUsername)
	g.POST("/my/editAvatar", a.editImage("avatar"))
	g.POST("/my/editBackground", a.editImage("background"))
	g.POST("/my/endSession", a.endSession)
	g.POST("/auth/qr/scan", a.qrScan)
	g.POST("/auth/qr/confirm", a.qrConfirm)
}

func (a *Accounts) client(c echo.Context) account.Client {
	return account.Client{IP: c.RealIP(), UserAgent: c.Request().UserAgent(), Lang: a.ctxOf(c).lang}
}

// caller authenticates the TOKEN header.
func (a *Accounts) caller(c echo.Context) (*account.Caller, error) {
	return a.acc.Authenticate(c.Request().Context(), c.Request().Header.Get("TOKEN"))
}

// signedIn binds the body into req and authenticates the caller: the
// user id, and whether the request was sealed (so the answer is too).
func (a *Accounts) signedIn(c echo.Context, req any) (int, bool, error) {
	sealed, err := a.bind(c, req)
	if err != nil {
		return 0, sealed, err
	}
	caller, err := a.caller(c)
	if err != nil {
		return 0, sealed, err
	}
	return caller.User.ID, sealed, nil
}

type loginReq struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	Ov       bool   `json:"ov"`
}

func (a *Accounts) loginByPwd(c echo.Context) error {
	var req loginReq
	sealed, err := a.bind(c, &req)
	if err != nil {
		return a.fail(c, err)
	}
	l, err := a.acc.LoginByPassword(c.Request().Context(), req.Name, req.Password, req.Ov, a.client(c))
	if err != nil {
		return a.fail(c, err)
	}
	return a.ok(c, sealed, l)
}

type codeLoginReq struct {
	Email      string `json:"email"`
	VerifyCode string `json:"verifyCode"`
}

func (a *Accounts) loginByEmailCode(c echo.Context) error {
	var req codeLoginReq
	sealed, err := a.bind(c, &req)
	if err != nil {
		return a.fail(c, err)
	}
	l, err := a.acc.LoginByEmailCode(c.Request().Context(), req.Email, req.VerifyCode, a.client(c))
	if err != nil {
		return a.fail(c, err)
	}
	return a.ok(c, sealed, l)
}

type registerReq struct {
	Email      string `json:"email"`
	Password   string `json:"password"`
	Username   string `json:"username"`
	VerifyCode string `json:"verifyCode"`
}

func (a *Accounts) registerByEmail(c echo.Context) error {
	var req registerReq
	sealed, err := a.bind(c, &req)
	if err != nil {
		return a.fail(c, err)
	}
	l, err := a.acc.Register(c.Request().Context(), account.RegisterInput{Email: req.Email, Password: req.Password, Username: req.Username, Code: req.VerifyCode}, a.client(c))
	if err != nil {
		return a.fail(c, err)
	}
	return a.ok(c, sealed, l)
}

func (a *Accounts) logout(c echo.Context) error {
	caller, err := a.caller(c)
	if err != nil {
		return a.fail(c, err)
	}
	if err := a.acc.Logout(c.Request().Context(), caller); err != nil {
		return a.fail(c, err)
	}
	return a.ok(c, false, nil)
}

type resetReq struct {
	Email      string `json:"email"`
	VerifyCode string `json:"verifyCode"`
	Password   string `json:"password"`
}

func (a *Accounts) resetPassword(c echo.Context) error {
	var req resetReq
	sealed, err := a.bind(c, &req)
	if err != nil {
		return a.fail(c, err)
	}
	if err := a.acc.ResetPassword(c.Request().Context(), req.Email, req.VerifyCode, req.Password); err != nil {
		return a.fail(c, err)
	}
	return a.ok(c, sealed, nil)
}

type resetEmailReq struct {
	Email       string `json:"email"`
	VerifyCode  string `json:"verifyCode"`
	Password    string `json:"password"`    // derived with the current email
	NewPassword string `json:"newPassword"` // the same password derived with the new email
}

func (a *Accounts) resetEmail(c echo.Context) error {
	var req resetEmailReq
	sealed, err := a.bind(c, &req)
	if err != nil {
		return a.fail(c, err)
	}
	caller, err := a.caller(c)
	if err != nil {
		return a.fail(c, err)
	}
	in := account.ChangeEmailInput{Email: req.Email, Code: req.VerifyCode, Password: req.Password, NewPassword: req.NewPassword}
	p, err := a.acc.ChangeEmail(c.Request().Context(), caller, in, a.client(c))
	if err != nil {
		return a.fail(c, err)
	}
	return a.ok(c, sealed, p)
}

type codeReq struct {
	Email string `json:"email"`
}

// codeFor asks for a code. Change-email codes go to the new address and
// close-account codes to the account's own; both need a session.
func (a *Accounts) codeFor(purpose string, signedIn bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req codeReq
		sealed, err := a.bind(c, &req)
		if err != nil {
			return a.fail(c, err)
		}
		userID := 0
		if signedIn {
			caller, err := a.caller(c)
			if err != nil {
				return a.fail(c, err)
			}
			userID = caller.User.ID
			if purpose == account.PurposeDestroyAccount && caller.User.Email != nil {
				req.Email = *caller.User.Email
			}
		}
		wait, err := a.acc.RequestCode(c.Request().Context(), purpose, req.Email, userID, a.client(c))
		if err != nil {
			return a.fail(c, err)
		}
		return a.ok(c, sealed, map[string]int{"cooldown": wait})
	}
}

type destroyReq struct {
	VerifyCode string `json:"verifyCode"`
}

func (a *Accounts) destroyAccount(c echo.Context) error {
	var req destroyReq
	sealed, err := a.bind(c, &req)
	if err != nil {
		return a.fail(c, err)
	}
	caller, err := a.caller(c)
	if err != nil {
		return a.fail(c, err)
	}
	if err := a.acc.CloseAccount(c.Request().Context(), caller, req.VerifyCode); err != nil {
		return a.fail(c, err)
	}
	return a.ok(c, sealed, nil)
}

func (a *Accounts) safeInfo(c echo.Context) error {
	caller, err := a.caller(c)
	if err != nil {
		return a.fail(c, err)
	}
	info, err := a.acc.Safe(c.Request().Context(), caller)
	if err != nil {
		return a.fail(c, err)
	}
	return a.ok(c, false, info)
}

func (a *Accounts) userInfo(c echo.Context) error {
	p, err := a.acc.PublicProfile(c.Request().Context(), c.QueryParam("userUid"))
	if err != nil {
		return a.fail(c, err)
	}
	return a.ok(c, false, p)
}

func (a *Accounts) myProfile(c echo.Context) error {
	caller, err := a.caller(c)
	if err != nil {
		return a.fail(c, err)
	}
	return a.ok(c, false, a.acc.MyProfile(caller))
}

type usernameReq struct {
	Username string `json:"username"`
}

func (a *Accounts) editUsername(c echo.Context) error {
	var req usernameReq
	sealed, err := a.bind(c, &req)
	if err != nil {
		return a.fail(c, err)
	}
	caller, err := a.caller(c)
	if err != nil {
		return a.fail(c, err)
	}
	p, err := a.acc.EditUsername(c.Request().Context(), caller, req.Username)
	if err != nil {
		return a.fail(c, err)
	}
	return a.ok(c, sealed, p)
}

type imageReq struct {
	URL string `json:"url"`
}

func (a *Accounts) editImage(which string) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req imageReq
		sealed, err := a.bind(c, &req)
		if err != nil {
			return a.fail(c, err)
		}
		caller, err := a.caller(c)
		if err != nil {
			return a.fail(c, err)
		}
		p, err := a.acc.EditImage(c.Request().Context(), caller, which, req.URL)
		if err != nil {
			return a.fail(c, err)
		}
		return a.ok(c, sealed, p)
	}
}

type idReq struct {
	ID     string `json:"id"`
	Ticket string `json:"ticket"`
}

func (a *Accounts) endSession(c echo.Context) error {
	var req idReq
	if _, err := a.bind(c, &req); err != nil {
		return a.fail(c, err)
	}
	caller, err := a.caller(c)
	if err != nil {
		return a.fail(c, err)
	}
	if err := a.acc.EndSession(c.Request().Context(), caller, req.ID); err != nil {
		return a.fail(c, err)
	}
	return a.ok(c, false, nil)
}

func (a *Accounts) qrScan(c echo.Context) error {
	var req idReq
	if _, err := a.bind(c, &req); err != nil {
		return a.fail(c, err)
	}
	caller, err := a.caller(c)
	if err != nil {
		return a.fail(c, err)
	}
	if err := a.acc.ScanQR(caller, req.Ticket); err != nil {
		return a.fail(c, err)
	}
	return a.ok(c, false, map[string]int{"state": account.QRScanned})
}

func (a *Accounts) qrConfirm(c echo.Context) error {
	var req idReq
	if _, err := a.bind(c, &req); err != nil {
		return a.fail(c, err)
	}
	caller, err := a.caller(c)
	if err != nil {
		return a.fail(c, err)
	}
	if err := a.acc.ConfirmQR(c.Request().Context(), caller, req.Ticket, a.client(c)); err != nil {
		return a.fail(c, err)
	}
	return a.ok(c, false, map[string]int{"state": account.QRConfirmed})
}
