#!/bin/sh
# spirv-at.sh: the compute kernels as they were at a git revision, compiled to SPIR-V for
# SORTSCOPE_SPIRV_DIR, so that one sortscope-cli times an older (or newer) kernel against the
# one built into it, alternately and on the same machine (README: "Kernel work on a GPU server").
#
# Usage: scripts/spirv-at.sh REV OUT_DIR [SHADER...]
#   REV      any git revision of this repository (a commit, a tag, HEAD~2)
#   OUT_DIR  created if missing; receives NAME.comp.spv for each shader
#   SHADER   file names under compute/shaders (e.g. onesweep_pass.comp) or build variants
#            (onesweep_pass_whole.comp: onesweep_pass.comp with RADIX_STAGES_WHOLE_ITEMS, as
#            compute/CMakeLists.txt builds it; onesweep_pass_u64.comp, its name at older revisions,
#            the same, for older binaries' u64 keys: their pairs ran onesweep_pass.comp;
#            onesweep_pass_partitioned.comp: onesweep_pass.comp with ONESWEEP_PASS_PARTITIONED);
#            default: every *.comp and every variant
# Then, e.g.: SORTSCOPE_SPIRV_DIR=OUT_DIR sortscope-cli bench --algo onesweep --n 2^28
# Compiled with the flags of the build (cmake/EmbedShaders.cmake); needs git and glslc.
set -eu

if [ $# -lt 2 ]; then
  sed -n '6,13p' "$0" >&2
  exit 2
fi
rev=$1
out=$2
shift 2
command -v glslc >/dev/null || { echo "spirv-at: needs glslc (Debian: glslc)" >&2; exit 2; }
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
commit=$(git -C "$repo" rev-parse --verify --quiet "$rev^{commit}") ||
  { echo "spirv-at: '$rev' is not a revision of $repo" >&2; exit 2; }

tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
git -C "$repo" archive "$commit" compute/shaders | tar -x -C "$tree"
mkdir -p "$out"
# The build's variants (compute/CMakeLists.txt, VARIANTS): the file and the macros each has had,
# all defined, since a revision uses at most one of them. At a revision older than a variant its
# macros are unused, so the variant is the file as it was then.
variant_file() {
  case $1 in
    onesweep_pass_whole.comp | onesweep_pass_u64.comp | onesweep_pass_partitioned.comp)
      echo onesweep_pass.comp ;;
    *) echo "$1" ;;
  esac
}
variant_define() {
  case $1 in
    onesweep_pass_whole.comp | onesweep_pass_u64.comp)
      echo -DRADIX_STAGES_WHOLE_ITEMS -DRADIX_WHOLE_U64_STORES ;;
    onesweep_pass_partitioned.comp) echo -DONESWEEP_PASS_PARTITIONED ;;
    *) ;;
  esac
}
if [ $# -eq 0 ]; then
  set -- $(cd "$tree/compute/shaders" && ls ./*.comp | sed 's|^\./||') onesweep_pass_whole.comp \
    onesweep_pass_u64.comp onesweep_pass_partitioned.comp
fi
for shader in "$@"; do
  src=$tree/compute/shaders/$(variant_file "$shader")
  [ -f "$src" ] || { echo "spirv-at: $shader is not a shader at $rev" >&2; exit 2; }
  # shellcheck disable=SC2046 # one argument per macro
  glslc --target-env=vulkan1.3 -O -Werror $(variant_define "$shader") \
    -I "$tree/compute/shaders/common" -o "$out/$shader.spv" "$src"
  echo "$out/$shader.spv"
done
