/// Daily counts of impressions retired before ``CampaignCounts`` existed (table
/// `impression_totals`): folded into those counts by migration 14 and no longer written. The
/// table stays, as migrations are never edited.
enum ImpressionTotals {
    static let schema = "impression_totals"
    static let millisPerDay: Int64 = 86_400_000
}
