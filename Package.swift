// swift-tools-version: 6.0
import PackageDescription

// Layers point one way: GridModel ← TextTables ← LanguageServer (over JSONRPC) ← GridlsCLI ← gridls.
// The engine and the server are optimized in debug builds too: the tests drive them through large random
// workloads (and the test's server is the debug binary), which unoptimized code runs 10–30 times slower.
let optimized: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "gridls",
    products: [
        .executable(name: "gridls", targets: ["gridls"]),
    ],
    targets: [
        .target(name: "GridModel", swiftSettings: optimized),
        .target(name: "TextTables", dependencies: ["GridModel"], swiftSettings: optimized),
        .target(name: "JSONRPC", swiftSettings: optimized),
        .target(name: "LanguageServer", dependencies: ["GridModel", "TextTables", "JSONRPC", "CSystem"], swiftSettings: optimized),
        // The few Linux calls Swift's Glibc module does not declare (extended attributes, fallocate, mallopt).
        .systemLibrary(name: "CSystem"),
        .target(name: "GridlsCLI", dependencies: ["TextTables", "LanguageServer", "JSONRPC", "CSystem"]),
        .executableTarget(name: "gridls", dependencies: ["GridlsCLI", "CSystem"]),
        // Shared by the test targets: a seeded random number generator and child processes that inherit nothing.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "GridModelTests", dependencies: ["GridModel", "TestSupport"]),
        .testTarget(
            name: "TextTablesTests",
            dependencies: ["TextTables", "GridModel", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "GridlsCLITests", dependencies: ["GridlsCLI", "LanguageServer", "JSONRPC", "TextTables", "TestSupport", "CSystem"]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "TestSupport"]),
        .testTarget(name: "LanguageServerTests", dependencies: ["LanguageServer", "JSONRPC", "TextTables", "TestSupport"]),
        // Runs the editor plugins in headless Vim and Neovim against the built binary.
        .testTarget(name: "EditorTests", dependencies: ["gridls", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
