# The JVM's hex dump ([MachCode] blocks of -XX:+PrintAssembly without a plugin) as decoder input:
# one "0x<addr> <hexbytes>" line per run of contiguous bytes.
function hex(s,   i, v) { v = 0; s = tolower(s); sub(/^0x/, "", s)
    for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
    return v }
function flush() { if (start != "" && run != "") print start " " run; start = ""; run = "" }
/^\[MachCode\]/ { code = 1; next }
/^\[\/MachCode\]/ { flush(); code = 0; next }
code && /^\[/ { flush(); next }
code && /^  0x[0-9a-f]+: [0-9a-f][0-9a-f]/ && $0 ~ /^  0x[0-9a-f]+: [0-9a-f| ]+$/ {
    split($0, f, ": "); addr = f[1]; sub(/^ +/, "", addr)
    bytes = f[2]; gsub(/[ |]/, "", bytes)
    a = hex(addr)
    if (start == "" || a != next_addr) { flush(); start = addr; sub(/^0x0*/, "0x", start) }
    run = run bytes; next_addr = a + length(bytes) / 2
    next
}
code && /^  0x[0-9a-f]+: ;/ { next }
END { flush() }
