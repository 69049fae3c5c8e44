/// How far each campaign's triggers have got: the number of matching events counted per trigger
/// (depth-first order of ``TriggerSet/allTriggers``), and which campaigns fired on persistent events
/// alone this session. Saved per user so "after the 3rd purchase" survives restarts.
public struct TriggerProgress: Sendable, Hashable, Codable {
    /// Counts per campaign, one per trigger in depth-first order.
    @Defaulted<Defaults.EmptyMap<[Int]>> public var counts: [String: [Int]]

    public init(counts: [String: [Int]] = [:]) {
        self.counts = counts
    }
}
