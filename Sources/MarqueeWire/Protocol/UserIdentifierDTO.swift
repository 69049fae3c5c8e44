import MarqueeModel

/// `{"id": "abc", "type": 3}`: one identifier of the user. The anonymous user sends none.
public struct UserIdentifierDTO: Sendable, Hashable, Codable {
    public var id: String
    public var type: UserIdentifierTypeCode

    public init(id: String, type: UserIdentifierTypeCode) {
        self.id = id
        self.type = type
    }

    enum CodingKeys: String, CodingKey { case id, type }

    /// Types this server does not know (older SDKs send others) are read as `invalid` and ignored.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        type = UserIdentifierTypeCode(rawValue: try c.decode(Int.self, forKey: .type)) ?? .invalid
    }

    /// The identifiers a client sends for `identity`: user ID first, then the tracking identifier.
    public static func list(for identity: UserIdentity) -> [UserIdentifierDTO] {
        var list: [UserIdentifierDTO] = []
        if let userID = identity.userID { list.append(UserIdentifierDTO(id: userID, type: .userID)) }
        if let tracking = identity.idTrackingIdentifier {
            list.append(UserIdentifierDTO(id: tracking, type: .idTrackingIdentifier))
        }
        return list
    }

    /// The identity these identifiers name; unknown types are ignored.
    public static func identity(from list: [UserIdentifierDTO]) -> UserIdentity {
        UserIdentity(userID: list.first { $0.type == .userID }?.id,
                     idTrackingIdentifier: list.first { $0.type == .idTrackingIdentifier }?.id)
    }
}
