// swift-tools-version:6.0
import PackageDescription

// Marquee's campaign server: the `marquee` executable (serve, migrate, backup, users, simulate),
// the device simulator, the benchmarks, and the server, end-to-end and browser tests. It uses the
// SDK's modules from the package one folder up.
// Sections: Server · Simulator · CLI · Benchmarks · Tests.

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "MarqueeServer",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "MarqueeServer", targets: ["MarqueeServer"]),
        .executable(name: "marquee", targets: ["MarqueeCLI"]),
        .executable(name: "marquee-bench", targets: ["MarqueeBench"]),
    ],
    dependencies: [
        .package(name: "Marquee", path: ".."),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.100.0"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.12.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.8.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.20.0"),
        // TLS for webhook deliveries, which connect to the address their URL policy checked.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.27.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.28.0"),
        .package(url: "https://github.com/vapor/async-kit.git", from: "1.19.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.0.0"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.21.0"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.12.0"),
        // Gzip for the server's answers; in tests, also inflates the PNG screenshots browser tests look at.
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.0.0"),
    ],
    targets: [
        // Server: the campaign server (Vapor + Fluent).
        .target(
            name: "MarqueeServer",
            dependencies: [
                .product(name: "MarqueeModel", package: "Marquee"),
                .product(name: "MarqueeWire", package: "Marquee"),
                .product(name: "MarqueeRender", package: "Marquee"),
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
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "AsyncKit", package: "async-kit"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "PostgresKit", package: "postgres-kit"),
            ],
            // Served from the binary itself: EmbedResourcesPlugin writes them into EmbeddedResources
            // at build time, so a binary copied alone has everything it serves.
            exclude: ["Ops/Resources/openapi.yaml", "Dashboard/Web", "SDK/WebBundle", "Demo/WebPage"],
            swiftSettings: strict,
            plugins: ["EmbedResourcesPlugin"]
        ),

        // The build tool that embeds openapi.yaml, the dashboard's files and the web SDK's into MarqueeServer.
        .executableTarget(name: "EmbedResources", swiftSettings: strict),
        .plugin(name: "EmbedResourcesPlugin", capability: .buildTool(), dependencies: ["EmbedResources"]),

        // Simulator: a device in the terminal running the real SDK (`marquee simulate`).
        .target(
            name: "MarqueeSimulator",
            dependencies: [
                .product(name: "Marquee", package: "Marquee"),
                .product(name: "MarqueeModel", package: "Marquee"),
                .product(name: "MarqueeRender", package: "Marquee"),
            ],
            swiftSettings: strict
        ),

        // CLI: `marquee serve | migrate | users | simulate`.
        .executableTarget(
            name: "MarqueeCLI",
            dependencies: [
                "MarqueeServer",
                "MarqueeSimulator",
                .product(name: "Marquee", package: "Marquee"),
                .product(name: "MarqueeModel", package: "Marquee"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),

        // Benchmarks: `swift run -c release marquee-bench engine`. Never links the server.
        .executableTarget(
            name: "MarqueeBench",
            dependencies: [
                .product(name: "Marquee", package: "Marquee"),
                .product(name: "MarqueeModel", package: "Marquee"),
                .product(name: "MarqueeWire", package: "Marquee"),
            ],
            swiftSettings: strict
        ),

        // Tests.
        .target(
            name: "MarqueeTestSupport",
            dependencies: [
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The webhook receiver is a small HTTP server.
                .product(name: "Vapor", package: "vapor"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            path: "Tests/MarqueeTestSupport",
            swiftSettings: strict
        ),
        .testTarget(
            name: "MarqueeSimulatorTests",
            dependencies: [
                "MarqueeSimulator",
                .product(name: "Marquee", package: "Marquee"),
                .product(name: "MarqueeModel", package: "Marquee"),
            ],
            swiftSettings: strict
        ),
        // The renderer's pages in headless Chromium.
        .testTarget(
            name: "RenderBrowserTests",
            dependencies: [
                "MarqueeTestSupport",
                .product(name: "MarqueeModel", package: "Marquee"),
                .product(name: "MarqueeRender", package: "Marquee"),
                .product(name: "MarqueeTesting", package: "Marquee"),
                .product(name: "MarqueeWire", package: "Marquee"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "MarqueeServer", "MarqueeSimulator", "MarqueeTestSupport",
                .product(name: "Marquee", package: "Marquee"),
                .product(name: "MarqueeModel", package: "Marquee"),
                .product(name: "MarqueeWire", package: "Marquee"),
                // The inbox view models, driven against a live server.
                .product(name: "MarqueeUI", package: "Marquee"),
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
                "MarqueeServer", "MarqueeTestSupport",
                .product(name: "MarqueeModel", package: "Marquee"),
                // The client contract's cases and skips (Contract/ runs them through the server).
                .product(name: "MarqueeTesting", package: "Marquee"),
                .product(name: "MarqueeWire", package: "Marquee"),
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
                // Creates databases and takes them away, as an outage would (readiness).
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: strict
        ),
    ]
)
