# Options, aliases, read from files, eval, source, exported environment.
shopt -s expand_aliases
alias ll='echo listing'
ll here
cat > lib.sh <<'EOF'
lib_version=3
lib_greet() { echo "lib says hi to $1"; }
EOF
source ./lib.sh
lib_greet "$USER_NAME_unset"
echo "lib_version=$lib_version"
cmd='echo evaluated $((1 + 2))'
eval "$cmd"
eval 'for i in 1 2; do echo "eval loop $i"; done'
export DEPLOY_ENV=staging
echo "exported: $(declare -p DEPLOY_ENV)"
set -- first "second arg" third
echo "$# args: $1 | $2 | $3"
shift
echo "after shift: $*"
for arg; do echo "arg: $arg"; done
pushd_like() { local old=$PWD; cd "$1" && echo "now in ${PWD##*/}"; cd "$old"; }
: > made-here
echo "umask=$(umask)"
let "z = 5 * 5" && echo "z=$z"
