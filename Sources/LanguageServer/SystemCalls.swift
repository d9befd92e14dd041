#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@discardableResult
func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
    guard let pointer else { return 0 }
    return write(fd, pointer, count)
}

func systemRead(_ fd: Int32, _ pointer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, pointer, count)
}

/// Gives freed heap memory back to the system: glibc keeps it in its arenas otherwise, so a server that
/// once queued a large backlog would stay that large.
func releaseFreeMemory() {
    #if canImport(Glibc)
    // malloc.h is not part of the Glibc module: look the function up (RTLD_DEFAULT is a null handle).
    typealias MallocTrim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(nil, "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    #endif
}
