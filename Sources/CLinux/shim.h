// Linux calls that glibc declares only under _GNU_SOURCE, which Swift's Glibc module does
// not define: made callable here, through the system call itself.
#include <unistd.h>
#include <sys/syscall.h>

/// renameat2(2)'s flags: fail if the destination exists; swap the two names atomically.
#define TP_RENAME_NOREPLACE (1 << 0)
#define TP_RENAME_EXCHANGE (1 << 1)

/// renameat2(2): `rename` with `flags`. -1 and errno on failure (EINVAL where the file
/// system cannot honour a flag).
static inline int tp_renameat2(int from_folder, const char *from, int to_folder, const char *to, unsigned int flags) {
    return (int)syscall(SYS_renameat2, from_folder, from, to_folder, to, flags);
}
