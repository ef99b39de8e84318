#if canImport(Glibc)
import Glibc
#endif

/// Advice to the kernel about the fresh memory a large collection's features fill.
///
/// Why: the features of the 500,000-point file fill 80 MB of new memory, and each
/// 4 KB page of it cost a page fault (trap, allocation, clearing) as the parser first
/// wrote it. Populating the next stretch with one `madvise(MADV_POPULATE_WRITE)` call
/// ahead of the parser saves the trap per page: one read of that file took 0.134-0.146 s
/// instead of 0.148 s on a quiet machine, 0.137 s instead of 0.154 s under load.
/// (Transparent huge pages were tried too: faster when repeated in one process, but a
/// first read under load took 0.22-0.27 s, clearing 2 MB pages outside the cache.)
/// Contents never change; elsewhere than Linux, or on kernels before 5.14, nothing
/// happens and the faults happen as before.
enum FreshMemoryAdvice {
    private static let page = 4096
    /// `MADV_POPULATE_WRITE` (Linux 5.14): fault the range in now, writable.
    private static let populateWrite: Int32 = 23

    /// Populates the storage of elements `elements` of `array` (within its capacity,
    /// not yet initialised) in one call, before the parser writes them one by one.
    static func populate<Element>(reservedStorageOf array: inout [Element], elements: Range<Int>) {
        #if os(Linux)
        withReservedStorage(of: &array, elements: elements, alignment: page) { start, count in
            _ = madvise(start, count, populateWrite)
        }
        #endif
    }

    /// Calls `body` with the `alignment`-aligned interior of the bytes of `elements`
    /// in the array's allocation (skipped when there is none).
    private static func withReservedStorage<Element>(
        of array: inout [Element], elements: Range<Int>, alignment: Int,
        _ body: (UnsafeMutableRawPointer, Int) -> Void
    ) {
        let elements = elements.clamped(to: 0..<array.capacity)
        guard !elements.isEmpty else { return }
        let stride = MemoryLayout<Element>.stride
        array.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let start = UInt(bitPattern: base) + UInt(elements.lowerBound * stride)
            let end = UInt(bitPattern: base) + UInt(elements.upperBound * stride)
            let mask = UInt(alignment - 1)
            let alignedStart = (start + mask) & ~mask, alignedEnd = end & ~mask
            guard alignedEnd > alignedStart, let pointer = UnsafeMutableRawPointer(bitPattern: alignedStart) else { return }
            body(pointer, Int(alignedEnd - alignedStart))
        }
    }
}
