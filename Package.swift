// swift-tools-version: 6.0
import PackageDescription

// Layers point one way: GridModel ← TextTables ← LanguageServer (over JSONRPC) ← GridlsCLI ← gridls.
let package = Package(
    name: "gridls",
    products: [
        .executable(name: "gridls", targets: ["gridls"]),
        .library(name: "TextTables", targets: ["TextTables"]),
    ],
    targets: [
        .target(name: "GridModel"),
        .target(name: "TextTables", dependencies: ["GridModel"]),
        .target(name: "JSONRPC"),
        .target(name: "LanguageServer", dependencies: ["TextTables", "JSONRPC"]),
        // The few Linux file calls Swift's Glibc module does not declare (extended attributes, fallocate).
        .systemLibrary(name: "CFileSystem"),
        .target(name: "GridlsCLI", dependencies: ["TextTables", "LanguageServer", "CFileSystem"]),
        .executableTarget(name: "gridls", dependencies: ["GridlsCLI"]),
        // Shared by the test targets: a seeded random number generator and child processes that inherit nothing.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "GridModelTests", dependencies: ["GridModel", "TestSupport"]),
        .testTarget(
            name: "TextTablesTests",
            dependencies: ["TextTables", "GridModel", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "GridlsCLITests", dependencies: ["GridlsCLI", "TestSupport", "CFileSystem"]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC"]),
        .testTarget(name: "LanguageServerTests", dependencies: ["LanguageServer", "JSONRPC", "TextTables", "TestSupport"]),
        // Runs the editor plugins in headless Vim and Neovim against the built binary.
        .testTarget(name: "EditorTests", dependencies: ["gridls", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
