// swift-tools-version: 5.9

// Marquee Shop: an iOS app that shows what the Marquee SDK does against `marquee serve --demo`.
// Open this folder in Xcode (File > Open… > MarqueeShop.swiftpm) and run it on a simulator.
// This manifest uses Xcode's app product type, so it is read by Xcode, not by `swift build`.

import PackageDescription
import AppleProductTypes

let package = Package(
    name: "MarqueeShop",
    platforms: [.iOS("15.0")],
    products: [
        .iOSApplication(
            name: "Marquee Shop",
            targets: ["MarqueeShop"],
            bundleIdentifier: "com.example.marquee.shop",
            displayVersion: "1.0",
            bundleVersion: "1",
            appIcon: .placeholder(icon: .cloud),
            accentColor: .presetColor(.indigo),
            supportedDeviceFamilies: [.pad, .phone],
            supportedInterfaceOrientations: [.portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown(.when(deviceFamilies: [.pad]))]
        ),
    ],
    dependencies: [
        // The SDK from this repository; an app of your own uses the package URL and a version.
        .package(name: "Marquee", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "MarqueeShop",
            dependencies: [
                .product(name: "Marquee", package: "Marquee"),
                .product(name: "MarqueeUI", package: "Marquee"),
            ],
            path: "Sources"
        ),
    ]
)
