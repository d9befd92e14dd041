import Foundation

/// The `gridls` binary the tests run: $GRIDLS_BINARY, or the one in the build folder that holds the
/// test bundle (found upwards from the running test executable).
public let builtGridls: URL = {
    if let path = ProcessInfo.processInfo.environment["GRIDLS_BINARY"] { return URL(fileURLWithPath: path) }
    var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    while folder.path != "/" && !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("gridls").path) {
        folder = folder.deletingLastPathComponent()
    }
    return folder.appendingPathComponent("gridls")
}()
