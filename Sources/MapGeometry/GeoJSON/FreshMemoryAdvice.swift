#if canImport(Glibc)
import Glibc
#endif

/// Advice to the kernel about the fresh memory a large collection's features fill.
///
/// Why: the features of the 500,000-point file fill 80 MB of new memory, and each
/// 4 KB page of it cost a page fault (trap, allocation, clearing): about a quarter of
/// the read time. Two Linux `madvise` calls cut that: transparent huge pages (512
/// times fewer faults) and populating the next stretch in one call ahead of the
/// parser (no trap per page; huge pages alone were sometimes slower, taken fault by
/// fault). Contents never change; elsewhere than Linux, or when the kernel declines
/// (older kernels, huge pages disabled), nothing happens and the faults happen as before.
enum FreshMemoryAdvice {
    /// Bytes of a transparent huge page on x86-64 and arm64 (4 KB base pages).
    private static let hugePage = 2 << 20
    private static let page = 4096
    /// `MADV_POPULATE_WRITE` (Linux 5.14): fault the range in now, writable.
    private static let populateWrite: Int32 = 23

    /// Asks for huge pages under the reserved storage of `array` (its 2 MB-aligned interior).
    static func adviseHugePages<Element>(forReservedStorageOf array: inout [Element]) {
        #if os(Linux)
        withReservedStorage(of: &array, elements: 0..<array.capacity, alignment: hugePage) { start, count in
            _ = madvise(start, count, MADV_HUGEPAGE)
        }
        #endif
    }

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
