import CLinux

/// How the process' big buffers are allocated: each block of `threshold` bytes or more is
/// mapped on its own, and unmapped when freed.
///
/// Why: glibc raises its mmap threshold to the largest block freed so far (up to 32 MB), so
/// after a big file's bytes were freed once, the next buffers that size — a template of a
/// million ticks read, its stamp's journal record (23 MB each) — came from a thread's malloc
/// arena and stayed there when freed, on top of the drawing: issue 39's rule (no file costs
/// more than twice its size and 64 MB) failed by their sum. Trimming them back afterwards
/// (`malloc_trim`) walks every arena under its lock, and held the main thread up to 200 ms
/// while a stamp's frame was being rendered. A fixed threshold keeps the default's behaviour
/// for big blocks for good: one mapping a block, paid only by buffers of megabytes.
public enum LargeBlocks {
    /// Blocks this big or bigger are mapped on their own: bigger than a canvas tile's or a
    /// vertex run's buffers, which come and go with each frame.
    public static let threshold = 4 << 20

    /// Sets the threshold, once, at the start of the process (before threads allocate).
    public static func mapApart() {
        _ = tp_set_mmap_threshold(Int32(threshold))
    }
}
