# [[ =~ ]] as bash does it: POSIX extended syntax, the leftmost-longest match, BASH_REMATCH groups
check() {
    if [[ $1 =~ $2 ]]; then
        printf '%s =~ %s: %d groups:' "$1" "$2" "${#BASH_REMATCH[@]}"
        printf ' [%s]' "${BASH_REMATCH[@]}"
        echo
    else
        echo "$1 !~ $2 ($?)"
    fi
}
check abcd '(ab|abcd)'
check abcd '(a|ab)(c|bcd)'
check 'xyz 2024-11-30 end' '([0-9]{4})-([0-9]{2})-([0-9]{2})'
check 'key = value' '^([^=]+)=(.*)$'
check aaa 'a*?'
check 'foo.bar' 'foo\.bar'
check 'foo-bar' 'foo\.bar'
check 'Hello' '^[[:upper:]][[:lower:]]+$'
check 'tab	here' '[[:space:]]'
check '' '^$'
check 'x' '('
shopt -s nocasematch
check 'HELLO world' '^hello (W.*)$'
re='v([0-9]+)\.([0-9]+)(\.([0-9]+))?'
for v in v1.2 v10.20.30 v1; do check "$v" "$re"; done
