// Text measured as the server measures it (Go's utf8.RuneCountInString):
// in code points, so an emoji outside the BMP counts once, not as its two
// UTF-16 halves that String.length counts.
export function runeCount(s: string): number {
  return Array.from(s).length; // a string's iterator steps by code point
}

// oneLine is app/contact's oneLine: every run of white space one space,
// control characters dropped, trimmed (names and subjects, which the
// server measures after folding them so).
export function oneLine(s: string): string {
  // Controls that are not white space go first, so they do not split a run of it.
  return s.replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g, "").replace(/[\s\u0085]+/g, " ").trim();
}
