# Error messages and statuses a script sees: unknown commands, bad redirections, readonly, unset.
echo start
nosuchcommand_xyz arg
echo "status=$?"
cat < missing-file.txt
echo "status=$?"
readonly frozen=1
frozen=2
echo "frozen=$frozen"
unset undefined_thing
echo "[${undefined_thing:-default}]"
( set -u; echo "$really_unset" )
echo "nounset subshell status=$?"
x=$(exit 42)
echo "command substitution status=$?"
f() { local -r ro=1; ro=2; }
f
echo "f status=$?"
cd /nonexistent-dir-xyz
echo "cd status=$?"
echo "end"
