/// One group of ``CampaignCounts`` rows as the analytics queries return it.
struct CountRow: Decodable, Sendable {
    var bucket: Int64?
    var variant: String
    var metric: String
    var is_test: Bool?
    var total: Int64

    var countMetric: CountMetric? { CountMetric(rawValue: metric) }
    var isControl: Bool { variant == "control" }
}
