/// The users of one arm who converted: `conversions` of `users`.
public struct ConversionRate: Sendable, Hashable, Codable {
    /// Distinct users who saw the arm (or, for the control group, were held back).
    public var users: Int
    /// Distinct users among them who converted within the goal's window.
    public var conversions: Int

    public init(users: Int, conversions: Int) {
        self.users = users
        self.conversions = conversions
    }

    /// `conversions / users`; 0 when there are no users.
    public var rate: Double { users == 0 ? 0 : Double(conversions) / Double(users) }

    /// The binomial variance of the rate's estimate, `p(1 − p)/n`; 0 when there are no users.
    var variance: Double { users == 0 ? 0 : rate * (1 - rate) / Double(users) }
}
