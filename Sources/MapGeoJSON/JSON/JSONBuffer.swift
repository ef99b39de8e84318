#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one JSON document, shared by every raw slice (``RawJSON``,
/// ``Properties``) that was read from it, so that a million features do not
/// copy their properties until someone asks for them.
///
/// The bytes are either a heap copy or a read-only memory map of a file; they
/// never change after creation, which is why sharing them across threads is safe.
final class JSONBuffer: @unchecked Sendable {
    let base: UnsafeRawPointer
    let count: Int
    private let mapped: Bool

    /// Copies `bytes` into a buffer of its own.
    init<Bytes: Collection>(copying bytes: Bytes) where Bytes.Element == UInt8 {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
        let typed = memory.bindMemory(to: UInt8.self, capacity: max(bytes.count, 1))
        _ = UnsafeMutableBufferPointer(start: typed, count: bytes.count).initialize(from: bytes)
        base = UnsafeRawPointer(memory)
        count = bytes.count
        mapped = false
    }

    /// Takes ownership of memory allocated with `UnsafeMutableRawPointer.allocate`.
    init(adopting memory: UnsafeMutableRawPointer, count: Int) {
        base = UnsafeRawPointer(memory)
        self.count = count
        mapped = false
    }

    /// Takes ownership of a `mmap` region (unmapped on deinit).
    init(mapping: UnsafeRawPointer, count: Int) {
        base = mapping
        self.count = count
        mapped = true
    }

    deinit {
        if mapped {
            munmap(UnsafeMutableRawPointer(mutating: base), count)
        } else {
            UnsafeMutableRawPointer(mutating: base).deallocate()
        }
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    subscript(offset: Int) -> UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }

    /// Tells the kernel the mapped pages before `offset` are not needed for now
    /// (they are file-backed, so a later read simply faults them in again). Keeps
    /// the resident size of a streaming read small.
    func releasePages(before offset: Int) {
        guard mapped else { return }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = (offset / pageSize) * pageSize
        guard end > 0 else { return }
        madvise(UnsafeMutableRawPointer(mutating: base), end, MADV_DONTNEED)
    }
}
