import Foundation
import MarqueeModel

/// The log's event for a committed change of ``CatalogStore``: campaigns created, changed,
/// paused and deleted. Apps and segments are the team's setup, not facts, and log nothing.
enum CatalogEventEntry {
    static func entries(for change: CatalogChange, at millis: Int64) -> [EventLog.Entry] {
        guard let campaignID = change.campaignID else { return [] }
        let before = snapshot(change.before)
        let after = snapshot(change.after)
        let type: EventType
        switch (before, after) {
        case (nil, nil): return []
        case (nil, _?): type = .campaignCreated
        case (_?, nil): type = .campaignDeleted
        case (let before?, let after?):
            let paused = after["status"] == .string(CampaignStatus.paused.rawValue) && before["status"] != after["status"]
            type = paused ? .campaignPaused : .campaignChanged
        }
        let current = after ?? before ?? [:]
        var data: [String: JSONValue] = [:]
        data["name"] = current["name"]
        data["status"] = current["status"]
        return [EventLog.Entry(appID: change.appID, type: type, campaignID: campaignID, serverTime: millis, data: data)]
    }

    private static func snapshot(_ text: String?) -> [String: JSONValue]? {
        text.flatMap { try? MarqueeJSON.decoder().decode([String: JSONValue].self, from: Data($0.utf8)) }
    }
}
