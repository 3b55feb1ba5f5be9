#!/bin/sh
# Builds libwirespeed-rdma.so when a C compiler and the rdma-core headers exist; otherwise says
# why in one line and lets the Maven build go on (the jar then has no native library and the
# transport falls back to UDP at run time).
# Usage: build.sh <source dir> <JNI header dir> <classes dir> <java.home>
# Output: <classes dir>/native/<os>-<arch>/libwirespeed-rdma.so, e.g. native/linux-x86_64.
set -u
src="$1"; headers="$2"; out="$3"; jdk="$4"

skip()
{
    echo "[wirespeed] native RDMA library skipped: $1"
    exit 0
}

cc_bin="${CC:-cc}"
command -v "$cc_bin" >/dev/null 2>&1 || skip "no C compiler ($cc_bin) on PATH"
[ -f /usr/include/infiniband/verbs.h ] || skip "no /usr/include/infiniband/verbs.h (install libibverbs-dev)"
[ -f /usr/include/rdma/rdma_cma.h ] || skip "no /usr/include/rdma/rdma_cma.h (install librdmacm-dev)"
[ -f "$jdk/include/jni.h" ] || skip "no JNI headers under $jdk/include (a JDK, not a JRE, is needed)"
[ -f "$headers/io_wirespeed_transport_rdma_verbs_NativeVerbs.h" ] || skip "javac -h produced no header in $headers"

out="$out/native/$(uname -s | tr '[:upper:]' '[:lower:]')-$(uname -m)"
mkdir -p "$out" || exit 1
exec "$cc_bin" -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 -fPIC -shared \
    -I"$headers" -I"$jdk/include" -I"$jdk/include/linux" \
    -o "$out/libwirespeed-rdma.so" "$src"/*.c -libverbs -lrdmacm
