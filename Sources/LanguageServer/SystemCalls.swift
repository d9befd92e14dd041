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
