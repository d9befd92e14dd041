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
        .target(name: "GridlsCLI", dependencies: ["TextTables", "LanguageServer"]),
        .executableTarget(name: "gridls", dependencies: ["GridlsCLI"]),
        .testTarget(name: "GridModelTests", dependencies: ["GridModel"]),
        .testTarget(
            name: "TextTablesTests",
            dependencies: ["TextTables", "GridModel"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "GridlsCLITests", dependencies: ["GridlsCLI"]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC"]),
        .testTarget(name: "LanguageServerTests", dependencies: ["LanguageServer", "JSONRPC", "TextTables"]),
        // Runs the editor plugins in headless Vim and Neovim against the built binary.
        .testTarget(name: "EditorTests", dependencies: ["gridls"]),
    ],
    swiftLanguageModes: [.v6]
)
