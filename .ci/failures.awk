# failures.awk prints, from the log of `make test`, each failed test with
# where and why it failed, in a few lines each: a CI page shows only the end
# of the output, and a name alone cannot be diagnosed afterwards.
#   browser (node --test TAP): the "not ok" line, its error's first lines
#     and the test file's line the stack passes through;
#   go: the "--- FAIL" line and the lines of the message under it;
#   check: what go vet and tsc found.
BEGIN { shown = 0; max = 8 }
/^\[browser\] *not ok/ {
  if (shown++ >= max) next
  print "test: failed: " $0; b = 1; err = 0; at = 0; next
}
b && /^\[browser\]  *\.\.\.$/ { b = 0; next }
b && /^\[browser\]  *error: / { err = 4; sub(/^\[browser\] */, ""); print "    " $0; next }
b && err > 0 && !/^\[browser\]  *[a-zA-Z]+: / { err--; sub(/^\[browser\] */, ""); if (length($0) > 0) print "      " substr($0, 1, 200); next }
b && /^\[browser\]  *[a-zA-Z]+: / { err = 0 }
b && !at && !/location:/ && /views\/e2e\/[^ ]*\.mjs:[0-9]+/ { at = 1; match($0, /views\/e2e\/[^ ):]*\.mjs:[0-9]+/); print "    at " substr($0, RSTART, RLENGTH); next }
/^\[go\] *(--- FAIL|FAIL|panic:)/ {
  if (shown++ >= max) next
  print "test: failed: " $0; g = 3; next
}
g > 0 && /^\[go\]  +[^ ]/ { g--; print "    " substr($0, 1, 220); next }
{ g = 0 }
# check: go vet's and tsc's findings (file:line or "error TS").
/^\[check\] .*(\.go:[0-9]+|error TS)/ { if (shown++ < max) print "test: failed: " $0 }
