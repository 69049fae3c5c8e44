/// A limit shared by several campaigns: at most `limit` displays within `periodSeconds`.
public struct FrequencyCap: Sendable, Hashable, Codable, Identifiable {
    public var id: String
    public var limit: Int
    public var periodSeconds: Double

    public init(id: String, limit: Int, periodSeconds: Double) {
        self.id = id
        self.limit = limit
        self.periodSeconds = periodSeconds
    }
}
