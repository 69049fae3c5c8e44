/// A campaign's A/B test: message variants shown to shares of its audience, and an optional
/// control group that is eligible but sees nothing, so that conversions can be compared.
///
/// Users are assigned by ``ExperimentAssignment``: a stable hash of the campaign and the user
/// (``ExperimentUnit``), the same on the server and in the SDK, so the assignment never moves
/// while the experiment stays as it is. Changing the weights or the control share of a running
/// experiment moves some users to another arm; start a new campaign instead.
public struct Experiment: Sendable, Hashable, Codable {
    /// The variants, 2 to 4; none when the experiment only holds back a control group from the
    /// campaign's own message (a hold-out test).
    @Defaulted<Defaults.EmptyList<Variant>> public var variants: [Variant]
    /// The percentage of users (0 to 90) in the control group.
    @Defaulted<ControlDefault> public var controlPercent: Double

    public init(variants: [Variant] = [], controlPercent: Double = 0) {
        self.variants = variants
        self.controlPercent = controlPercent
    }

    /// The variants users are spread over: the listed ones, or the campaign's own message alone
    /// (``Variant/defaultID``) in a hold-out test.
    public var arms: [Variant] {
        variants.isEmpty ? [Variant(id: Variant.defaultID, weight: 1)] : variants
    }

    /// Every arm's identifier, control included when there is one, in order.
    public var armIDs: [String] {
        arms.map(\.id) + (controlPercent > 0 ? [ExperimentArm.controlID] : [])
    }

    /// The variant named `id`, if the experiment has it.
    public func variant(id: String) -> Variant? {
        arms.first { $0.id == id }
    }

    /// Whether `arm` is one of this experiment's arms.
    public func contains(_ arm: ExperimentArm) -> Bool {
        switch arm {
        case .control: controlPercent > 0
        case .variant(let id): variant(id: id) != nil
        }
    }

    public enum ControlDefault: DefaultValue { public static var value: Double { 0 } }

    /// Limits validation enforces.
    public enum Limits {
        public static let variantCount = 2...4
        public static let weight = 1...1_000
        public static let controlPercent = 0.0...90.0
        public static let maxVariantIDLength = 40
    }
}
