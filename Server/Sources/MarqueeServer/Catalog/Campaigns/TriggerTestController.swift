import Fluent
import Foundation
import MarqueeModel
import Vapor

/// `POST /api/v1/apps/:appID/trigger_test`: runs a sample event for a sample user through the
/// trigger engine devices run, against each of the app's campaigns, and says whether each would
/// fire and, when not, which trigger, condition, targeting or delivery rule stops it. Nothing is
/// stored; behind ``AppAuthorizationMiddleware``.
struct TriggerTestController {
    /// The body: a sample event and who logs it.
    struct TestInput: Decodable {
        var event: SampleEvent
        var user: SampleUser?
        /// Logs an app start before the event, as every launch does. Default `true`.
        var afterAppStart: Bool?
        /// Only these campaigns; default: every campaign that is not archived.
        var campaignIDs: [String]?
    }

    struct SampleEvent: Decodable {
        var kind: EventKind
        /// The custom event's name, the element's identifier or the rule keyword (kinds without a fixed name).
        var name: String?
        var attributes: [SampleAttribute]?
    }

    /// An attribute written as conditions are: a name, a type and the value as text.
    struct SampleAttribute: Decodable {
        var name: String
        var type: AttributeType
        var value: String
    }

    struct SampleUser: Decodable {
        var userID: String?
        var idTrackingIdentifier: String?
        var deviceID: String?
        var appVersion: String?
        var locale: String?
        var platform: Platform?
    }

    struct TestResource: JSONResource {
        var results: [TriggerTestResult]
    }

    static let maxAttributes = 50

    @Sendable func test(req: Request) async throws -> TestResource {
        let input = try req.decodeJSON(TestInput.self)
        let event = try Self.event(from: input.event)
        var device = try Self.device(from: input.user ?? SampleUser())
        let app = try req.authorizedApp
        let wanted = input.campaignIDs.map(Set.init)
        let records = try await CampaignRecord.query(on: req.db).filter(\.$app.$id == (try req.authorizedAppID))
            .filter(\.$status != CampaignStatus.archived.rawValue).sort(\.$createdAt).sort(\.$id).all()
        let campaigns = try records.map { try CampaignResource($0).campaign }.filter { wanted?.contains($0.id) ?? true }
        let segments = try await Self.segments(named: campaigns, appID: app.id, on: req.db)
        let subject = try await segmentSubject(req, device: device, appID: app.id, segments: Array(segments.values))
        device.segments = subject.map { subject in Set(segments.values.filter { $0.rule.matches(subject) }.map(\.id)) }
        let now = req.marquee.clock.now()
        let results = campaigns.map { campaign in
            var result = TriggerTester.test(campaign, event: event, device: device, isTester: app.settings.isTester(device), now: now,
                                            afterAppStart: input.afterAppStart ?? true)
            let chosen = campaign.targeting.segments
            let roles: [(String, Bool)] = chosen.include.map { ($0, true) } + chosen.exclude.map { ($0, false) }
            result.segments = roles.compactMap { id, included in
                segments[id].map { Self.explain($0, included: included, for: subject) }
            }
            return result
        }
        return TestResource(results: results)
    }

    private static func explain(_ segment: Segment, included: Bool, for subject: SegmentSubject?) -> SegmentExplanation {
        SegmentExplanation(segmentID: segment.id, name: segment.name, included: included, member: subject.map(segment.rule.matches),
                           checks: subject.map { segment.rule.explanation(for: $0) } ?? [])
    }

    /// What `segments` read of the sample user, as stored, with the version, platform and locale
    /// the sample gives in place of those last seen; `nil` for a user without an ID.
    private func segmentSubject(_ req: Request, device: DeviceContext, appID: UUID, segments: [Segment]) async throws -> SegmentSubject? {
        guard let userID = device.identity.userID, !segments.isEmpty else { return nil }
        let membership = SegmentMembership(rows: req.userRows, clock: req.marquee.clock)
        let user = try await req.userRows.current(appID: appID, userID: userID)
        let campaigns = Set(segments.flatMap(\.rule.campaignsInHistory)).compactMap(UUID.init(uuidString:))
        var subject = try await membership.subject(appID: appID, userID: userID, row: user.row, profile: user.profile,
                                                   historyOf: campaigns)
        subject.facts.appVersion = device.appVersion ?? subject.facts.appVersion
        subject.facts.platform = device.platform ?? subject.facts.platform
        subject.facts.locale = device.locale ?? subject.facts.locale
        return subject
    }

    /// The app's segments `campaigns` name, by ID.
    private static func segments(named campaigns: [Campaign], appID: UUID, on db: any Database) async throws -> [String: Segment] {
        let named = campaigns.flatMap(\.targeting.segments.all).compactMap(UUID.init(uuidString:))
        guard !named.isEmpty else { return [:] }
        let records = try await SegmentRecord.query(on: db).filter(\.$app.$id == appID).filter(\.$id ~~ named).all()
        return Dictionary(uniqueKeysWithValues: try records.map { record in
            let segment = try record.segment()
            return (segment.id, segment)
        })
    }

    private static func event(from sample: SampleEvent) throws -> Event {
        var issues: [ValidationIssue] = []
        let name = sample.name?.trimmingCharacters(in: .whitespaces)
        if sample.kind.requiresName, name?.isEmpty ?? true {
            issues.append(ValidationIssue(field: "event.name", message: "a \(sample.kind.rawValue) event needs a name"))
        }
        let attributes = sample.attributes ?? []
        if attributes.count > Self.maxAttributes {
            issues.append(ValidationIssue(field: "event.attributes", message: "at most \(Self.maxAttributes) attributes"))
        }
        var values: [String: AttributeValue] = [:]
        for (index, attribute) in attributes.prefix(Self.maxAttributes).enumerated() {
            guard let value = AttributeValue(text: attribute.value, type: attribute.type) else {
                issues.append(ValidationIssue(field: "event.attributes[\(index)].value",
                                              message: "'\(attribute.value)' is not \(attribute.type.rawValue)"))
                continue
            }
            values[attribute.name] = value
        }
        guard issues.isEmpty else { throw APIError.validation(issues) }
        return Event(kind: sample.kind, name: sample.kind.requiresName ? name : nil, attributes: values)
    }

    private static func device(from user: SampleUser) throws -> DeviceContext {
        var version: AppVersion?
        if let text = user.appVersion, !text.isEmpty {
            guard let parsed = AppVersion(text) else {
                throw APIError.validation([ValidationIssue(field: "user.appVersion", message: "'\(text)' is not a version such as 2.1.0")])
            }
            version = parsed
        }
        func present(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
        return DeviceContext(identity: UserIdentity(userID: present(user.userID), idTrackingIdentifier: present(user.idTrackingIdentifier)),
                             deviceID: present(user.deviceID), appVersion: version, locale: present(user.locale), platform: user.platform)
    }
}
