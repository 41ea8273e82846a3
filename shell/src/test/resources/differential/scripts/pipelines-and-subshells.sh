# Pipelines of builtins and cat, PIPESTATUS, subshells, command substitution.
printf '%s\n' one two three | while read -r w; do echo "word: $w"; done
echo "piped" | cat | cat
true | false | true
echo "pipestatus=${PIPESTATUS[*]}"
set -o pipefail
if ! true | false | true; then echo "pipefail caught it"; fi
set +o pipefail
x=outer
( x=inner; echo "in subshell x=$x" )
echo "after subshell x=$x"
{ echo "group 1"; echo "group 2"; } > group.txt
cat group.txt
out=$(printf 'a\nb\n\n\n')
echo "command substitution trims newlines: [$out]"
count=$(printf 'x\ny\nz\n' | { n=0; while read -r _; do n=$((n+1)); done; echo $n; })
echo "counted $count lines"
cat <(echo from process substitution)
echo "${#out}"
read -t 0 < /dev/null && echo "read -t 0: /dev/null is readable at once"
