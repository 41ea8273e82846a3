# A build script: configure, generate sources, compile step by step, summarize.
set -euo pipefail

project=demo
version=1.2.3

declare -A config=([name]=$project [version]=$version [debug]=no)
config[debug]=yes

log() { printf '[%s] %s\n' "$1" "$2"; }

log info "configuring ${config[name]} ${config[version]}"
for key in name version debug; do
  printf '%-8s= %s\n' "$key" "${config[$key]}"
done > config.mk

modules=(core util net)
for m in "${modules[@]}"; do
  cat > "$m.c" <<EOF
/* module $m of $project */
int ${m}_init(void) { return ${#m}; }
EOF
  log info "generated $m.c"
done

built=0
for src in *.c; do
  obj=${src%.c}.o
  printf 'object for %s\n' "$src" > "$obj"
  built=$((built + 1))
done
log info "built $built objects"

status=0
[[ -f net.o ]] || status=1
echo "status=$status"
echo "objects: $(echo *.o)"
