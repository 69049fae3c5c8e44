// swift-tools-version:6.0
import PackageDescription

// Marquee's Swift SDK: what an app adds. It depends on no other package, so adding it brings
// nothing into the app's dependency graph. The campaign server is a package of its own in
// `Server/`, which depends on this one by path.

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Marquee",
    // The SDK runs from iOS 13 (Swift concurrency's floor); the SwiftUI inbox views need iOS 15.
    // macOS 13 is the floor of the server that shares these modules.
    platforms: [.macOS(.v13), .iOS(.v13)],
    products: [
        // What an app links: the SDK, and its Apple-platform presenters and inbox views.
        .library(name: "Marquee", targets: ["Marquee"]),
        .library(name: "MarqueeUI", targets: ["MarqueeUI"]),
        // What the SDK is made of, shared with the server.
        .library(name: "MarqueeModel", targets: ["MarqueeModel"]),
        .library(name: "MarqueeWire", targets: ["MarqueeWire"]),
        .library(name: "MarqueeRender", targets: ["MarqueeRender"]),
        // For an app's own tests: a sample message of every kind. Marquee's contract runners
        // (this package's and the server's) also load the client contract's cases from it.
        .library(name: "MarqueeTesting", targets: ["MarqueeTesting"]),
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
        // (UIKit and SwiftUI inbox, web view, tooltips).
        .target(name: "MarqueeUI", dependencies: ["Marquee", "MarqueeModel", "MarqueeRender"], swiftSettings: strict),

        // Testing: sample messages of every kind, for presenter and layout tests; the client
        // contract's cases and skips, for the runners of both packages.
        .target(name: "MarqueeTesting", dependencies: ["MarqueeModel", "MarqueeRender"], swiftSettings: strict),

        // Tests.
        .testTarget(name: "MarqueeModelTests", dependencies: ["MarqueeModel"], swiftSettings: strict),
        .testTarget(
            name: "MarqueeWireTests",
            dependencies: ["MarqueeWire", "MarqueeModel"],
            resources: [.copy("Fixtures")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MarqueeRenderTests",
            dependencies: ["MarqueeRender", "MarqueeModel", "MarqueeTesting"],
            exclude: ["__Snapshots__"],
            swiftSettings: strict
        ),
        .testTarget(name: "MarqueeTests", dependencies: ["Marquee", "MarqueeModel", "MarqueeWire", "MarqueeRender"], swiftSettings: strict),
        // The UI's cross-platform logic, without a server; the server package's EndToEndTests
        // drive it against one.
        .testTarget(name: "MarqueeUITests", dependencies: ["MarqueeUI", "Marquee", "MarqueeModel", "MarqueeRender"], swiftSettings: strict),
        // The client contract (`contract/`): every case every SDK runs, through this SDK's code.
        .testTarget(
            name: "MarqueeContractTests",
            dependencies: ["Marquee", "MarqueeModel", "MarqueeTesting"],
            swiftSettings: strict
        ),
        // The repository's documentation against its folders.
        .testTarget(name: "RepositoryTests", swiftSettings: strict),
    ]
)
