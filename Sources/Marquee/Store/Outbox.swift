import Foundation
import MarqueeModel
import MarqueeWire

/// What an outbox item sends.
enum OutboxPayload: Sendable, Hashable {
    /// An impression batch, to the impression endpoint.
    case impression(ImpressionRequest)
    /// An App Inbox open or click, to the inbox tracking endpoint.
    case inboxTracking(InboxTrackRequest)
    /// A conversion, to the conversion endpoint.
    case conversion(ConversionRequest)
    /// Values for the user's profile, to the profile endpoint.
    case profile(ProfileUpdateRequest)
    /// A survey's answers from one display, to the survey endpoint.
    case survey(SurveyResponseRequest)

    /// The id that makes a retried batch count once on the server.
    var batchID: String? {
        switch self {
        case .impression(let request): request.batchId
        case .inboxTracking(let request): request.events.first?.id
        case .conversion(let request): request.batchId
        case .profile(let request): request.batchId
        case .survey(let request): request.batchId
        }
    }

    var isProfileUpdate: Bool {
        switch self {
        case .profile: true
        case .impression, .inboxTracking, .conversion, .survey: false
        }
    }
}

/// A batch waiting to be sent.
struct OutboxItem: Sendable, Hashable, Codable {
    /// The identity the batch was recorded for; its access token is used only while it is current.
    var identityKey: String
    var payload: OutboxPayload
    var attempts: Int = 0
    /// Not retried before this time (backoff).
    var notBefore: Date

    init(identityKey: String, payload: OutboxPayload, attempts: Int = 0, notBefore: Date) {
        self.identityKey = identityKey
        self.payload = payload
        self.attempts = attempts
        self.notBefore = notBefore
    }

    var batchID: String? { payload.batchID }

    // Impression batches keep the `request` key of earlier versions, so an outbox saved before
    // inbox tracking existed still loads.
    enum CodingKeys: String, CodingKey { case identityKey, request, inboxTracking, conversion, profile, survey, attempts, notBefore }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        identityKey = try c.decode(String.self, forKey: .identityKey)
        attempts = try c.decodeIfPresent(Int.self, forKey: .attempts) ?? 0
        notBefore = try c.decode(Date.self, forKey: .notBefore)
        if let tracking = try c.decodeIfPresent(InboxTrackRequest.self, forKey: .inboxTracking) {
            payload = .inboxTracking(tracking)
        } else if let conversion = try c.decodeIfPresent(ConversionRequest.self, forKey: .conversion) {
            payload = .conversion(conversion)
        } else if let profile = try c.decodeIfPresent(ProfileUpdateRequest.self, forKey: .profile) {
            payload = .profile(profile)
        } else if let survey = try c.decodeIfPresent(SurveyResponseRequest.self, forKey: .survey) {
            payload = .survey(survey)
        } else {
            payload = .impression(try c.decode(ImpressionRequest.self, forKey: .request))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(identityKey, forKey: .identityKey)
        try c.encode(attempts, forKey: .attempts)
        try c.encode(notBefore, forKey: .notBefore)
        switch payload {
        case .impression(let request): try c.encode(request, forKey: .request)
        case .inboxTracking(let request): try c.encode(request, forKey: .inboxTracking)
        case .conversion(let request): try c.encode(request, forKey: .conversion)
        case .profile(let request): try c.encode(request, forKey: .profile)
        case .survey(let request): try c.encode(request, forKey: .survey)
        }
    }
}

/// Unsent impression batches, inbox tracking, conversions, profile values and survey answers, saved so they survive restarts. Each batch
/// carries an id, so a retry the server already counted is counted once.
struct Outbox: Sendable, Hashable, Codable {
    var items: [OutboxItem] = []

    static let fileName = "outbox.json"
    /// Oldest batches are dropped beyond this many, so an offline device's file stays small.
    static let limit = 500

    mutating func append(_ item: OutboxItem) {
        items.append(item)
        if items.count > Self.limit { items.removeFirst(items.count - Self.limit) }
    }

    mutating func remove(batchID: String?) {
        items.removeAll { $0.batchID == batchID }
    }

    /// The earliest time a waiting batch may be retried.
    var nextRetry: Date? { items.map(\.notBefore).min() }
}

/// Device-wide state: the identifier sent as `device_id`, the endpoints and the rollout decision.
struct DeviceState: Sendable, Hashable, Codable {
    var deviceID: String
    var endpoints: Endpoints?
    var rolloutEnabled: Bool?
    /// The App Inbox endpoints the server offered in its last ping; `nil` when it offers none.
    var inboxEndpoints: InboxEndpoints?
    /// The tracking consent the app last set, kept across launches; `nil` until it sets one.
    var inboxConsent: InboxTrackingConsent?

    static let fileName = "device.json"
}
