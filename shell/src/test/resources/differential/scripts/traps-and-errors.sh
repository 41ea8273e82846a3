# Traps on EXIT and ERR, errexit behaviour, subshell status.
cleanup() { echo "cleanup: emptying $tmpfile"; : > "$tmpfile"; }
tmpfile=work.tmp
echo data > "$tmpfile"
trap cleanup EXIT
trap 'echo "error trap (status $?)"' ERR

false || echo "handled failure"
( exit 3 ) || echo "subshell failed with $?"
set -e
if ! value=$(false); then echo "assignment failed quietly"; fi
count=0
while (( count < 3 )); do count=$((count + 1)); done
echo "count=$count"
f() { return 7; }
f || echo "f returned $?"
echo "before the end"
g() { echo "in g"; false; echo "not reached"; }
g
echo "not reached either"
