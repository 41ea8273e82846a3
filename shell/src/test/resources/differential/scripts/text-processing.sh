# Text processing with read loops, IFS, parameter expansion and associative arrays.
cat > access.log <<'EOF'
10.0.0.1 GET /index.html 200 512
10.0.0.2 GET /about.html 404 0
10.0.0.1 POST /api/login 200 128
10.0.0.3 GET /index.html 200 512
10.0.0.2 GET /missing 404 0
EOF

declare -A hits bytes
total=0
while read -r ip method path code size; do
  hits[$code]=$(( ${hits[$code]:-0} + 1 ))
  bytes[$ip]=$(( ${bytes[$ip]:-0} + size ))
  total=$((total + 1))
done < access.log

echo "requests: $total"
for code in 200 404; do
  printf 'code %s: %d\n' "$code" "${hits[$code]}"
done
for ip in 10.0.0.1 10.0.0.2 10.0.0.3; do
  printf '%-10s %5d bytes\n' "$ip" "${bytes[$ip]}"
done

line='key1=value one;key2=value two;key3='
IFS=';' read -ra pairs <<< "$line"
for p in "${pairs[@]}"; do
  k=${p%%=*} v=${p#*=}
  echo "${k^^} -> [${v:-empty}]"
done

path=/usr/local/lib/python3.11/site-packages/pkg/__init__.py
stem() { local f=${1##*/}; echo "${f%.*}"; }
echo "dir=${path%/*} file=${path##*/} ext=${path##*.} stem=$(stem "$path")"
echo "${path//\//:}"
s="Hello, World"
echo "${s,,} ${s^^} ${#s} ${s:7} ${s:0:5} ${s: -5:3}"
