// swift-tools-version: 6.0
import PackageDescription

// Layers point one way: GridModel ← TextTables ← (LSP server, later) ← GridlsCLI ← gridls.
let package = Package(
    name: "gridls",
    products: [
        .executable(name: "gridls", targets: ["gridls"]),
        .library(name: "TextTables", targets: ["TextTables"]),
    ],
    targets: [
        .target(name: "GridModel"),
        .target(name: "TextTables", dependencies: ["GridModel"]),
        .target(name: "GridlsCLI", dependencies: ["TextTables"]),
        .executableTarget(name: "gridls", dependencies: ["GridlsCLI"]),
        .testTarget(name: "GridModelTests", dependencies: ["GridModel"]),
        .testTarget(
            name: "TextTablesTests",
            dependencies: ["TextTables", "GridModel"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "GridlsCLITests", dependencies: ["GridlsCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
