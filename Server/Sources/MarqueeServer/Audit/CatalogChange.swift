import Foundation
import MarqueeModel

/// What one committed write of ``CatalogStore`` changed: an app, a campaign or a segment, with its state
/// before and after as the admin API returns it (JSON text). A create has no `before`, a delete no
/// `after`. Snapshots are taken inside the write's transaction, so each is exactly the state that
/// write replaced and the state it left, however many writes race.
///
/// Snapshots never hold secrets: an app's is ``AppResource`` without its `secret`, which has no
/// field for the secret's hash or the identity secret (only whether one exists).
struct CatalogChange: Sendable, Equatable {
    /// What kind of thing changed.
    enum Subject: String, Sendable, CaseIterable {
        case app
        case campaign
        case segment
    }

    var subject: Subject
    /// The app's or the campaign's id.
    var subjectID: UUID
    /// The app the subject belongs to (the app itself when it is one).
    var appID: UUID
    var before: String?
    var after: String?

    /// The campaign's id when the subject is a campaign.
    var campaignID: UUID? {
        switch subject {
        case .app, .segment: nil
        case .campaign: subjectID
        }
    }

    static func app(_ appID: UUID, before: String?, after: String?) -> CatalogChange {
        CatalogChange(subject: .app, subjectID: appID, appID: appID, before: before, after: after)
    }

    static func campaign(_ campaignID: UUID, in appID: UUID, before: String?, after: String?) -> CatalogChange {
        CatalogChange(subject: .campaign, subjectID: campaignID, appID: appID, before: before, after: after)
    }

    static func segment(_ segmentID: UUID, in appID: UUID, before: String?, after: String?) -> CatalogChange {
        CatalogChange(subject: .segment, subjectID: segmentID, appID: appID, before: before, after: after)
    }

    /// The segment as `GET …/segments/{segmentID}` returns it.
    static func snapshot(of segment: SegmentRecord) throws -> String {
        try text(SegmentResource(segment))
    }

    /// The app as `GET /api/v1/apps/{appID}` returns it; taken before a change mutates the row.
    static func snapshot(of app: App) throws -> String {
        try text(AppResource(app, secret: nil))
    }

    /// The campaign as `GET …/campaigns/{campaignID}` returns it.
    static func snapshot(of campaign: CampaignRecord) throws -> String {
        try text(CampaignResource(campaign))
    }

    private static func text(_ value: some Encodable) throws -> String {
        String(decoding: try MarqueeJSON.encoder().encode(value), as: UTF8.self)
    }
}
