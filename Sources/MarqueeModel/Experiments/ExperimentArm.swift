/// Where a user of an experiment falls: one of its variants, or the control group.
public enum ExperimentArm: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Eligible, shown nothing; a "control impression" records the moment.
    case control
    /// Shown the variant with this id.
    case variant(String)

    /// The id the control group goes by on the wire and in analytics.
    public static let controlID = "control"

    /// Reads an arm id as the wire and analytics write it.
    public init(id: String) {
        self = id == Self.controlID ? .control : .variant(id)
    }

    /// `control`, or the variant's id.
    public var id: String {
        switch self {
        case .control: Self.controlID
        case .variant(let id): id
        }
    }

    public var isControl: Bool { self == .control }

    public var description: String { id }

    public init(from decoder: any Decoder) throws {
        self.init(id: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }
}
