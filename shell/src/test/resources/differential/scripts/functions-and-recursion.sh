# Functions, locals, recursion, return values, dynamic scoping.
fact() {
  local n=$1
  if (( n <= 1 )); then echo 1; return; fi
  local sub
  sub=$(fact $((n - 1)))
  echo $((n * sub))
}
fib() {
  local -i n=$1 a=0 b=1 t
  while (( n-- > 0 )); do t=$((a + b)); a=$b; b=$t; done
  echo $a
}
counter=0
bump() { counter=$((counter + 1)); local counter=100; inner; }
inner() { echo "inner sees counter=$counter"; }

for i in 0 1 5 10; do echo "fact($i)=$(fact $i) fib($i)=$(fib $i)"; done
bump; bump
echo "counter=$counter"

check() { [[ $1 =~ ^[0-9]+$ ]] && return 0; echo "not a number: $1" >&2; return 3; }
for v in 42 x7 007; do
  if check "$v"; then echo "$v ok"; else echo "$v failed with $?"; fi
done

greet() { echo "hello ${1:-nobody}${2:+ and $2}"; }
greet; greet ann; greet ann bob
echo "FUNCNAME outside: ${FUNCNAME[*]:-none}"
show() { echo "called as ${FUNCNAME[0]} from ${FUNCNAME[1]}"; }
wrapper() { show; }
wrapper
declare -f greet
type -t fact
