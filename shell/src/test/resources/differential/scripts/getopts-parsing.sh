# Command-line parsing with getopts inside a function.
parse() {
  local OPTIND opt verbose=0 output= level=1
  while getopts ":vo:l:" opt; do
    case $opt in
      v) verbose=$((verbose + 1)) ;;
      o) output=$OPTARG ;;
      l) level=$OPTARG ;;
      :) echo "option -$OPTARG needs a value"; return 2 ;;
      \?) echo "unknown option -$OPTARG"; return 2 ;;
    esac
  done
  shift $((OPTIND - 1))
  echo "verbose=$verbose output=${output:-stdout} level=$level args=$*"
}
parse -v -v -o out.txt file1 file2
parse -l 3 -- -notanoption
parse -x
parse -o
parse
parse -vl2 rest
