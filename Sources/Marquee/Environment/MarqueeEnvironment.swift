import Foundation
import MarqueeModel

/// A source of randomness (backoff jitter, batch identifiers), replaceable in tests.
public protocol RandomSource: Sendable {
    /// A number in `0..<1`.
    func unit() -> Double
    /// A new unique identifier.
    func uuid() -> String
}

/// The system random number generator.
public struct SystemRandom: RandomSource {
    /// Creates the system source.
    public init() {}
    /// A uniformly distributed number in `0..<1`.
    public func unit() -> Double { Double.random(in: 0..<1) }
    /// A random UUID string.
    public func uuid() -> String { UUID().uuidString }
}

/// Facts about the app and device that requests carry.
public struct AppInfo: Sendable, Hashable {
    /// The bundle identifier (`appId`).
    public var appID: String
    public var appVersion: String
    /// The locale as RInAppMessaging sends it (`en-jp`).
    public var locale: String
    /// A stable identifier of this app installation on this device (`device_id`).
    public var deviceID: String

    /// Creates app info; `locale` is normalised to the protocol's form.
    public init(appID: String, appVersion: String, locale: String, deviceID: String) {
        self.appID = appID
        self.appVersion = appVersion
        self.locale = DeviceContext.normalizedLocale(locale)
        self.deviceID = deviceID
    }
}

/// Everything the SDK depends on, passed explicitly so tests can replace any part.
public struct MarqueeEnvironment: Sendable {
    public var clock: any MarqueeClock
    public var transport: any HTTPTransport
    /// Opens the live channel (``MarqueeSDK/liveUpdates``).
    public var streamTransport: any HTTPStreamTransport
    /// The directory the SDK keeps its files in (created when missing).
    public var storageDirectory: URL
    public var random: any RandomSource
    /// Receives diagnostic lines; errors also reach ``MarqueeSDK/errorCallback``.
    public var log: @Sendable (String) -> Void
    /// The app, when `nil` read from the bundle and the device.
    public var app: AppInfo?
    /// Build-time configuration, normally read from Info.plist or the process environment.
    public var buildConfiguration: BuildConfiguration
    /// Whether the SDK follows the app's foreground and background from the system's notifications
    /// (UIKit, AppKit). Without them (Linux, tests) call ``MarqueeSDK/appDidBecomeActive()`` and
    /// ``MarqueeSDK/appWillResignActive()``.
    public var observesSystemLifecycle: Bool

    /// Creates an environment.
    public init(clock: any MarqueeClock = SystemClock(), transport: any HTTPTransport = URLSessionTransport(),
                streamTransport: any HTTPStreamTransport = URLSessionStreamTransport(),
                storageDirectory: URL = MarqueeEnvironment.defaultStorageDirectory,
                random: any RandomSource = SystemRandom(), log: @escaping @Sendable (String) -> Void = { _ in },
                app: AppInfo? = nil, buildConfiguration: BuildConfiguration = .fromBuildSettings(),
                observesSystemLifecycle: Bool = true) {
        self.clock = clock
        self.transport = transport
        self.streamTransport = streamTransport
        self.storageDirectory = storageDirectory
        self.random = random
        self.log = log
        self.app = app
        self.buildConfiguration = buildConfiguration
        self.observesSystemLifecycle = observesSystemLifecycle
    }

    /// The live environment.
    public static var live: MarqueeEnvironment { MarqueeEnvironment() }

    /// `Application Support/Marquee` (Apple) or `$XDG_DATA_HOME/marquee` / `~/.local/share/marquee` (Linux).
    public static var defaultStorageDirectory: URL {
        #if canImport(Darwin)
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent("Marquee", isDirectory: true)
        #else
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("marquee", isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".local/share/marquee", isDirectory: true)
        #endif
    }

    /// The app info to send: the explicit one, else the main bundle and the current locale.
    func resolvedApp(deviceID: String) -> AppInfo {
        if let app { return app }
        let info = Bundle.main.infoDictionary ?? [:]
        return AppInfo(appID: Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName,
                       appVersion: info["CFBundleShortVersionString"] as? String ?? "0.0.0",
                       locale: Locale.current.identifier, deviceID: deviceID)
    }
}
