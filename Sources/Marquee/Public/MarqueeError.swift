import Foundation

/// What can go wrong in the SDK. Errors reach ``MarqueeSDK/errorCallback``; none of them crash the app.
public enum MarqueeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `configure` was called a second time.
    case alreadyConfigured
    /// The subscription ID or configuration URL is missing or invalid.
    case invalidConfiguration(String)
    /// The ``UserInfoProvider`` returned a combination the protocol forbids.
    case invalidUserInfo(String)
    /// A request failed with an HTTP status; `endpoint` is `config`, `ping`, `displayPermission` or `impression`.
    case httpStatus(endpoint: String, status: Int)
    /// A request did not reach the server.
    case transport(endpoint: String, description: String)
    /// A response could not be read.
    case invalidResponse(endpoint: String, description: String)
    /// One campaign in a ping response was skipped; the others were kept.
    case campaignSkipped(String)
    /// The rollout percentage excludes this device; the SDK stays inactive.
    case disabledByRollout
    /// A stored file was unreadable and was reset.
    case storageReset(file: String, description: String)
    /// A file could not be written.
    case storageWrite(file: String, description: String)
    /// A message names a template that is not registered; it was not shown.
    case templateNotRegistered(campaignID: String, template: String)
    /// No presenter is registered for a message kind; the message was not shown.
    case noPresenter(campaignID: String, kind: String)
    /// A message's assets could not be prepared; it was not shown.
    case assetsUnavailable(campaignID: String, description: String)
    /// A push notification's in-app message (`inApp`) could not be read; it is not kept.
    case invalidPushMessage(String)
    /// Asking for notification permission failed.
    case pushPermission(String)
    /// ``MarqueeSDK/logDisplay(of:result:shownAt:)`` named a campaign the current user does not hold.
    case unknownCampaign(String)
    /// A value in ``MarqueeSDK/styleDefaults`` is out of range; the reason names it and the value used instead.
    case invalidStyle(String)
    /// A presenter reported survey answers that do not fit the survey shown; none were sent.
    case invalidSurveyAnswers(campaignID: String, reason: String)

    public var description: String {
        switch self {
        case .alreadyConfigured: "Marquee: configure was already called"
        case .invalidConfiguration(let reason): "Marquee: invalid configuration: \(reason)"
        case .invalidUserInfo(let reason): "Marquee: invalid user info: \(reason)"
        case .httpStatus(let endpoint, let status): "Marquee: \(endpoint) request failed with HTTP \(status)"
        case .transport(let endpoint, let description): "Marquee: \(endpoint) request failed: \(description)"
        case .invalidResponse(let endpoint, let description): "Marquee: unreadable \(endpoint) response: \(description)"
        case .campaignSkipped(let reason): "Marquee: skipped a campaign: \(reason)"
        case .disabledByRollout: "Marquee: this device is outside the rollout"
        case .storageReset(let file, let description): "Marquee: reset unreadable file \(file): \(description)"
        case .storageWrite(let file, let description): "Marquee: could not write \(file): \(description)"
        case .templateNotRegistered(let id, let template): "Marquee: campaign \(id) needs the unregistered template '\(template)'"
        case .noPresenter(let id, let kind): "Marquee: no presenter for \(kind) messages (campaign \(id))"
        case .assetsUnavailable(let id, let description): "Marquee: assets of campaign \(id) unavailable: \(description)"
        case .invalidPushMessage(let reason): "Marquee: ignored the push's in-app message: \(reason)"
        case .pushPermission(let description): "Marquee: asking for notification permission failed: \(description)"
        case .unknownCampaign(let id): "Marquee: no campaign \(id) is held for the current user; its display was not counted"
        case .invalidStyle(let reason): "Marquee: style default adjusted: \(reason)"
        case .invalidSurveyAnswers(let id, let reason): "Marquee: survey answers of campaign \(id) not sent: \(reason)"
        }
    }
}
