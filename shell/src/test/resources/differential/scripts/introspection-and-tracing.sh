# Introspection and tracing: BASH_SOURCE across sourced files, set -v, getopts reuse, trap and kill listings.
cat > lib.sh <<'LIB'
where() { echo "where: ${FUNCNAME[*]} / ${BASH_SOURCE[*]}"; }
LIB
source ./lib.sh
report() { where; }
report
echo "top: ${BASH_SOURCE[*]}"

set -v
x=traced
echo "$x" >/dev/null
set +v

count() {
  local n=0
  while getopts "ab:" opt; do n=$((n + 1)); done
  echo "options=$n OPTIND=$OPTIND"
}
count -a -b 1 rest
set --
while getopts "ab:" opt; do :; done
echo "after empty: OPTIND=$OPTIND"
getopts "a" 'bad-name' -a 2>/dev/null
echo "invalid name: status=$? OPTIND=$OPTIND"

trap 'echo one
echo two' USR1
trap -p USR1
kill -l 0 INT 15
command -v echo no-such-command count
echo "command -v status=$?"
set -- a b
set +
echo "after set +: $*"
builtin -- true && echo "builtin -- ran"
type -t eval
