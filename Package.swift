// swift-tools-version:6.0
import PackageDescription

// Marquee: a self-hosted in-app messaging platform.
// Sections: Model · Wire · Render · SDK · Server · CLI · Benchmarks · Tests.

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Marquee",
    // The SDK runs from iOS 13 (Swift concurrency's floor); the App Inbox views need iOS 17 and
    // say so. macOS 13 is the server's floor.
    platforms: [.macOS(.v13), .iOS(.v13)],
    products: [
        .library(name: "Marquee", targets: ["Marquee"]),
        .library(name: "MarqueeRender", targets: ["MarqueeRender"]),
        .library(name: "MarqueeUI", targets: ["MarqueeUI"]),
        .library(name: "MarqueeModel", targets: ["MarqueeModel"]),
        .library(name: "MarqueeWire", targets: ["MarqueeWire"]),
        .library(name: "MarqueeServer", targets: ["MarqueeServer"]),
        .executable(name: "marquee", targets: ["MarqueeCLI"]),
        .executable(name: "marquee-bench", targets: ["MarqueeBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.100.0"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.12.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.8.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.20.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.28.0"),
        .package(url: "https://github.com/vapor/async-kit.git", from: "1.19.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.0.0"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.21.0"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.12.0"),
        // Tests only: inflates the PNG screenshots browser tests look at.
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.0.0"),
    ],
    targets: [
        // Model: domain values and trigger evaluation (Foundation only).
        .target(name: "MarqueeModel", swiftSettings: strict),

        // Wire: the RInAppMessaging-compatible protocol and its Marquee extensions (Foundation only).
        .target(name: "MarqueeWire", dependencies: ["MarqueeModel"], swiftSettings: strict),

        // Render: HTML/CSS and terminal rendering of every message kind (Foundation only).
        .target(name: "MarqueeRender", dependencies: ["MarqueeModel"], swiftSettings: strict),

        // SDK: what apps embed (Foundation only, plus FoundationNetworking on Linux).
        .target(name: "Marquee", dependencies: ["MarqueeModel", "MarqueeWire", "MarqueeRender"], swiftSettings: strict),

        // UI: the App Inbox view models (every platform) and Apple-only views and presenters
        // (SwiftUI inbox, web view, tooltips).
        .target(name: "MarqueeUI", dependencies: ["Marquee", "MarqueeModel", "MarqueeRender"], swiftSettings: strict),

        // Simulator: a device in the terminal running the real SDK (`marquee simulate`).
        .target(name: "MarqueeSimulator", dependencies: ["Marquee", "MarqueeModel", "MarqueeRender"], swiftSettings: strict),

        // Server: the campaign server (Vapor + Fluent).
        .target(
            name: "MarqueeServer",
            dependencies: [
                "MarqueeModel",
                "MarqueeWire",
                "MarqueeRender",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOExtras", package: "swift-nio-extras"),
                .product(name: "AsyncKit", package: "async-kit"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "PostgresKit", package: "postgres-kit"),
            ],
            resources: [.copy("Resources/openapi.yaml"), .copy("Resources/Dashboard")],
            swiftSettings: strict
        ),

        // CLI: `marquee serve | migrate`.
        .executableTarget(
            name: "MarqueeCLI",
            dependencies: [
                "Marquee",
                "MarqueeServer",
                "MarqueeSimulator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),

        // Benchmarks: `swift run -c release marquee-bench engine`. Never links the server.
        .executableTarget(name: "MarqueeBench", dependencies: ["Marquee", "MarqueeModel", "MarqueeWire"], swiftSettings: strict),

        // Tests.
        .target(
            name: "MarqueeTestSupport",
            dependencies: [
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Tests/MarqueeTestSupport",
            swiftSettings: strict
        ),
        .testTarget(name: "MarqueeModelTests", dependencies: ["MarqueeModel"], swiftSettings: strict),
        .testTarget(
            name: "MarqueeWireTests",
            dependencies: ["MarqueeWire", "MarqueeModel"],
            resources: [.copy("Fixtures")],
            swiftSettings: strict
        ),
        .testTarget(name: "MarqueeRenderTests", dependencies: ["MarqueeRender", "MarqueeModel", "MarqueeTestSupport"], exclude: ["__Snapshots__"], swiftSettings: strict),
        .testTarget(name: "MarqueeSimulatorTests", dependencies: ["MarqueeSimulator", "Marquee", "MarqueeModel"], swiftSettings: strict),
        .testTarget(name: "MarqueeTests", dependencies: ["Marquee", "MarqueeModel", "MarqueeWire", "MarqueeRender"], swiftSettings: strict),
        // The UI's cross-platform logic, without a server; EndToEndTests drive it against one.
        .testTarget(name: "MarqueeUITests", dependencies: ["MarqueeUI", "Marquee", "MarqueeModel", "MarqueeRender"], swiftSettings: strict),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "Marquee", "MarqueeModel", "MarqueeWire", "MarqueeServer", "MarqueeSimulator", "MarqueeTestSupport",
                // The inbox view models, driven against a live server.
                "MarqueeUI",
                // Builds the `marquee` executable that the simulator tests run.
                "MarqueeCLI",
                .product(name: "Vapor", package: "vapor"),
                // Signs user IDs as an app's backend would (identity verification).
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MarqueeServerTests",
            dependencies: [
                "MarqueeServer", "MarqueeModel", "MarqueeWire",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "VaporTesting", package: "vapor"),
                // Signs user IDs as an app's backend would (identity verification).
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // Drives single channel handlers without sockets.
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
    ]
)
