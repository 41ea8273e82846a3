# case statements, [[ ]] and test, arithmetic conditions.
classify() {
  case $1 in
    *.tar.gz|*.tgz) echo "$1: tarball" ;;
    *.[ch]) echo "$1: C source" ;;
    [Mm]akefile) echo "$1: makefile" ;;
    "") echo "empty" ;;
    *) echo "$1: other" ;;
  esac
}
for f in a.tar.gz x.c y.h Makefile readme ""; do classify "$f"; done
v=15
if [[ $v -gt 10 && $v -lt 20 ]]; then echo "$v in range"; fi
[[ abc == a* ]] && echo glob-match
[[ abc =~ ^a(b)(c)$ ]] && echo "regex groups: ${BASH_REMATCH[1]} ${BASH_REMATCH[2]}"
[ "a" \< "b" ] && echo "string order"
(( v % 5 == 0 )) && echo "multiple of five"
x=
[ -z "$x" ] && echo "x is empty"
[ -n "${unset_var-}" ] || echo "unset_var is unset or empty"
case $v in
  1?) echo "teens" ;&
  1*) echo "starts with 1" ;;&
  *5) echo "ends with 5" ;;
esac
test 3 -ge 2 -a 2 -ge 1 && echo "test with -a"
