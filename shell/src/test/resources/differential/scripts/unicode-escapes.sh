# $'\u...' and $'\U...', printf and echo -e: bash writes UTF-8 in its original form, surrogates and values past
# U+10FFFF included (up to 0x7FFFFFFF, in up to six bytes), and nothing past that
for v in '\u41' '\u00e9' '\u7ff' '\u800' '\uffff' '\U10000' '\U0001F600' '\U10FFFF' '\U110000' '\U1FFFFF' \
    '\U200000' '\U3FFFFFF' '\U4000000' '\U7FFFFFFF' '\U80000000' '\UFFFFFFFF' '\uD800' '\uDFFF' '\U0000D800' \
    '\u' '\U' '\uZ' '\u12345'; do
    printf '%s:' "$v"
    eval "printf %s \$'$v'" | od -An -tx1 | tr -d '\n'
    printf ' |'
    printf "$v" | od -An -tx1 | tr -d '\n'
    printf ' |'
    echo -ne "$v" | od -An -tx1 | tr -d '\n'
    echo
done
