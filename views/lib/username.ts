// The display-name rule of app/account/validate.go CheckUsername, checked in
// the browser at the step where the name is typed, so a name the server
// would refuse is never carried on to a later step.
export const USERNAME_MAX = 40; // characters (code points, as Go counts runes)
const FORBIDDEN = /[<>\r\n\t]/;

// usernameError returns the message key for a name the server refuses, or
// "". An empty name is allowed where the server derives one (registration).
export function usernameError(raw: string, allowEmpty: boolean): string {
  const s = raw.trim();
  if (!s) return allowEmpty ? "" : "UsernameRule";
  if ([...s].length > USERNAME_MAX || FORBIDDEN.test(s)) return "UsernameRule";
  return "";
}
