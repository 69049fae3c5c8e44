#if canImport(UIKit) && !os(watchOS)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

#if (canImport(UIKit) && !os(watchOS)) || canImport(AppKit)
/// Tells the SDK when the app becomes active or resigns, from the system's notifications, so apps
/// on Apple platforms need no lifecycle code. The rules live in ``AppLifecycle``.
// @unchecked Sendable: `tokens` is set once in init and only read again in deinit.
final class AppLifecycleObserver: @unchecked Sendable {
    private let tokens: [any NSObjectProtocol]

    init(becameActive: @escaping @Sendable () -> Void, willResignActive: @escaping @Sendable () -> Void) {
        #if canImport(UIKit) && !os(watchOS)
        let (active, resign) = (UIApplication.didBecomeActiveNotification, UIApplication.willResignActiveNotification)
        #else
        let (active, resign) = (NSApplication.didBecomeActiveNotification, NSApplication.willResignActiveNotification)
        #endif
        let center = NotificationCenter.default
        tokens = [
            center.addObserver(forName: active, object: nil, queue: nil) { _ in becameActive() },
            center.addObserver(forName: resign, object: nil, queue: nil) { _ in willResignActive() },
        ]
    }

    deinit {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
    }
}
#endif
