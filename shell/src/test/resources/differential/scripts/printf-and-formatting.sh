# printf formats used in reports.
printf '%-10s|%5s|%05d|%x|%o|%e|%.2f\n' name col 42 255 8 1234.5 3.14159
printf '%s=%s\n' a 1 b 2 c 3
printf '[%*s] [%-*s]\n' 6 right 6 left
printf '%q\n' 'a b' "it's" '$HOME'
printf '%b\n' 'tab\there' 'new\nline'
printf '%c%c%c\n' apple banana cherry
printf -v padded '%03d' 7; echo "padded=$padded"
printf '%d%%\n' 50
total=0
for amount in 12.50 7.25 0.75; do
  cents=${amount/./}
  total=$((total + 10#$cents))
done
printf 'total: %d.%02d\n' $((total / 100)) $((total % 100))
printf '%s\n' "${PATH%%:*}" | { read -r first; echo "first PATH entry has ${#first} chars"; }
printf '%5.1f|%-6.3s|%+d\n' 2.25 abcdef 5

# printf %(...)T formats with glibc strftime: gnulib-only conversions stay as written
(export TZ=UTC; printf '%(%N|%q|%:z|%Z|%-d|%P)T\n' 86400)
