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

/// Makes the pipe at `fd` hold 1 MB (when it is a pipe and the system allows it): with the default 64 KB,
/// a formatting answer of tens of megabytes went to the editor in hundreds of turns between the two
/// processes, each a switch of tasks (a third of the answer's time).
func widenPipe(_ fd: Int32) {
    #if os(Linux)
    let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which the Glibc module leaves out (it is a GNU extension)
    _ = fcntl(fd, setPipeSize, Int32(1 << 20))
    #endif
}
