# Creating files, globbing, loops over files, tests on files.
for d in src docs; do : > "marker-$d"; done
for i in 1 2 3; do echo "line $i" > "file$i.txt"; done
echo "header" > README.md
shopt -s nullglob
txt=(*.txt)
echo "txt files: ${#txt[@]} -> ${txt[*]}"
for f in *.txt; do
  read -r first < "$f"
  [[ -s $f ]] && echo "$f: $first"
done
none=(*.nomatch)
echo "no matches: ${#none[@]}"
shopt -u nullglob
echo unmatched: *.nomatch
for f in file?.txt; do cat "$f" > "${f%.txt}.bak"; done
echo "bak: $(echo *.bak)"
[ -e README.md ] && [ ! -d README.md ] && echo "README is a file"
[[ file1.txt -nt nonexistent ]] && echo "newer than nothing"
count=0
for f in *; do [ -f "$f" ] && count=$((count + 1)); done
echo "regular files: $count"
echo {a,b}{1,2} x{1..4} y{a..c}
