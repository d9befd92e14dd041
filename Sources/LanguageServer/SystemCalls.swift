#if canImport(Glibc)
import CSystem
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
    _ = malloc_trim(0)
    #endif
}
