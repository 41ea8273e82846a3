# String manipulation idioms: trimming, splitting, joining, case, substrings, replacement.
trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; s=${s%"${s##*[![:space:]]}"}; printf '%s' "$s"; }
echo "[$(trim '   padded text   ')]"
join_by() { local IFS=$1; shift; echo "$*"; }
join_by , a b c
join_by '' x y z
csv="alpha,beta,,delta"
IFS=, read -ra parts <<< "$csv"
echo "${#parts[@]} parts: ${parts[*]}"
str="The quick brown fox"
echo "${str/quick/slow}" "${str//o/0}" "${str/#The/A}" "${str/%fox/cat}"
echo "${str:4:5}" "${str: -3}"
words=($str)
echo "words=${#words[@]} reversed: $(for ((i=${#words[@]}-1; i>=0; i--)); do printf '%s ' "${words[i]}"; done)"
upper=${str^^}; lower=${str,,}; title=${str^}
echo "$upper | $lower | $title"
repeat() { local out= i; for ((i=0; i<$2; i++)); do out+=$1; done; echo "$out"; }
repeat '=-' 5
[[ $str == *brown* ]] && echo contains-brown
echo "${str@Q}"
