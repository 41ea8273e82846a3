# Indexed and associative arrays: slices, keys, appends, sparse arrays, insertion sort.
nums=(5 3 9 1 7)
echo "count=${#nums[@]} first=${nums[0]} last=${nums[-1]}"
echo "slice=${nums[*]:1:3}"
nums+=(11)
unset 'nums[2]'
echo "keys=${!nums[*]} values=${nums[*]}"
sorted=()
for n in "${nums[@]}"; do
  i=${#sorted[@]}
  sorted+=("$n")
  while (( i > 0 && sorted[i-1] > sorted[i] )); do
    t=${sorted[i]}; sorted[i]=${sorted[i-1]}; sorted[i-1]=$t; i=$((i-1))
  done
done
echo "sorted=${sorted[*]}"
declare -A color=([apple]=red [banana]=yellow)
color[grape]=purple
for fruit in apple banana grape; do echo "$fruit is ${color[$fruit]}"; done
echo "has cherry: ${color[cherry]+yes}${color[cherry]-no}"
echo "all keys: ${!color[*]}"
files=("a b.txt" "c.txt")
for f in "${files[@]}"; do echo "file: [$f]"; done
printf '<%s>' "${files[@]/#/pre-}"; echo
declare -p nums
declare -p color
matrix=()
for r in 0 1 2; do for c in 0 1 2; do matrix[r*3+c]=$((r*c)); done; done
echo "matrix=${matrix[*]}"
mapfile -t lines < <(printf 'l1\nl2\nl3\n')
echo "mapfile read ${#lines[@]}: ${lines[*]}"
{ echo "before the first element: [${nums[-99]}] and on"; } 2>/dev/null
( set -u; echo "never set under set -u: [${never_set[@]}] [${never_set[*]}]" )
FIRST=one SECOND="[$FIRST]" env | grep '^SECOND='
