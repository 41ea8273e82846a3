# Assignments bash refuses when they run: a list into one element (the rest of the line is not run), and
# subscripts given to export and readonly, which take whole variables only
b[0]=(x y) 2>&1; echo "not run: $?"
echo "next line: $?"
c[1]+=(z); echo not run either
declare -p b c 2>&1
f() { local d[0]=(q); echo "not run in f"; }; f; echo "not run after f"
echo "status after f: $?"
readonly a[7]=8; echo "readonly: $? ${a[7]}"
a[7]=9; echo "a[7]=${a[7]}"
export e[1]=2; echo "export: $? ${e[1]}"
readonly g[1]; echo "readonly g: $?"
h() { local k[1]=3; echo "local: $? ${k[1]}"; }; h
out() { echo out; echo err >&2; }
out 1>&2- 2>/dev/null; echo "moved: $?"
