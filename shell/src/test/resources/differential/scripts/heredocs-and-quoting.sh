# Here-documents (quoted and not), here-strings, quoting forms.
name="world"
cat <<EOF
Hello, $name!
Today: $((6 * 7)) is the answer; \$name stays literal
Tab	and "double" and 'single' quotes
EOF
cat <<'EOF'
No $expansion here: $(echo nope) `echo no`
EOF
cat <<-EOF
	leading tabs are removed
		even two
	EOF
while IFS=: read -r user shell; do
  echo "user=$user shell=$shell"
done <<< "root:/bin/bash"
printf '%s\n' 'single $quote' "double $name" $'ansi\ttab' "mixed 'quotes' \"inside\""
echo "nested $(echo "inner $(echo deep)")"
echo 'it'\''s' "a\\b" a\ b
x='*'; echo "$x" "${x}"
cat <<A; cat <<B
first doc
A
second doc
B
