// Linux calls that glibc declares only under _GNU_SOURCE, which Swift's Glibc module does
// not define: made callable here, through the system call itself.
#include <malloc.h>
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

/// sched_getaffinity(2): how many processors this process may run on — `taskset -c 0` makes
/// it 1, which the processor count does not show; 0 if it cannot be told.
static inline int tp_allowed_processors(void) {
    unsigned long mask[1024 / (8 * sizeof(unsigned long))];
    long bytes = syscall(SYS_sched_getaffinity, 0, sizeof mask, mask);
    if (bytes <= 0) return 0;
    int count = 0;
    for (long index = 0; index < bytes / (long)sizeof(unsigned long); index++) count += __builtin_popcountl(mask[index]);
    return count;
}

/// malloc_trim(3): gives the memory freed so far in every arena back to the system, where
/// whole pages of it are free (glibc declares it in <malloc.h>, which Swift's Glibc module
/// leaves out). Returns 1 if any was given back.
static inline int tp_trim_heap(void) {
    return malloc_trim(0);
}

/// mallopt(3) M_MMAP_THRESHOLD: blocks of `bytes` or more are mapped on their own and given
/// back to the system when freed. Setting it also stops glibc raising it to the largest
/// block freed so far. Returns 1 on success.
static inline int tp_set_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}
