import Foundation
import Marquee
import MarqueeModel

/// An SDK that was never configured, so every inbox request fails: the view models' offline states.
func unconfiguredSDK() -> MarqueeSDK {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marquee-ui-\(UUID().uuidString)")
    return MarqueeSDK(environment: MarqueeEnvironment(
        clock: ManualClock(), storageDirectory: directory,
        app: AppInfo(appID: "com.example.ui", appVersion: "1.0", locale: "en_US", deviceID: "ui-device"),
        buildConfiguration: BuildConfiguration()))
}

/// Records what a detail view asked to open.
@MainActor
final class OpenedActions {
    private(set) var actions: [InboxAction] = []

    func open(_ action: InboxAction) { actions.append(action) }
}
