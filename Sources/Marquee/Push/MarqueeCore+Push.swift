import Foundation
import MarqueeModel
#if canImport(UserNotifications)
import UserNotifications
#endif

/// Push: in-app messages that pushes carry, held for rule events, and push primers, which ask
/// for notification permission through the ``PushPermissionRequester``.
extension MarqueeCore {
    /// Keeps a message a push carried until it is used up or expires.
    func hold(pushMessage campaign: Campaign) {
        guard held.hold(campaign, at: now) else { return }
        files.write(held, to: HeldMessages.fileName)
        prefetchAssets()
    }

    /// A held message was seen to its end.
    func recordHeldView(of campaignID: String) {
        guard held.contains(campaignID) else { return }
        held.recordView(of: campaignID)
        held.prune(at: now)
        files.write(held, to: HeldMessages.fileName)
    }

    /// The app's requester, else the system's (Apple platforms), else the delegate's answers.
    var pushRequester: any PushPermissionRequester {
        if let requester = settings.pushPermissionRequester { return requester }
        #if canImport(UserNotifications)
        return SystemPushPermissionRequester(options: UNAuthorizationOptions(rawValue: settings.pushPrimerAuthorizationOptions))
        #else
        return DelegatePushPermissionRequester(registry: registry)
        #endif
    }

    /// Whether `message` is a push primer for a user who already allows notifications: it would
    /// ask for what the app has, so it is not shown (and not counted).
    func isPointlessPushPrimer(_ message: Message) async -> Bool {
        guard message.asksForPushPermission else { return false }
        return await pushRequester.currentAuthorization() == .authorized
    }

    /// A push primer's button was tapped: asks for permission, tells the delegate the answer and,
    /// when notifications are allowed, registers for remote notifications, as RInAppMessaging's
    /// primer does. The registration's outcome comes back through ``announce(_:)``.
    func requestPushPermission() async {
        let requester = pushRequester
        do {
            let granted = try await requester.requestAuthorization()
            let registry = self.registry
            await MainActor.run { registry.delegate?.marquee(didRequestPushPermission: granted) }
            if granted { await requester.registerForRemoteNotifications() }
        } catch {
            report(.pushPermission(String(describing: error)))
        }
    }

    /// The app heard how registering for remote notifications ended; its Marquee delegate hears it too.
    func announce(_ registration: PushRegistration) async {
        let registry = self.registry
        await MainActor.run { registry.delegate?.marquee(didRegisterForPush: registration) }
    }
}

extension Message {
    /// Whether a button or the content asks for push notification permission.
    var asksForPushPermission: Bool {
        contentAction?.type == .pushPrimer || buttons.contains { $0.action.type == .pushPrimer }
    }
}

/// Where the SDK cannot ask the system, the app's delegate answers for it.
struct DelegatePushPermissionRequester: PushPermissionRequester {
    let registry: PresenterRegistry

    func currentAuthorization() async -> PushAuthorization {
        let registry = self.registry
        return await MainActor.run { registry.delegate?.marqueePushAuthorization() } ?? .notDetermined
    }

    func requestAuthorization() async throws -> Bool {
        let registry = self.registry
        guard let delegate = await MainActor.run(body: { registry.delegate }) else { return false }
        return await delegate.marqueeRequestsPushPermission()
    }

    /// Without the system's push service there is nothing to register with.
    func registerForRemoteNotifications() async {}
}
